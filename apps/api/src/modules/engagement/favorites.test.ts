import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorites } from '../../db/schema/engagement.js';
import { API, call, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { daysFromNow } from '../../test/factories.js';
import { expectProblem } from '../../test/problems.js';

const ctx = useApiTestApp();

async function favoriteRows(userId: string, offerId: string) {
  return ctx.app.db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)));
}

describe('adding and removing favourites', () => {
  it('adds with 201, and adding again is a success with "Already in favorites" and still one row', async () => {
    const { user, token } = await ctx.customer();
    const offer = await ctx.createOffer();
    const first = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, isFavorite: true, message: 'Added to favorites' });
    const second = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, isFavorite: true, message: 'Already in favorites' });
    expect(await favoriteRows(user.id, offer.id)).toHaveLength(1);
  });

  it('concurrent adds of the same offer both succeed and leave one row', async () => {
    const { user, token } = await ctx.customer();
    const offer = await ctx.createOffer();
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await favoriteRows(user.id, offer.id)).toHaveLength(1);
  });

  it('status reflects add and delete', async () => {
    const { token } = await ctx.customer();
    const offer = await ctx.createOffer();
    const status = async () =>
      (await call(ctx.app, 'GET', `${API}/offers/${offer.id}/favorite/status`, { token })).json();
    expect(await status()).toEqual({ success: true, isFavorite: false });
    await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
    expect(await status()).toEqual({ success: true, isFavorite: true });
    const removed = await call(ctx.app, 'DELETE', `${API}/offers/${offer.id}/favorite`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      isFavorite: false,
      message: 'Removed from favorites',
    });
    expect(await status()).toEqual({ success: true, isFavorite: false });
  });

  it('toggle flips the state and says which', async () => {
    const { token } = await ctx.customer();
    const offer = await ctx.createOffer();
    const on = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite/toggle`, { token });
    expect(on.json()).toEqual({ success: true, isFavorite: true, message: 'Added to favorites' });
    const off = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite/toggle`, { token });
    expect(off.json()).toEqual({ success: true, isFavorite: false, message: 'Removed from favorites' });
  });

  it('10 concurrent toggles leave a state that status and the table agree on (0 or 1 rows)', async () => {
    const { user, token } = await ctx.customer();
    const offer = await ctx.createOffer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite/toggle`, { token }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await favoriteRows(user.id, offer.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    const added = responses.filter((response) => response.json().isFavorite).length;
    // Toggles are serialised: five turned it on and five turned it off, so it ends off.
    expect(added).toBe(5);
    expect(rows).toHaveLength(0);
    const status = await call(ctx.app, 'GET', `${API}/offers/${offer.id}/favorite/status`, { token });
    expect(status.json().isFavorite).toBe(false);
  });

  it('unknown offer is 404 "Offer not found", a malformed id 400 "Invalid offer ID"', async () => {
    const { token } = await ctx.customer();
    for (const [method, suffix] of [
      ['POST', ''],
      ['DELETE', ''],
      ['GET', '/status'],
      ['POST', '/toggle'],
    ] as const) {
      const unknown = await call(ctx.app, method, `${API}/offers/${UNKNOWN_ID}/favorite${suffix}`, { token });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, message: 'Offer not found' });
      const bad = await call(ctx.app, method, `${API}/offers/not-an-id/favorite${suffix}`, { token });
      expectProblem(bad, 400, 'Invalid offer ID');
    }
  });

  it('needs a signed-in customer: 401 anonymous, 403 for a merchant', async () => {
    const offer = await ctx.createOffer();
    const anonymous = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`);
    expect(anonymous.statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `${API}/users/favorites`)).statusCode).toBe(401);
    const merchant = await ctx.createMerchant();
    const asMerchant = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, {
      token: await ctx.merchantToken(merchant.id),
    });
    expect(asMerchant.statusCode).toBe(403);
  });
});

