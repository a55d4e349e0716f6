import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeFollows } from '../../db/schema/engagement.js';
import { stores } from '../../db/schema/stores.js';
import { API, call, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { expectProblem } from '../../test/problems.js';

const ctx = useApiTestApp();

async function storeFollowers(storeId: string) {
  const [row] = await ctx.app.db
    .select({ followers: stores.followers })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row!.followers;
}

describe('POST /stores/:id/toggle-follow', () => {
  it('follows then unfollows, answering following and the exact follower count', async () => {
    const store = await ctx.createStore();
    const { token } = await ctx.customer();
    const follow = await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token });
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({
      success: true,
      message: 'Store followed successfully',
      following: true,
      followers: 1,
    });
    const unfollow = await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token });
    expect(unfollow.json()).toEqual({
      success: true,
      message: 'Store unfollowed successfully',
      following: false,
      followers: 0,
    });
    expect(await storeFollowers(store.id)).toBe(0);
  });

  it('keeps followers exact under 10 concurrent follows, then 10 concurrent unfollows', async () => {
    const store = await ctx.createStore();
    const customers = await Promise.all(Array.from({ length: 10 }, () => ctx.customer()));
    const toggleAll = () =>
      Promise.all(
        customers.map(({ token }) =>
          call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token }),
        ),
      );

    const follows = await toggleAll();
    expect(follows.every((response) => response.statusCode === 200 && response.json().following)).toBe(true);
    // Each answer is the count right after its own change: 1..10, each once.
    expect(follows.map((response) => response.json().followers).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(await storeFollowers(store.id)).toBe(10);
    const detail = await call(ctx.app, 'GET', `${API}/stores/${store.id}`);
    expect(detail.json().store.followers).toBe(10);

    const unfollows = await toggleAll();
    expect(unfollows.every((response) => response.json().following === false)).toBe(true);
    expect(await storeFollowers(store.id)).toBe(0);
    const rows = await ctx.app.db.select().from(storeFollows).where(eq(storeFollows.storeId, store.id));
    expect(rows).toHaveLength(0);
  });

  it('unknown store 404, malformed id 400, anonymous 401', async () => {
    const { token } = await ctx.customer();
    const unknown = await call(ctx.app, 'POST', `${API}/stores/${UNKNOWN_ID}/toggle-follow`, { token });
    expectProblem(unknown, 404, 'Store not found');
    const bad = await call(ctx.app, 'POST', `${API}/stores/abc/toggle-follow`, { token });
    expectProblem(bad, 400, 'Invalid store ID format');
    const store = await ctx.createStore();
    expect((await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`)).statusCode).toBe(401);
  });
});

describe('store detail `following`', () => {
  it('is true or false for a signed-in customer and null when signed out', async () => {
    const store = await ctx.createStore();
    const { token } = await ctx.customer();
    const url = `${API}/stores/${store.id}`;
    expect((await call(ctx.app, 'GET', url)).json().store.following).toBeNull();
    expect((await call(ctx.app, 'GET', url, { token })).json().store.following).toBe(false);
    await call(ctx.app, 'POST', `${url}/toggle-follow`, { token });
    expect((await call(ctx.app, 'GET', url, { token })).json().store.following).toBe(true);
    expect((await call(ctx.app, 'GET', url)).json().store.following).toBeNull();
  });
});

describe('followed stores', () => {
  it('GET /users/followed-stores and /stores/followed list store cards, latest follow first', async () => {
    const first = await ctx.createStore({ cashback: 15 });
    const second = await ctx.createStore();
    const { token } = await ctx.customer();
    await call(ctx.app, 'POST', `${API}/stores/${first.id}/toggle-follow`, { token });
    await call(ctx.app, 'POST', `${API}/stores/${second.id}/toggle-follow`, { token });

    for (const path of ['/users/followed-stores', '/stores/followed']) {
      const response = await call(ctx.app, 'GET', `${API}${path}`, { token });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.followedStores.map((store: { id: string }) => store.id)).toEqual([second.id, first.id]);
      expect(body.followedStores[1]).toMatchObject({
        id: first.id,
        name: first.name,
        logo_url: null,
        description: 'A test store',
        location: 'Westlands',
        rating: 0,
        totalReviews: 0,
        followers: 1,
        cashback: 15,
        category: 'Beauty & Spa',
      });
    }

    await call(ctx.app, 'POST', `${API}/stores/${second.id}/toggle-follow`, { token });
    const after = (await call(ctx.app, 'GET', `${API}/users/followed-stores`, { token })).json();
    expect(after.followedStores.map((store: { id: string }) => store.id)).toEqual([first.id]);
  });
});

describe('GET /users/followed-stores/ids', () => {
  it('lists the caller’s followed store ids, latest follow first, and drops an unfollowed one', async () => {
    const first = await ctx.createStore();
    const second = await ctx.createStore();
    const { token } = await ctx.customer();
    const other = await ctx.customer();
    const ids = async (bearer: string) =>
      (await call(ctx.app, 'GET', `${API}/users/followed-stores/ids`, { token: bearer })).json();

    expect(await ids(token)).toEqual({ success: true, storeIds: [], count: 0 });
    await call(ctx.app, 'POST', `${API}/stores/${first.id}/toggle-follow`, { token });
    await call(ctx.app, 'POST', `${API}/stores/${second.id}/toggle-follow`, { token });
    expect(await ids(token)).toEqual({ success: true, storeIds: [second.id, first.id], count: 2 });
    expect(await ids(other.token)).toEqual({ success: true, storeIds: [], count: 0 });

    await call(ctx.app, 'POST', `${API}/stores/${second.id}/toggle-follow`, { token });
    expect(await ids(token)).toEqual({ success: true, storeIds: [first.id], count: 1 });
  });

  it('anonymous is 401', async () => {
    const response = await call(ctx.app, 'GET', `${API}/users/followed-stores/ids`);
    expect(response.statusCode).toBe(401);
  });
});
