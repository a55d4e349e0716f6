import { topStoresOrder } from '@d3/shared/catalogue/deal-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffServices, storeSocialLinks, stores } from '../../db/schema/stores.js';
import { API, call, getOk, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { createStore, daysFromNow, unique } from '../../test/factories.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';

const ctx = useApiTestApp();

async function list(query: string) {
  return (await getOk(ctx.app, `${API}/stores?${query}`)) as {
    stores: Array<Record<string, unknown> & { id: string; name: string }>;
    data: unknown[];
    pagination: Record<string, number | boolean>;
  };
}

describe('GET /stores', () => {
  const tag = unique('lst');
  let ids: Record<string, string>;

  beforeAll(async () => {
    const db = ctx.app.db;
    const make = async (name: string, values: Parameters<typeof ctx.createStore>[0]) =>
      (await createStore(db, { name: `${tag} ${name}`, ...values })).id;
    ids = {
      alpha: await make('Alpha', {
        cashback: 10,
        totalReviews: 12,
        rating: '4.00',
        createdAt: daysFromNow(-5),
      }),
      bravo: await make('Bravo', {
        cashback: 40,
        totalReviews: 3,
        rating: '5.00',
        createdAt: daysFromNow(-4),
      }),
      charlie: await make('Charlie', {
        cashback: 25,
        totalReviews: 30,
        rating: '3.50',
        locationId: 'mombasa',
        createdAt: daysFromNow(-3),
      }),
      delta: await make('Delta', {
        cashback: 5,
        totalReviews: 0,
        category: 'Food & Dining',
        createdAt: daysFromNow(-1),
      }),
    };
  });

  const names = (body: Awaited<ReturnType<typeof list>>) =>
    body.stores.map((store) => store.name.split(' ')[1]);

  it('answers stores, data and pagination with the seed shape', async () => {
    const body = await list(`search=${tag}`);
    expect(body.stores).toHaveLength(4);
    expect(body.data).toEqual(body.stores);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 4,
      totalPages: 1,
      hasNextPage: false,
      currentPage: 1,
    });
    const charlie = body.stores.find((store) => store.id === ids.charlie)!;
    expect(charlie).toMatchObject({
      location: 'Mombasa',
      locationId: 'mombasa',
      rating: 3.5,
      totalReviews: 30,
      badge: 'HIGHLY REVIEWED',
      isTrending: true,
      cashback: 25,
      discount: '25%',
      deals: 0,
    });
    expect(charlie.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('sorts popular by the Top Stores order (popular, reviews, rating, name)', async () => {
    const body = await list(`search=${tag}&sortBy=popular`);
    expect(names(body)).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
    const expected = [...body.stores]
      .map((store) => ({ ...store, rating: store.rating as number }))
      .sort(topStoresOrder)
      .map((store) => store.id);
    expect(body.stores.map((store) => store.id)).toEqual(expected);
  });

  it.each([
    ['discount_high', ['Bravo', 'Charlie', 'Alpha', 'Delta']],
    ['discount_low', ['Delta', 'Alpha', 'Charlie', 'Bravo']],
    ['name_asc', ['Alpha', 'Bravo', 'Charlie', 'Delta']],
    ['name_desc', ['Delta', 'Charlie', 'Bravo', 'Alpha']],
    ['newest', ['Delta', 'Charlie', 'Bravo', 'Alpha']],
    ['rating', ['Bravo', 'Alpha', 'Charlie', 'Delta']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(names(await list(`search=${tag}&sortBy=${sortBy}`))).toEqual(expected);
  });

  it('filters by location id, name or area, and treats All Locations as no filter', async () => {
    expect(names(await list(`search=${tag}&location=mombasa`))).toEqual(['Charlie']);
    expect(names(await list(`search=${tag}&location=Mombasa`))).toEqual(['Charlie']);
    expect(names(await list(`search=${tag}&location=Nairobi&sortBy=name_asc`))).toEqual([
      'Alpha',
      'Bravo',
      'Delta',
    ]);
    expect((await list(`search=${tag}&location=All%20Locations`)).stores).toHaveLength(4);
    expect((await list(`search=${tag}&location=all`)).stores).toHaveLength(4);
    expect((await list(`search=${tag}&location=atlantis`)).stores).toHaveLength(0);
  });

  it('filters by category name or id, and treats All as no filter', async () => {
    expect(names(await list(`search=${tag}&category=Food%20%26%20Dining`))).toEqual(['Delta']);
    expect(names(await list(`search=${tag}&category=food-dining`))).toEqual(['Delta']);
    expect((await list(`search=${tag}&category=All`)).stores).toHaveLength(4);
  });

  it('pages with hasNextPage, a last page and an empty page past the end', async () => {
    const first = await list(`search=${tag}&sortBy=name_asc&limit=3&page=1`);
    expect(names(first)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(first.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: true, page: 1 });
    const last = await list(`search=${tag}&sortBy=name_asc&limit=3&page=2`);
    expect(names(last)).toEqual(['Delta']);
    expect(last.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: false, currentPage: 2 });
    const past = await list(`search=${tag}&sortBy=name_asc&limit=3&page=3`);
    expect(past.stores).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: false, page: 3 });
  });

  it('caps limit at 100 and refuses a bad sort', async () => {
    expect((await list(`search=${tag}&limit=500`)).pagination.limit).toBe(100);
    const response = await call(ctx.app, 'GET', `${API}/stores?sortBy=cheapest`);
    expectProblemCode(response, 400, 'VALIDATION_ERROR');
  });

  it('counts only active, unexpired offers as deals', async () => {
    const storeId = ids.delta!;
    await ctx.createOffer({ storeId });
    await ctx.createOffer({ storeId, expirationDate: daysFromNow(-1) });
    await ctx.createOffer({ storeId, status: 'paused' });
    const delta = (await list(`search=${tag}`)).stores.find((store) => store.id === storeId)!;
    expect(delta.deals).toBe(1);
  });
});

