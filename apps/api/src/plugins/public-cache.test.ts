import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../db/schema/offers.js';
import { buildTestApp, call, type TestApp } from '../test/build-app.js';
import {
  createCustomer,
  createMerchant,
  createOffer,
  createStore,
  customerToken,
  merchantToken,
  seedPlaces,
  unique,
} from '../test/factories.js';

describe('public cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await buildTestApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    await seedPlaces(cached.app.db);
  });
  afterAll(async () => {
    await cached.close();
  });

  const titles = (response: { json(): { offers: { title: string }[] } }) =>
    response.json().offers.map((offer) => offer.title);

  it('reuses an anonymous answer, never for a signed-in caller, and forgets everything after a write', async () => {
    const db = cached.app.db;
    const store = await createStore(db, { locationId: 'kilimani' });
    const offer = await createOffer(db, { storeId: store.id, title: 'Kilimani Yoga Week' });
    const url = '/api/v1/offers?location=kilimani';

    const first = await call(cached.app, 'GET', url);
    expect(first.headers['x-cache']).toBe('miss');
    expect(titles(first)).toEqual(['Kilimani Yoga Week']);

    // Changed behind the API's back (as another process would): anonymous readers see the cached answer.
    await db.update(offers).set({ title: 'Kilimani Yoga Fortnight' }).where(eq(offers.id, offer.id));
    const second = await call(cached.app, 'GET', url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toContain('application/json');

    // A signed-in customer always gets a fresh answer.
    const token = await customerToken(cached, (await createCustomer(db)).id);
    const signedIn = await call(cached.app, 'GET', url, { token });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(titles(signedIn)).toEqual(['Kilimani Yoga Fortnight']);

    // A successful write through this process empties the cache.
    const favourite = await call(cached.app, 'POST', `/api/v1/offers/${offer.id}/favorite`, { token });
    expect(favourite.statusCode).toBeLessThan(300);
    const third = await call(cached.app, 'GET', url);
    expect(third.headers['x-cache']).toBe('miss');
    expect(titles(third)).toEqual(['Kilimani Yoga Fortnight']);
  });

  it('readers arriving together at an address not yet cached share one answer: one miss, the rest hits', async () => {
    const db = cached.app.db;
    const store = await createStore(db, { locationId: 'westlands' });
    await createOffer(db, { storeId: store.id, title: 'Westlands Pilates Morning' });
    const url = '/api/v1/offers?location=westlands&sortBy=discount&limit=13';
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(cached.app, 'GET', url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'hit')).toHaveLength(7);
    expect(titles(answers[0]!)).toContain('Westlands Pilates Morning');
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body);

    // A first reader that fails (404) lets the others go on and answer for themselves.
    const missing = '/api/v1/stores/00000000-0000-4000-8000-000000000000';
    const failed = await Promise.all(Array.from({ length: 3 }, () => call(cached.app, 'GET', missing)));
    expect(failed.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(failed.map((answer) => answer.headers['x-cache'])).toEqual([undefined, undefined, undefined]);
  });

  it('caches store detail and search, but never an error or a request without the API key', async () => {
    const db = cached.app.db;
    const store = await createStore(db, { name: 'Cached Cafe' });
    const detail = `/api/v1/stores/${store.id}`;
    expect((await call(cached.app, 'GET', detail)).headers['x-cache']).toBe('miss');
    expect((await call(cached.app, 'GET', detail)).headers['x-cache']).toBe('hit');
    expect((await call(cached.app, 'GET', detail, { apiKey: false })).statusCode).toBe(401);

    const search = '/api/v1/search?query=cached';
    expect((await call(cached.app, 'GET', search)).headers['x-cache']).toBe('miss');
    expect((await call(cached.app, 'GET', search)).headers['x-cache']).toBe('hit');

    const missing = '/api/v1/stores/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i += 1) {
      const response = await call(cached.app, 'GET', missing);
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-cache']).toBeUndefined();
    }
  });
  it('an anonymous write (newsletter, contact, sign-up, sign-in, failed sign-in) or a settings change keeps the cache; offer edits and follows empty it', async () => {
    const db = cached.app.db;
    const merchant = await createMerchant(db);
    const store = await createStore(db, { merchantId: merchant.id, locationId: 'mombasa' });
    const offer = await createOffer(db, { storeId: store.id, title: 'Karen Pedicure Day' });
    const url = '/api/v1/offers?location=mombasa';
    expect((await call(cached.app, 'GET', url)).headers['x-cache']).toBe('miss');
    const expectHit = async (what: string) => {
      const response = await call(cached.app, 'GET', url);
      expect(response.headers['x-cache'], what).toBe('hit');
      return response;
    };

    const email = `${unique('anon')}@example.co.ke`;
    const anonymousWrites: Array<[string, string, unknown, number, Record<string, string>?]> = [
      ['newsletter', '/api/v1/newsletter', { email }, 201],
      ['newsletter again', '/api/v1/newsletter', { email }, 200],
      // A forged Authorization header is not a session.
      ['newsletter, forged token', '/api/v1/newsletter', { email }, 200, { authorization: 'Bearer forged' }],
      [
        'contact',
        '/api/v1/contact',
        { fullName: 'Anon', email, subject: 'General Inquiry', message: 'Hello there' },
        201,
      ],
      [
        'sign-up',
        '/api/v1/users/register',
        {
          firstName: 'Anon',
          lastName: 'Ymous',
          email,
          phoneNumber: '0712 000 111',
          password: 'Sup3r-secret-pass',
        },
        201,
      ],
      ['sign-in', '/api/v1/users/login', { email, password: 'Sup3r-secret-pass' }, 200],
      ['failed sign-in', '/api/v1/users/login', { email, password: 'wrong-password' }, 401],
      ['logout', '/api/v1/users/logout', undefined, 200],
    ];
    for (const [what, path, body, status, headers] of anonymousWrites) {
      const response = await call(cached.app, 'POST', path, { body, ...(headers ? { headers } : {}) });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      await expectHit(what);
    }

    // A signed-in customer changing their own settings changes nothing public.
    const customer = await createCustomer(db);
    const token = await customerToken(cached, customer.id);
    const preferences = await call(cached.app, 'PUT', '/api/v1/users/preferences', {
      token,
      body: { darkMode: true },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    await expectHit('preferences');

    // A merchant's offer edit does: the next anonymous read is fresh.
    const edit = await call(cached.app, 'PUT', `/api/v1/offers/${offer.id}`, {
      token: await merchantToken(cached, merchant.id),
      body: { title: 'Karen Pedicure Week' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterEdit = await call(cached.app, 'GET', url);
    expect(afterEdit.headers['x-cache']).toBe('miss');
    expect(titles(afterEdit)).toEqual(['Karen Pedicure Week']);

    // So does a follow (the store's follower count is public).
    await expectHit('after the edit');
    const follow = await call(cached.app, 'POST', `/api/v1/stores/${store.id}/toggle-follow`, { token });
    expect(follow.statusCode, follow.body).toBe(200);
    expect((await call(cached.app, 'GET', url)).headers['x-cache']).toBe('miss');
  });
});

describe('HTTP caching of public reads (issue 16)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
    await seedPlaces(plain.app.db);
  });
  afterAll(async () => {
    await plain.close();
  });

  it('anonymous reads carry public Cache-Control and an ETag; If-None-Match gets 304; signed-in reads are private', async () => {
    const db = plain.app.db;
    const store = await createStore(db, { locationId: 'westlands' });
    const offer = await createOffer(db, { storeId: store.id, title: unique('Etag Tea') });
    for (const url of [
      '/api/v1/offers?location=westlands',
      `/api/v1/stores/${store.id}`,
      '/api/v1/search?query=tea',
    ]) {
      const first = await call(plain.app, 'GET', url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
      );
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['x-cache']).toBeUndefined();

      const again = await call(plain.app, 'GET', url, { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }

    // A change gives a new tag, so the old one no longer matches.
    const url = '/api/v1/offers?location=westlands';
    const before = String((await call(plain.app, 'GET', url)).headers.etag);
    await db
      .update(offers)
      .set({ title: unique('Etag Coffee') })
      .where(eq(offers.id, offer.id));
    const changed = await call(plain.app, 'GET', url, { headers: { 'if-none-match': before } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(before);

    const customer = await createCustomer(db);
    const signedIn = await call(plain.app, 'GET', `/api/v1/stores/${store.id}`, {
      token: await customerToken(plain, customer.id),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBeUndefined();
  });
});
