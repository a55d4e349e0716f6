import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stores } from '../../db/schema/stores.js';
import { API, call, getOk, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { createMerchant, createOffer, createStore, daysFromNow, unique } from '../../test/factories.js';
import { expectBadAndUnknownId } from '../../test/problems.js';
import {
  expectOwnerOnlyCreate,
  expectOwnerOnlyDelete,
  expectOwnerOnlyUpdate,
  ownerPoster,
  useStoreWriters,
} from '../../test/store-writers.js';
import { countOffers } from './offers-repository.js';

const ctx = useApiTestApp();

type OfferBody = { id: string; title: string } & Record<string, unknown>;

const get = (url: string) => getOk(ctx.app, `${API}${url}`);

describe('GET /offers', () => {
  const tag = unique('hot');
  const titles = (body: { offers: OfferBody[] }) => body.offers.map((offer) => offer.title.split(' ')[1]);
  let westlands: string;

  beforeAll(async () => {
    const db = ctx.app.db;
    westlands = (await createStore(db, { locationId: 'westlands' })).id;
    const mombasa = (await createStore(db, { locationId: 'mombasa', category: 'Food & Dining' })).id;
    const make = (name: string, values: Parameters<typeof ctx.createOffer>[0]) =>
      createOffer(db, { title: `${tag} ${name}`, storeId: westlands, ...values });
    await make('Ace', { discount: '10.00', originalPrice: '2000.00', createdAt: daysFromNow(-4) });
    await make('Bee', {
      discount: '50.00',
      originalPrice: '1000.00',
      createdAt: daysFromNow(-3),
      featured: true,
    });
    await make('Cat', {
      discount: '30.00',
      originalPrice: null,
      createdAt: daysFromNow(-2),
      storeId: mombasa,
      category: 'Food & Dining',
    });
    await make('Dog', { discount: '70.00', originalPrice: '3000.00', createdAt: daysFromNow(-1) });
    // Never listed: expired, paused, draft.
    await make('Old', { expirationDate: daysFromNow(-0.01) });
    await make('Paused', { status: 'paused' });
    await make('Draft', { status: 'draft' });
  });

  it('lists active, unexpired offers with the offer shape, latest first', async () => {
    const body = await get(`/offers?search=${tag}`);
    expect(titles(body)).toEqual(['Dog', 'Cat', 'Bee', 'Ace']);
    expect(body.data).toEqual(body.offers);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 12,
      total: 4,
      totalPages: 1,
      hasNextPage: false,
      currentPage: 1,
    });
    const bee = body.offers.find((offer: OfferBody) => offer.title.endsWith('Bee'));
    expect(bee).toMatchObject({
      discount: 50,
      original_price: 1000,
      originalPrice: 1000,
      discounted_price: 500,
      offerPrice: 500,
      savings: 500,
      accessFee: 75,
      status: 'active',
      featured: true,
      isHot: true,
      tag: 'Featured',
      dealLabel: '9d left',
      isExpired: false,
      bookable: true,
      storeId: westlands,
      service: null,
      store: { id: westlands, location: 'Westlands', rating: 0, totalReviews: 0 },
    });
    expect(bee.expiration_date).toMatch(/Z$/);
    const cat = body.offers.find((offer: OfferBody) => offer.title.endsWith('Cat'));
    expect(cat).toMatchObject({
      original_price: null,
      discounted_price: null,
      accessFee: 5.99,
      tag: 'Bestseller',
    });
  });

  it.each([
    ['sortBy=discount', ['Dog', 'Bee', 'Cat', 'Ace']],
    ['sortBy=discount&sortOrder=asc', ['Ace', 'Cat', 'Bee', 'Dog']],
    ['sortBy=price_low_high', ['Bee', 'Dog', 'Ace', 'Cat']],
    ['sortBy=price_high_low', ['Ace', 'Dog', 'Bee', 'Cat']],
    ['sortBy=price&sortOrder=desc', ['Ace', 'Dog', 'Bee', 'Cat']],
    ['sortBy=latest&sortOrder=asc', ['Ace', 'Bee', 'Cat', 'Dog']],
  ])('sorts with %s (offers without a price last)', async (query, expected) => {
    expect(titles(await get(`/offers?search=${tag}&${query}`))).toEqual(expected);
  });

  it('filters by location and category and gives the category facet', async () => {
    const mombasa = await get(`/offers?search=${tag}&location=Mombasa`);
    expect(titles(mombasa)).toEqual(['Cat']);
    expect(mombasa.categories).toEqual([{ name: 'Food & Dining', count: 1 }]);
    const nairobi = await get(`/offers?search=${tag}&location=westlands&category=All`);
    expect(titles(nairobi)).toEqual(['Dog', 'Bee', 'Ace']);
    const beauty = await get(`/offers?search=${tag}&category=beauty-spa`);
    expect(titles(beauty)).toEqual(['Dog', 'Bee', 'Ace']);
    // The facet ignores the chosen category so the sidebar keeps every choice.
    expect(beauty.categories).toEqual([
      { name: 'Beauty & Spa', count: 3 },
      { name: 'Food & Dining', count: 1 },
    ]);
    expect((await get(`/offers?search=${tag}&location=All%20Locations`)).offers).toHaveLength(4);
  });

  it('pages: hasNextPage, the last page, and an empty page past the end', async () => {
    const first = await get(`/offers?search=${tag}&limit=3`);
    expect(titles(first)).toEqual(['Dog', 'Cat', 'Bee']);
    expect(first.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: true });
    const last = await get(`/offers?search=${tag}&limit=3&page=2`);
    expect(titles(last)).toEqual(['Ace']);
    expect(last.pagination.hasNextPage).toBe(false);
    const past = await get(`/offers?search=${tag}&limit=3&page=5`);
    expect(past.offers).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 4, page: 5, hasNextPage: false });
  });

  it('never lists non-active offers, even when asked for them', async () => {
    const paused = await get(`/offers?search=${tag}&status=paused`);
    expect(paused.offers).toEqual([]);
    expect((await call(ctx.app, 'GET', `${API}/offers?status=gone`)).statusCode).toBe(400);
  });

  it('keeps expired and non-active offers out of random, top deals, featured, store and categories', async () => {
    const store = await ctx.createStore();
    const live = await ctx.createOffer({ storeId: store.id, discount: '99.00', featured: true });
    await ctx.createOffer({
      storeId: store.id,
      discount: '99.50',
      featured: true,
      expirationDate: daysFromNow(-1),
    });
    await ctx.createOffer({
      storeId: store.id,
      discount: '99.60',
      featured: true,
      status: 'inactive',
    });
    const ids = (body: { offers: OfferBody[] }) => body.offers.map((offer) => offer.id);

    expect(ids(await get(`/offers/store/${store.id}`))).toEqual([live.id]);
    expect(ids(await get('/offers/top-deals?limit=1'))).toEqual([live.id]);
    expect(ids(await get('/offers/featured?limit=1'))).toEqual([live.id]);
    const random = await get('/offers/random?limit=50');
    expect(random.offers.every((offer: OfferBody) => offer.bookable)).toBe(true);
    expect(random.offers.length).toBeGreaterThan(1);
    // The unfiltered Hot Deals list takes the other query path: same rule.
    const all = await get('/offers?limit=100');
    expect(all.offers.every((offer: OfferBody) => offer.bookable)).toBe(true);
    expect(all.pagination.total).toBe(random.offers.length);
    expect(all.offers.map((offer: { createdAt: string }) => offer.createdAt)).toEqual(
      all.offers
        .map((offer: { createdAt: string }) => offer.createdAt)
        .sort()
        .reverse(),
    );
    const categories = await get('/offers/categories');
    const total = categories.categories.reduce(
      (sum: number, category: { count: number }) => sum + category.count,
      0,
    );
    expect(total).toBe(random.offers.length);
  });

  it('filters top deals and featured offers by the chosen location (issue 15 #5)', async () => {
    const db = ctx.app.db;
    const cbd = await createStore(db, { locationId: 'nairobi-cbd' });
    const plain = await createOffer(db, { storeId: cbd.id, discount: '45.00' });
    const featured = await createOffer(db, { storeId: cbd.id, discount: '40.00', featured: true });
    await createOffer(db, { storeId: cbd.id, discount: '60.00', expirationDate: daysFromNow(-1) });
    const ids = (body: { offers: OfferBody[] }) => body.offers.map((offer) => offer.id);

    expect(ids(await get('/offers/top-deals?limit=20&location=nairobi-cbd'))).toEqual([
      plain.id,
      featured.id,
    ]);
    expect(ids(await get('/offers/top-deals?limit=20&location=Nairobi%20CBD'))).toEqual([
      plain.id,
      featured.id,
    ]);
    expect(ids(await get('/offers/featured?limit=12&location=nairobi-cbd'))).toEqual([featured.id]);
    const everywhere = await get('/offers/top-deals?limit=50&location=All%20Locations');
    expect(
      everywhere.offers.some(
        (offer: { store: { location: string } }) => offer.store.location !== 'Nairobi CBD',
      ),
    ).toBe(true);
    expect(ids(everywhere)).toEqual(expect.arrayContaining([plain.id, featured.id]));
    // A place without offers (or no such place) is an empty list, never an error or all places.
    expect(await get('/offers/top-deals?location=nowhere')).toEqual({ success: true, offers: [], data: [] });
    expect((await get('/offers/featured?location=%27%3B%20drop%20table%20offers--')).offers).toEqual([]);
    const tooLong = await call(ctx.app, 'GET', `${API}/offers/top-deals?location=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives an empty list for a bad or unknown store on /offers/store/:storeId', async () => {
    expect(await get('/offers/store/not-a-uuid')).toEqual({ success: true, offers: [], data: [] });
    expect((await get(`/offers/store/${UNKNOWN_ID}`)).offers).toEqual([]);
  });
});

describe('GET /offers/:id', () => {
  it('shows an expired or paused offer with isExpired / bookable flags', async () => {
    const service = await ctx.createService({ name: 'Deep Tissue', duration: 90 });
    const expired = await ctx.createOffer({
      storeId: service.storeId,
      serviceId: service.id,
      expirationDate: daysFromNow(-1),
    });
    const body = await get(`/offers/${expired.id}`);
    expect(body.offer).toMatchObject({
      id: expired.id,
      isExpired: true,
      bookable: false,
      dealLabel: 'Expired',
      service: { id: service.id, name: 'Deep Tissue', duration: 90 },
    });
    const paused = await ctx.createOffer({ status: 'paused' });
    expect((await get(`/offers/${paused.id}`)).offer).toMatchObject({
      status: 'paused',
      isExpired: false,
      bookable: false,
    });
  });

  it('answers 400 Invalid offer ID and 404 Offer not found', async () => {
    await expectBadAndUnknownId(ctx.app, `${API}/offers`, 'xyz', 'Invalid offer ID', 'Offer not found');
  });
});

describe('merchant offer writes', () => {
  const writers = useStoreWriters(ctx);

  const body = () => ({
    storeId: writers.storeId,
    title: 'Half-price pedicure',
    discount: 50,
    original_price: 1500,
    expiration_date: daysFromNow(5).toISOString(),
    category: 'Beauty & Spa',
  });

  /** POST /offers as the store's owner: body() with `changes`. */
  const postAsOwner = ownerPoster(ctx, `${API}/offers`, writers, body);

  it('creates an offer for the owner’s store', async () => {
    const response = await postAsOwner();
    expect(response.statusCode).toBe(201);
    expect(response.json().offer).toMatchObject({
      title: 'Half-price pedicure',
      discounted_price: 750,
      accessFee: 112.5,
      status: 'active',
      bookable: true,
    });
  });

  it('refuses other merchants, customers, anonymous callers, unknown stores and foreign services', async () => {
    await expectOwnerOnlyCreate(ctx.app, `${API}/offers`, writers, body());
    const foreign = await ctx.createService();
    const wrongService = await postAsOwner({ serviceId: foreign.id });
    expect(wrongService.statusCode).toBe(400);
    expect(wrongService.json().errors).toEqual({ serviceId: 'Service does not belong to this store' });
    const past = await postAsOwner({ expiration_date: daysFromNow(-1).toISOString() });
    expect(past.json().message).toBe('Expiration date must be in the future');
    const tooMuch = await postAsOwner({ discount: 120 });
    expect(tooMuch.json().message).toBe('Discount must be between 0 and 100');
  });

  it('updates only what is sent and deletes, for the owner only', async () => {
    const offer = await ctx.createOffer({ storeId: writers.storeId, featured: true, status: 'active' });
    const url = `${API}/offers/${offer.id}`;
    await expectOwnerOnlyUpdate(ctx.app, `${API}/offers`, url, writers, { title: 'x' });
    const updated = await call(ctx.app, 'PUT', url, {
      token: writers.ownerToken,
      body: { title: 'Renamed', status: 'paused' },
    });
    expect(updated.json().offer).toMatchObject({
      title: 'Renamed',
      status: 'paused',
      featured: true,
      bookable: false,
    });

    await expectOwnerOnlyDelete(ctx.app, url, writers);
  });
});

describe('Hot Deals totals cache', () => {
  it('reads the page fresh, keeps a location total for 30 s, and recounts after a merchant write', async () => {
    const db = ctx.app.db;
    const owner = await createMerchant(db);
    const token = await ctx.merchantToken(owner.id);
    const storeId = (await createStore(db, { merchantId: owner.id, locationId: 'kilimani' })).id;
    await createOffer(db, { storeId, title: unique('first') });
    const before = await get('/offers?location=kilimani');

    // Written behind the service's back (another process, say): listed at once, counted later.
    const sneaked = await createOffer(db, { storeId, title: unique('sneaked') });
    const during = await get('/offers?location=kilimani');
    expect(during.offers[0].id).toBe(sneaked.id);
    expect(during.pagination.total).toBe(before.pagination.total);

    // A merchant write through this process forgets the cached totals.
    const created = await call(ctx.app, 'POST', `${API}/offers`, {
      token,
      body: {
        storeId,
        title: 'Kilimani brunch',
        discount: 20,
        original_price: 1200,
        expiration_date: daysFromNow(5).toISOString(),
        category: 'Food & Dining',
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/offers?location=kilimani');
    expect(after.pagination.total).toBe(before.pagination.total + 2);
    const food = after.categories.find((entry: { name: string }) => entry.name === 'Food & Dining');
    expect(food?.count).toBeGreaterThanOrEqual(1);
  });

  it("one count of a place answers every category's total (by id, name or any case) and the place's sum (decision 0808)", async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { locationId: 'nairobi-cbd' })).id;
    const make = (category: string) => createOffer(db, { storeId, title: unique('counted'), category });
    await make('Beauty & Spa');
    await make('Beauty & Spa');
    await make('Health & Fitness');
    const total = async (query: string) =>
      (await get(`/offers?location=nairobi-cbd${query}`)).pagination.total as number;
    // What a fresh count says, before anything is cached for the place.
    const fresh = {
      all: await countOffers(db, { locationIds: ['nairobi-cbd'] }),
      spa: await countOffers(db, { locationIds: ['nairobi-cbd'], category: 'Beauty & Spa' }),
      fitness: await countOffers(db, { locationIds: ['nairobi-cbd'], category: 'Health & Fitness' }),
    };
    expect(fresh.spa).toBeGreaterThanOrEqual(2);
    expect(await total('')).toBe(fresh.all);
    // Written behind the service's back: the place's one count is kept for 30 s, so every category
    // below is answered from it, none counted again.
    await make('Beauty & Spa');
    expect(await total('&category=beauty-spa')).toBe(fresh.spa);
    expect(await total('&category=Beauty%20%26%20Spa')).toBe(fresh.spa);
    expect(await total('&category=BEAUTY%20%26%20SPA')).toBe(fresh.spa);
    expect(await total('&category=health-fitness')).toBe(fresh.fitness);
    expect(await total('&category=no-such-category')).toBe(0);
    const page = await get('/offers?location=nairobi-cbd&category=beauty-spa');
    const sidebar = page.categories as { name: string; count: number }[];
    expect(sidebar.reduce((sum, c) => sum + c.count, 0)).toBe(fresh.all);
    expect(sidebar.find((c) => c.name === 'Beauty & Spa')?.count).toBe(fresh.spa);
  });

  it('after 30 s answers the old total at once while one recount runs, then the new one', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { locationId: 'mombasa' })).id;
    await createOffer(db, { storeId, title: unique('coast') });
    const url = '/offers?location=mombasa&category=Beauty%20%26%20Spa';
    const before = await get(url);
    await createOffer(db, { storeId, title: unique('coast later') });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      // Two readers at once, past the 30 s: both get the old total without waiting.
      const [first, second] = await Promise.all([get(url), get(url)]);
      expect(first.pagination.total).toBe(before.pagination.total);
      expect(second.pagination.total).toBe(before.pagination.total);
      await vi.waitFor(async () => {
        expect((await get(url)).pagination.total).toBe(before.pagination.total + 1);
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Hot Deals indexes (issue 16)', () => {
  it('a store that moves takes its offers along: location and area lists follow it at once', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { locationId: 'nairobi-cbd' })).id;
    const offer = await createOffer(db, { storeId, title: unique('moving') });
    const ids = async (url: string) =>
      ((await get(url)).offers as OfferBody[]).map((entry) => entry.id).filter((id) => id === offer.id);
    expect(await ids(`/offers?location=nairobi-cbd&storeId=${storeId}`)).toEqual([offer.id]);
    expect(await ids('/offers?location=nairobi-cbd&limit=100')).toEqual([offer.id]);

    await db.update(stores).set({ locationId: 'mombasa' }).where(eq(stores.id, storeId));
    expect(await ids('/offers?location=nairobi-cbd&limit=100')).toEqual([]);
    expect(await ids('/offers?location=mombasa&limit=100')).toEqual([offer.id]);
    expect(await ids('/offers?location=Coast&limit=100')).toEqual([offer.id]);
    expect(await ids('/offers?location=Nairobi&limit=100')).toEqual([]);
    expect((await get('/offers?location=nowhere-at-all')).offers).toEqual([]);
  });

  it('orders one location by each sort key, offers without a price last', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { locationId: 'nairobi-cbd' })).id;
    const tag = unique('sorted');
    const make = (name: string, values: Parameters<typeof ctx.createOffer>[0]) =>
      createOffer(db, { storeId, title: `${tag} ${name}`, ...values });
    await make('A', { discount: '10.00', originalPrice: '500.00', createdAt: daysFromNow(-3) });
    await make('B', { discount: '60.00', originalPrice: null, createdAt: daysFromNow(-2) });
    await make('C', { discount: '40.00', originalPrice: '5000.00', createdAt: daysFromNow(-1) });
    const order = async (sort: string) =>
      ((await get(`/offers?location=nairobi-cbd&sortBy=${sort}&limit=100`)).offers as OfferBody[])
        .filter((entry) => entry.title.startsWith(tag))
        .map((entry) => entry.title.split(' ')[1]);
    expect(await order('latest')).toEqual(['C', 'B', 'A']);
    expect(await order('discount')).toEqual(['B', 'C', 'A']);
    expect(await order('price_low_high')).toEqual(['A', 'C', 'B']);
    expect(await order('price_high_low')).toEqual(['C', 'A', 'B']);
  });

  it('the same page shape with other values (category by id or name, area, page) reads the right rows', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { locationId: 'westlands' })).id;
    const tag = unique('shape');
    const make = (name: string, category: string, days: number) =>
      createOffer(db, { storeId, title: `${tag} ${name}`, category, createdAt: daysFromNow(days) });
    await make('Spa1', 'Beauty & Spa', -3);
    await make('Gym', 'Health & Fitness', -2);
    await make('Spa2', 'Beauty & Spa', -1);
    const mine = async (url: string) =>
      ((await get(url)).offers as OfferBody[])
        .filter((entry) => entry.title.startsWith(tag))
        .map((entry) => entry.title.split(' ')[1]);
    // Each URL runs a prepared statement built for its shape; repeating a shape with other values
    // must never return the first call's rows.
    expect(await mine('/offers?location=westlands&category=beauty-spa&limit=100')).toEqual(['Spa2', 'Spa1']);
    expect(await mine('/offers?location=westlands&category=Health%20%26%20Fitness&limit=100')).toEqual([
      'Gym',
    ]);
    expect(await mine('/offers?location=WESTLANDS&category=food-dining&limit=100')).toEqual([]);
    expect(await mine('/offers?location=Nairobi&category=health-fitness&limit=100')).toEqual(['Gym']);
    expect(await mine('/offers?location=Coast&category=health-fitness&limit=100')).toEqual([]);
    const all = (await get('/offers?location=westlands&limit=100')).offers as OfferBody[];
    const firstTwo = (await get('/offers?location=westlands&limit=2&page=1')).offers as OfferBody[];
    const second = (await get('/offers?location=westlands&limit=2&page=2')).offers as OfferBody[];
    expect([...firstTwo, ...second].map((entry) => entry.id)).toEqual(
      all.slice(0, 4).map((entry) => entry.id),
    );
  });
});