describe('GET /stores/:id', () => {
  it('returns the profile with social links and real branches', async () => {
    const store = await ctx.createStore({ rating: '4.25', totalReviews: 8, followers: 3 });
    await ctx.app.db
      .insert(storeSocialLinks)
      .values({ storeId: store.id, platform: 'instagram', link: 'https://instagram.com/test' });
    const branch = await ctx.createBranch(store.id, { isMainBranch: true, name: 'Main' });
    await ctx.createService({ storeId: store.id });
    const response = await call(ctx.app, 'GET', `${API}/stores/${store.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.store).toMatchObject({
      id: store.id,
      rating: 4.25,
      totalReviews: 8,
      followers: 3,
      badge: 'REVIEWED',
      services: 1,
      outlets: 1,
      following: null,
      socialLinks: [{ platform: 'instagram', link: 'https://instagram.com/test' }],
      branches: [{ id: branch.id, name: 'Main', isMainBranch: true, isSynthetic: false }],
    });
  });

  it('shows a store without branches as the synthetic main branch store-{id}', async () => {
    const store = await ctx.createStore({ openingTime: '08:00' });
    const body = (await call(ctx.app, 'GET', `${API}/stores/${store.id}`)).json();
    expect(body.store.branches).toEqual([
      expect.objectContaining({
        id: `store-${store.id}`,
        isMainBranch: true,
        isSynthetic: true,
        openingTime: '08:00',
      }),
    ]);
    for (const path of [`/stores/${store.id}/branches`, `/branches/store/${store.id}`]) {
      const branches = (await call(ctx.app, 'GET', `${API}${path}`)).json();
      expect(branches.branches.map((branch: { id: string }) => branch.id)).toEqual([`store-${store.id}`]);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await call(ctx.app, 'GET', `${API}/stores/123`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Invalid store ID format' });
    const blank = await call(ctx.app, 'GET', `${API}/stores/%20`);
    expect(blank.json().message).toBe('Store ID is required');
    const missing = await call(ctx.app, 'GET', `${API}/stores/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Store not found', code: 'NOT_FOUND' });
    expect((await call(ctx.app, 'GET', `${API}/stores/${UNKNOWN_ID}/branches`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${API}/socials/store/bad-id`)).statusCode).toBe(400);
  });

  it('answers HEAD with 200 or 404 and no body', async () => {
    const store = await ctx.createStore();
    const found = await call(ctx.app, 'HEAD', `${API}/stores/${store.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe('');
    expect((await call(ctx.app, 'HEAD', `${API}/stores/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it('lists social links on /socials/store/:id', async () => {
    const store = await ctx.createStore();
    await ctx.app.db
      .insert(storeSocialLinks)
      .values({ storeId: store.id, platform: 'tiktok', link: 'https://tiktok.com/@x' });
    const body = (await call(ctx.app, 'GET', `${API}/socials/store/${store.id}`)).json();
    expect(body).toEqual({
      success: true,
      socials: [{ id: expect.any(String), platform: 'tiktok', link: 'https://tiktok.com/@x' }],
    });
  });
});

describe('store collections', () => {
  it('gives random stores up to the limit', async () => {
    await ctx.createStore();
    await ctx.createStore();
    const body = (await call(ctx.app, 'GET', `${API}/stores/random?limit=2`)).json();
    expect(body.stores).toHaveLength(2);
  });

  it('counts stores per category and per location', async () => {
    const before = (await call(ctx.app, 'GET', `${API}/stores/categories`)).json();
    const count = (name: string, body: { categories: Array<{ name: string; count: number }> }) =>
      body.categories.find((category) => category.name === name)?.count;
    await ctx.createStore({ category: 'Health & Fitness', locationId: 'kilimani' });
    const after = (await call(ctx.app, 'GET', `${API}/stores/categories`)).json();
    expect(count('Health & Fitness', after)).toBe((count('Health & Fitness', before) ?? 0) + 1);
    const locations = (await call(ctx.app, 'GET', `${API}/stores/locations`)).json();
    expect(locations.locations.find((location: { id: string }) => location.id === 'kilimani')).toMatchObject({
      name: 'Kilimani',
      storeCount: expect.any(Number),
    });
  });
});

describe('merchant store writes', () => {
  let owner: { id: string; token: string };
  let other: string;
  let customer: string;

  beforeAll(async () => {
    const merchant = await ctx.createMerchant();
    owner = { id: merchant.id, token: await ctx.merchantToken(merchant.id) };
    other = (await ctx.merchant()).token;
    customer = (await ctx.customer()).token;
  });

  const newStore = {
    name: 'Kilimanjaro Grill',
    category: 'food-dining',
    location: 'Westlands',
    description: 'Nyama choma',
    opening_time: '10:00',
    closing_time: '22:00',
    working_days: ['Monday', 'Saturday'],
    cashback: 15,
    website_url: 'https://grill.co.ke',
    socialLinks: [{ platform: 'facebook', link: 'https://facebook.com/grill' }],
  };

  it('creates a store owned by the caller', async () => {
    const response = await call(ctx.app, 'POST', `${API}/stores`, { token: owner.token, body: newStore });
    expect(response.statusCode).toBe(201);
    const { store } = response.json();
    expect(store).toMatchObject({
      name: 'Kilimanjaro Grill',
      category: 'Food & Dining',
      locationId: 'westlands',
      merchantId: owner.id,
      working_days: ['Monday', 'Saturday'],
      cashback: 15,
      socialLinks: [{ platform: 'facebook' }],
    });
  });

  it('refuses anonymous (401), customers (403) and bad fields (400)', async () => {
    expect((await call(ctx.app, 'POST', `${API}/stores`, { body: newStore })).statusCode).toBe(401);
    expect(
      (await call(ctx.app, 'POST', `${API}/stores`, { token: customer, body: newStore })).statusCode,
    ).toBe(403);
    const bad = await call(ctx.app, 'POST', `${API}/stores`, {
      token: owner.token,
      body: { ...newStore, location: 'Atlantis' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ location: 'Unknown location' });
    const noName = await call(ctx.app, 'POST', `${API}/stores`, {
      token: owner.token,
      body: { ...newStore, name: ' ' },
    });
    expect(noName.json().message).toBe('Store name is required');
  });

  it('updates and deletes only for the owner', async () => {
    const store = await ctx.createStore({ merchantId: owner.id });
    const url = `${API}/stores/${store.id}`;
    const forbidden = await call(ctx.app, 'PUT', url, { token: other, body: { name: 'Mine now' } });
    expectProblem(forbidden, 403, 'You do not have permission to perform this action.');
    expect((await call(ctx.app, 'PUT', url, { token: customer, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', url, { body: { name: 'x' } })).statusCode).toBe(401);
    const unknown = await call(ctx.app, 'PUT', `${API}/stores/${UNKNOWN_ID}`, {
      token: owner.token,
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
    const updated = await call(ctx.app, 'PUT', url, {
      token: owner.token,
      body: { name: 'Renamed', cashback: 30 },
    });
    expect(updated.json().store).toMatchObject({ name: 'Renamed', cashback: 30 });
    const hours = await call(ctx.app, 'PUT', url, { token: owner.token, body: { closing_time: '08:00' } });
    expect(hours.statusCode).toBe(400);

    expect((await call(ctx.app, 'DELETE', url, { token: other })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url, { token: customer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(ctx.app, 'DELETE', url, { token: owner.token })).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(stores).where(eq(stores.id, store.id))).toEqual([]);
    expect((await call(ctx.app, 'DELETE', url, { token: owner.token })).statusCode).toBe(404);
  });

  it('creates, updates and deletes branches for the owner only', async () => {
    const store = await ctx.createStore({ merchantId: owner.id });
    const body = { name: 'Sarit Centre', address: 'Karuna Rd', isMainBranch: true, openingTime: '08:00' };
    expect(
      (await call(ctx.app, 'POST', `${API}/stores/${store.id}/branches`, { token: other, body })).statusCode,
    ).toBe(403);
    expect((await call(ctx.app, 'POST', `${API}/stores/${store.id}/branches`, { body })).statusCode).toBe(
      401,
    );
    expect(
      (await call(ctx.app, 'POST', `${API}/stores/${UNKNOWN_ID}/branches`, { token: owner.token, body }))
        .statusCode,
    ).toBe(404);
    const created = await call(ctx.app, 'POST', `${API}/stores/${store.id}/branches`, {
      token: owner.token,
      body,
    });
    expect(created.statusCode).toBe(201);
    const first = created.json().branch;
    expect(first).toMatchObject({
      name: 'Sarit Centre',
      isMainBranch: true,
      storeId: store.id,
      openingTime: '08:00',
    });

    // A second main branch demotes the first.
    const second = await call(ctx.app, 'POST', `${API}/stores/${store.id}/branches`, {
      token: owner.token,
      body: { name: 'Two', isMainBranch: true },
    });
    const branches = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/branches`)).json().branches;
    expect(
      branches.map((branch: { name: string; isMainBranch: boolean }) => [branch.name, branch.isMainBranch]),
    ).toEqual([
      ['Two', true],
      ['Sarit Centre', false],
    ]);

    const url = `${API}/branches/${first.id}`;
    expect((await call(ctx.app, 'PUT', url, { token: other, body: { name: 'x' } })).statusCode).toBe(403);
    expect(
      (await call(ctx.app, 'PUT', `${API}/branches/nope`, { token: owner.token, body: {} })).json().message,
    ).toBe('Invalid branch ID');
    expect(
      (await call(ctx.app, 'PUT', `${API}/branches/${UNKNOWN_ID}`, { token: owner.token, body: {} }))
        .statusCode,
    ).toBe(404);
    const renamed = await call(ctx.app, 'PUT', url, { token: owner.token, body: { name: 'Sarit' } });
    expect(renamed.json().branch.name).toBe('Sarit');
    expect((await call(ctx.app, 'DELETE', url, { token: customer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url, { token: owner.token })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'DELETE', `${API}/branches/${second.json().branch.id}`, { token: other }))
        .statusCode,
    ).toBe(403);
  });

  it('creates staff only with the store’s own branch and services', async () => {
    const store = await ctx.createStore({ merchantId: owner.id });
    const branch = await ctx.createBranch(store.id);
    const service = await ctx.createService({ storeId: store.id });
    const foreignBranch = await ctx.createBranch((await ctx.createStore()).id);
    const foreignService = await ctx.createService();
    const url = `${API}/stores/${store.id}/staff`;

    const wrongBranch = await call(ctx.app, 'POST', url, {
      token: owner.token,
      body: { name: 'Amina', branchId: foreignBranch.id },
    });
    expect(wrongBranch.statusCode).toBe(400);
    expect(wrongBranch.json().errors).toEqual({ branchId: 'Branch does not belong to this store' });
    const wrongService = await call(ctx.app, 'POST', url, {
      token: owner.token,
      body: { name: 'Amina', serviceIds: [service.id, foreignService.id] },
    });
    expect(wrongService.statusCode).toBe(400);
    expect((await call(ctx.app, 'POST', url, { token: other, body: { name: 'Amina' } })).statusCode).toBe(
      403,
    );
    expect((await call(ctx.app, 'POST', url, { body: { name: 'Amina' } })).statusCode).toBe(401);

    const created = await call(ctx.app, 'POST', url, {
      token: owner.token,
      body: { name: 'Amina', role: 'Therapist', branchId: branch.id, serviceIds: [service.id] },
    });
    expect(created.statusCode).toBe(201);
    const staff = created.json().staff;
    expect(staff).toMatchObject({
      name: 'Amina',
      role: 'Therapist',
      branchId: branch.id,
      serviceIds: [service.id],
    });

    const staffUrl = `${API}/staff/${staff.id}`;
    expect((await call(ctx.app, 'PUT', staffUrl, { token: other, body: { name: 'x' } })).statusCode).toBe(
      403,
    );
    expect(
      (await call(ctx.app, 'PUT', `${API}/staff/${UNKNOWN_ID}`, { token: owner.token, body: {} })).statusCode,
    ).toBe(404);
    const updated = await call(ctx.app, 'PUT', staffUrl, {
      token: owner.token,
      body: { role: 'Senior Therapist' },
    });
    expect(updated.json().staff).toMatchObject({ role: 'Senior Therapist', serviceIds: [service.id] });
    const cleared = await call(ctx.app, 'PUT', staffUrl, { token: owner.token, body: { serviceIds: [] } });
    expect(cleared.json().staff.serviceIds).toEqual([]);
    expect((await call(ctx.app, 'DELETE', staffUrl, { token: customer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', staffUrl, { token: owner.token })).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(staffServices).where(eq(staffServices.staffId, staff.id))).toEqual(
      [],
    );
  });
});
