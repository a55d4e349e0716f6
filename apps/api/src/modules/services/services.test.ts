import { beforeAll, describe, expect, it } from 'vitest';
import { API, call, getOk, useApiTestApp } from '../../test/build-app.js';
import { unique } from '../../test/factories.js';
import { expectBadAndUnknownId, expectProblem } from '../../test/problems.js';
import {
  expectOwnerOnlyCreate,
  expectOwnerOnlyDelete,
  expectOwnerOnlyUpdate,
  ownerPoster,
  useStoreWriters,
} from '../../test/store-writers.js';

const ctx = useApiTestApp();

const get = (url: string) => getOk(ctx.app, `${API}${url}`);

describe('GET /services', () => {
  const tag = unique('svc');
  let storeId: string;

  beforeAll(async () => {
    storeId = (await ctx.createStore()).id;
    await ctx.createService({
      storeId,
      name: `${tag} Bravo massage`,
      price: '2500.50',
      duration: 90,
    });
    await ctx.createService({ storeId, name: `${tag} Alpha facial`, featured: true });
    await ctx.createService({
      name: `${tag} Charlie workout`,
      category: 'Health & Fitness',
      type: 'dynamic',
      price: null,
      priceRange: 'KSh 1,000 - 3,000',
    });
  });

  const names = (body: { services: Array<{ name: string }> }) =>
    body.services.map((s) => s.name.split(' ')[1]);

  it('lists with the service shape, featured first then by name', async () => {
    const body = await get(`/services?search=${tag}`);
    expect(names(body)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(body.pagination).toMatchObject({ total: 3, page: 1, limit: 20, hasNextPage: false });
    expect(body.services[1]).toMatchObject({
      price: 2500.5,
      duration: 90,
      booking_enabled: true,
      min_cancellation_hours: 2,
      maxConcurrentBookings: null,
      max_concurrent_bookings: null,
      store: { id: storeId, location: 'Westlands' },
    });
    expect(body.services[2]).toMatchObject({
      type: 'dynamic',
      price: null,
      price_range: 'KSh 1,000 - 3,000',
    });
  });

  it('filters by store (query or path), category, and pages', async () => {
    expect(names(await get(`/services?search=${tag}&storeId=${storeId}`))).toEqual(['Alpha', 'Bravo']);
    expect(names(await get(`/services/store/${storeId}`))).toEqual(['Alpha', 'Bravo']);
    expect(names(await get(`/services?search=${tag}&category=health-fitness`))).toEqual(['Charlie']);
    const first = await get(`/services?search=${tag}&limit=2`);
    expect(first.pagination).toMatchObject({ total: 3, totalPages: 2, hasNextPage: true });
    const past = await get(`/services?search=${tag}&limit=2&page=3`);
    expect(past.services).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 3, hasNextPage: false });
    expect((await call(ctx.app, 'GET', `${API}/services/store/bad`)).json().message).toBe(
      'Invalid store ID format',
    );
  });

  it('gets one service; 400 Invalid service ID; 404 Service not found', async () => {
    const service = await ctx.createService();
    expect((await get(`/services/${service.id}`)).service.id).toBe(service.id);
    await expectBadAndUnknownId(ctx.app, `${API}/services`, '42', 'Invalid service ID', 'Service not found');
  });
});

describe('merchant service writes', () => {
  const writers = useStoreWriters(ctx);

  const body = () => ({
    storeId: writers.storeId,
    name: 'Hot stone massage',
    price: 3000,
    duration: 75,
    category: 'Beauty & Spa',
  });

  /** POST /services as the store's owner: body() with `changes`. */
  const postAsOwner = ownerPoster(ctx, `${API}/services`, writers, body);

  it('creates for the owner; refuses others, customers, anonymous, unknown stores', async () => {
    const created = await postAsOwner();
    expect(created.statusCode).toBe(201);
    expect(created.json().service).toMatchObject({
      name: 'Hot stone massage',
      price: 3000,
      duration: 75,
      type: 'fixed',
    });
    await expectOwnerOnlyCreate(ctx.app, `${API}/services`, writers, body());
    const noPrice = await postAsOwner({ price: undefined });
    expectProblem(noPrice, 400, 'Price is required for a fixed-price service');
  });

  it('updates only the fields sent and deletes, for the owner only', async () => {
    const service = await ctx.createService({ storeId: writers.storeId, featured: true, duration: 45 });
    const url = `${API}/services/${service.id}`;
    await expectOwnerOnlyUpdate(ctx.app, `${API}/services`, url, writers, { name: 'x' });
    const updated = await call(ctx.app, 'PUT', url, {
      token: writers.ownerToken,
      body: { name: 'Renamed', max_concurrent_bookings: 3 },
    });
    expect(updated.json().service).toMatchObject({
      name: 'Renamed',
      featured: true,
      duration: 45,
      maxConcurrentBookings: 3,
    });
    await expectOwnerOnlyDelete(ctx.app, url, writers);
  });
});