describe('GET /users/favorites', () => {
  it('lists newest first with the offer, flags expired ones, filters by category and pages', async () => {
    const { token } = await ctx.customer();
    const store = await ctx.createStore();
    const beauty = await ctx.createOffer({ storeId: store.id, title: 'Beauty deal' });
    const food = await ctx.createOffer({
      storeId: store.id,
      title: 'Food deal',
      category: 'Food & Dining',
    });
    const expired = await ctx.createOffer({
      storeId: store.id,
      title: 'Old deal',
      expirationDate: daysFromNow(-1),
    });
    for (const offer of [beauty, food, expired]) {
      const added = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
      expect(added.statusCode).toBe(201);
    }

    const all = await call(ctx.app, 'GET', `${API}/users/favorites`, { token });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.favorites.map((favorite: { offer_id: string }) => favorite.offer_id)).toEqual([
      expired.id,
      food.id,
      beauty.id,
    ]);
    const [first] = body.favorites;
    expect(first).toMatchObject({
      offerId: expired.id,
      offer: { id: expired.id, title: 'Old deal', isExpired: true },
    });
    expect(typeof first.id).toBe('string');
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first.offer.store).toMatchObject({ id: store.id, name: store.name });
    expect(body.favorites[1].offer.isExpired).toBe(false);
    expect(body.pagination).toMatchObject({ total: 3, page: 1, hasNextPage: false });

    const foodOnly = (
      await call(ctx.app, 'GET', `${API}/users/favorites?category=food-dining`, { token })
    ).json();
    expect(foodOnly.favorites.map((favorite: { offerId: string }) => favorite.offerId)).toEqual([food.id]);
    expect(foodOnly.pagination.total).toBe(1);

    const page2 = (await call(ctx.app, 'GET', `${API}/users/favorites?page=2&limit=2`, { token })).json();
    expect(page2.favorites.map((favorite: { offerId: string }) => favorite.offerId)).toEqual([beauty.id]);
    expect(page2.pagination).toMatchObject({
      page: 2,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: false,
    });

    const count = await call(ctx.app, 'GET', `${API}/users/favorites/count`, { token });
    expect(count.json()).toEqual({ success: true, count: 3 });
  });

  it('shows only the caller’s favourites', async () => {
    const a = await ctx.customer();
    const b = await ctx.customer();
    const offer = await ctx.createOffer();
    await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token: a.token });
    const other = (await call(ctx.app, 'GET', `${API}/users/favorites`, { token: b.token })).json();
    expect(other.favorites).toEqual([]);
    expect(
      (await call(ctx.app, 'GET', `${API}/users/favorites/count`, { token: b.token })).json().count,
    ).toBe(0);
  });
});

describe('GET /users/favorites/ids', () => {
  it('returns every favourite offer id (past the 20-per-page list), newest first, for the caller only', async () => {
    const a = await ctx.customer();
    const b = await ctx.customer();
    const store = await ctx.createStore();
    const offers = [];
    for (let index = 0; index < 23; index += 1) {
      offers.push(await ctx.createOffer({ storeId: store.id, title: `Deal ${index}` }));
    }
    for (const offer of offers) {
      const added = await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token: a.token });
      expect(added.statusCode).toBe(201);
    }
    await call(ctx.app, 'POST', `${API}/offers/${offers[0]!.id}/favorite`, { token: b.token });

    const page = (await call(ctx.app, 'GET', `${API}/users/favorites`, { token: a.token })).json();
    expect(page.favorites).toHaveLength(20);

    const response = await call(ctx.app, 'GET', `${API}/users/favorites/ids`, { token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      offerIds: offers.map((offer) => offer.id).reverse(),
      count: 23,
    });

    await call(ctx.app, 'DELETE', `${API}/offers/${offers[22]!.id}/favorite`, { token: a.token });
    const after = (await call(ctx.app, 'GET', `${API}/users/favorites/ids`, { token: a.token })).json();
    expect(after.count).toBe(22);
    expect(after.offerIds).not.toContain(offers[22]!.id);

    expect((await call(ctx.app, 'GET', `${API}/users/favorites/ids`, { token: b.token })).json()).toEqual({
      success: true,
      offerIds: [offers[0]!.id],
      count: 1,
    });
  });

  it('needs a signed-in customer: 401 anonymous, 403 for a merchant', async () => {
    expect((await call(ctx.app, 'GET', `${API}/users/favorites/ids`)).statusCode).toBe(401);
    const merchant = await ctx.createMerchant();
    const asMerchant = await call(ctx.app, 'GET', `${API}/users/favorites/ids`, {
      token: await ctx.merchantToken(merchant.id),
    });
    expect(asMerchant.statusCode).toBe(403);
  });
});
