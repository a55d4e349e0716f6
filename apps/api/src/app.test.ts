import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, users } from './db/schema/accounts.js';
import { contactMessages, newsletterSubscriptions, outbox } from './db/schema/support.js';
import { requireCustomer, requireMerchant } from './plugins/auth.js';
import { buildTestApp, type CallOptions, call, type TestApp, useTestApp } from './test/build-app.js';
import { createOffer, seedPlaces } from './test/factories.js';
import { expectProblemCode } from './test/problems.js';
import { PRODUCTION_PROVIDER_ENV } from './test/production-env.js';

async function probeRoutes(api: FastifyInstance) {
  api.get('/probe/customer', { preHandler: requireCustomer }, async (request) => ({
    session: request.session,
  }));
  api.get('/probe/merchant', { preHandler: requireMerchant }, async (request) => ({
    session: request.session,
  }));
  api.post('/probe/token', async (request, reply) => {
    const body = request.body as { sub: string; role: 'customer' | 'merchant' };
    const token = await api.signAccessToken({ sub: body.sub, role: body.role, tv: 0 });
    api.setAccessTokenCookie(reply, token, body.role);
    return { token };
  });
  api.get('/probe/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
}

const ctx = useTestApp({ extraApiRoutes: probeRoutes });

describe('health', () => {
  it('reports the database on /health and /api/v1/health without an API key', async () => {
    for (const url of ['/health', '/api/v1/health']) {
      const response = await call(ctx.app, 'GET', url, { apiKey: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    }
  });

  it('answers 503 naming the database when it is down', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await call(broken.app, 'GET', '/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'down' });
    await broken.close();
  });
});

describe('x-api-key', () => {
  it('refuses a missing key with the envelope', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/newsletter', {
      apiKey: false,
      body: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Invalid API key', code: 'INVALID_API_KEY' });
  });

  it('refuses an unknown key and accepts every configured key', async () => {
    const unknown = await call(ctx.app, 'POST', '/api/v1/newsletter', {
      apiKey: 'nope',
      body: { email: 'k1@b.co' },
    });
    expect(unknown.statusCode).toBe(401);
    const second = await call(ctx.app, 'POST', '/api/v1/newsletter', {
      apiKey: 'second-key',
      body: { email: 'k2@b.co' },
    });
    expect(second.statusCode).toBe(201);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 envelope', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/unknown', '/api']) {
      const response = await call(ctx.app, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('hides the text of unexpected errors behind a generic 500', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/probe/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: 'Server error. Please try again later.',
      code: 'INTERNAL',
      // The reference support asks for is the request's own id (issue 35).
      reference: response.headers['x-request-id'],
    });
    expect(response.headers['x-request-id']).toMatch(/\S{8,}/);
    expect(response.body).not.toContain('postgres://');
  });

  it.each([
    [
      'malformed JSON with 400, not 500',
      { body: '{"fullName": ', headers: { 'content-type': 'application/json' } },
      400,
      'BAD_REQUEST',
    ],
    [
      'bodies over 1 MiB with 413',
      { body: { fullName: 'A', email: 'a@b.co', subject: 'Other', message: 'x'.repeat(1024 * 1024 + 10) } },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'an unsupported content type with 415',
      { body: 'fullName=A', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ] as Array<[string, CallOptions, number, string]>)('answers %s', async (_, options, status, code) => {
    const response = await call(ctx.app, 'POST', '/api/v1/contact', options);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
  });

  it('carries a request id on every response, echoing a sane incoming one', async () => {
    const generated = await call(ctx.app, 'GET', '/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call(ctx.app, 'GET', '/health', { headers: { 'x-request-id': 'req-12345678' } });
    expect(echoed.headers['x-request-id']).toBe('req-12345678');
  });
});

describe('contact form', () => {
  it('stores a valid message and confirms it', async () => {
    const body = {
      fullName: 'Amina Njeri',
      email: 'amina@example.co.ke',
      subject: 'Feedback',
      message: 'Love it',
    };
    const response = await call(ctx.app, 'POST', '/api/v1/contact', { body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.stringContaining('message has been sent'),
    });
    const rows = await ctx.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(body);
  });

  it('names every missing field, stores nothing', async () => {
    const before = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    const response = await call(ctx.app, 'POST', '/api/v1/contact', {
      body: { fullName: '  ', email: 'not-an-email', subject: 'Spam' },
    });
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Full name is required',
    });
    expect(json.errors).toEqual({
      fullName: 'Full name is required',
      email: 'Email is invalid',
      subject: 'Please choose a subject',
      message: 'Message is required',
    });
    const after = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('newsletter', () => {
  it('stores an address once, whatever its case', async () => {
    const first = await call(ctx.app, 'POST', '/api/v1/newsletter', {
      body: { email: 'Wanjiku@Example.com' },
    });
    expect(first.statusCode).toBe(201);
    const again = await call(ctx.app, 'POST', '/api/v1/newsletter', {
      body: { email: 'wanjiku@example.com ' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("You're subscribed! Watch your inbox for the best deals.");
    const rows = await ctx.app.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'wanjiku@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it('requires an email', async () => {
    const response = await call(ctx.app, 'POST', '/api/v1/newsletter', { body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Email is required',
      errors: { email: 'Email is required' },
    });
  });
});

describe('JWT sessions', () => {
  const customerId = '0b6f3f5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
  const merchantId = '7c1d2e3f-4a5b-4c6d-9e8f-1a2b3c4d5e6f';

  // The accounts module's session validators accept only tokens of existing accounts.
  beforeAll(async () => {
    await ctx.app.db.insert(users).values({
      id: customerId,
      firstName: 'Probe',
      lastName: 'Customer',
      email: 'probe.customer@example.com',
      referralSlug: 'probe-customer',
    });
    await ctx.app.db.insert(merchants).values({
      id: merchantId,
      firstName: 'Probe',
      lastName: 'Merchant',
      email: 'probe.merchant@example.com',
      passwordHash: 'not-a-real-hash',
    });
  });

  async function tokenFor(role: 'customer' | 'merchant') {
    const sub = role === 'customer' ? customerId : merchantId;
    const response = await call(ctx.app, 'POST', '/api/v1/probe/token', { body: { sub, role } });
    return response.json().token as string;
  }

  it('accepts a Bearer token and exposes the session', async () => {
    const token = await tokenFor('customer');
    const response = await call(ctx.app, 'GET', '/api/v1/probe/customer', { token });
    expect(response.statusCode).toBe(200);
    const session = response.json().session;
    expect(session).toEqual({ sub: customerId, role: 'customer', tv: 0, exp: expect.any(Number) });
    // The token's own expiry (sockets end when it passes, issue 31): 30 days from now.
    expect(session.exp - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  });

  it('sets and accepts the 30-day HttpOnly access_token cookie', async () => {
    const issued = await call(ctx.app, 'POST', '/api/v1/probe/token', {
      body: { sub: customerId, role: 'customer' },
    });
    const cookie = issued.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 2_592_000, path: '/' });
    const response = await call(ctx.app, 'GET', '/api/v1/probe/customer', {
      headers: { cookie: `access_token=${cookie!.value}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps the merchant session in its own cookie', async () => {
    const issued = await call(ctx.app, 'POST', '/api/v1/probe/token', {
      body: { sub: merchantId, role: 'merchant' },
    });
    const cookie = issued.cookies.find((c) => c.name === 'merchant_access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(issued.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    const asMerchant = await call(ctx.app, 'GET', '/api/v1/probe/merchant', {
      headers: { cookie: `merchant_access_token=${cookie!.value}` },
    });
    expect(asMerchant.statusCode).toBe(200);
    // A customer route reads only the customer cookie.
    const asCustomer = await call(ctx.app, 'GET', '/api/v1/probe/customer', {
      headers: { cookie: `merchant_access_token=${cookie!.value}` },
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('keeps customer and merchant tokens apart', async () => {
    const customer = await tokenFor('customer');
    const merchant = await tokenFor('merchant');
    expect((await call(ctx.app, 'GET', '/api/v1/probe/merchant', { token: customer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/v1/probe/customer', { token: merchant })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/v1/probe/merchant', { token: merchant })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/probe/customer');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
  });

  it('refuses expired, forged, alg-none and malformed tokens with 401', async () => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const expired = await new SignJWT({ role: 'customer', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customerId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const forged = await new SignJWT({ role: 'customer', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customerId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: customerId, role: 'customer', tv: 0, exp: 9999999999 })}.`;
    const hs512 = await new SignJWT({ role: 'customer', tv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(customerId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${ctx.config.jwtSecret}${ctx.config.jwtSecret}`));

    const expiredResponse = await call(ctx.app, 'GET', '/api/v1/probe/customer', { token: expired });
    expectProblemCode(expiredResponse, 401, 'SESSION_EXPIRED');
    for (const token of [forged, algNone, hs512, 'not.a.jwt', 'garbage']) {
      const response = await call(ctx.app, 'GET', '/api/v1/probe/customer', { token });
      expect(response.statusCode, token).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After and the envelope past the budget', async () => {
    const statuses: number[] = [];
    let last = await call(limited.app, 'GET', '/api/v1/nothing');
    statuses.push(last.statusCode);
    for (let i = 0; i < 3; i++) {
      last = await call(limited.app, 'GET', '/api/v1/nothing');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(last.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own scripts', async () => {
    const response = await call(ctx.app, 'GET', '/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('every answer carries the same security headers: a page of data, an unknown path and a refused body alike', async () => {
    const answers = [
      await call(ctx.app, 'GET', '/api/v1/offers'),
      await call(ctx.app, 'GET', '/api/v1/no-such-route'),
      await call(ctx.app, 'POST', '/api/v1/newsletter', { body: { email: 'not-an-email' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['content-security-policy']).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
      // Not in development: HSTS only where the site is served over HTTPS (production).
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('in production adds HSTS and asks browsers to upgrade insecure requests', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production', ...PRODUCTION_PROVIDER_ENV } });
    try {
      const response = await call(production.app, 'GET', '/health');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await production.close();
    }
  });
});

describe('OpenAPI docs', () => {
  it('serves the generated document and the UI at /api/docs', async () => {
    const document = await call(ctx.app, 'GET', '/api/docs/json', { apiKey: false });
    expect(document.statusCode).toBe(200);
    const json = document.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining(['/api/v1/contact', '/api/v1/newsletter']),
    );
    expect(
      json.paths['/api/v1/contact'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['fullName', 'email', 'subject', 'message']));
    const ui = await call(ctx.app, 'GET', '/api/docs/', { apiKey: false });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('development outbox', () => {
  it('lists messages to one address, newest first', async () => {
    await ctx.app.db.insert(outbox).values([
      { channel: 'sms', to: '+254712000001', body: 'first', createdAt: new Date('2026-01-01T10:00:00Z') },
      { channel: 'sms', to: '+254712000001', body: 'second', createdAt: new Date('2026-01-01T10:05:00Z') },
      { channel: 'sms', to: '+254712000002', body: 'other', createdAt: new Date('2026-01-01T10:06:00Z') },
    ]);
    const response = await call(ctx.app, 'GET', '/api/v1/dev/outbox?to=%2B254712000001');
    expect(response.statusCode).toBe(200);
    expect(response.json().messages.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
    expect(response.json().messages[0].createdAt).toBe('2026-01-01T10:05:00.000+00:00');
  });

  it('does not exist in production', async () => {
    const production = await buildTestApp({
      env: { NODE_ENV: 'production', ...PRODUCTION_PROVIDER_ENV },
    });
    const response = await call(production.app, 'GET', '/api/v1/dev/outbox');
    expect(response.statusCode).toBe(404);
    await production.close();
  });
});

describe('built sites', () => {
  let sites: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'd3-sites-'));
    for (const [dir, title] of [
      ['web', 'Customer'],
      ['merchant', 'Merchant'],
    ] as const) {
      await mkdir(path.join(root, dir, 'assets'), { recursive: true });
      await writeFile(path.join(root, dir, 'index.html'), `<!doctype html><title>${title}</title>`);
      await writeFile(path.join(root, dir, 'assets', 'app-abc123.js'), `console.log('${title}')`);
      const bundle = `console.log('${title} bundle');`.repeat(100);
      await writeFile(path.join(root, dir, 'assets', 'big-abc123.js'), bundle);
      await writeFile(path.join(root, dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(bundle));
      await writeFile(path.join(root, dir, 'assets', 'big-abc123.js.gz'), gzipSync(bundle));
    }
    sites = await buildTestApp({
      env: { WEB_DIST: path.join(root, 'web'), MERCHANT_DIST: path.join(root, 'merchant') },
    });
  });
  afterAll(async () => {
    await sites.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves each site index for its own client routes', async () => {
    for (const [url, title] of [
      ['/', 'Customer'],
      ['/hotdeals', 'Customer'],
      ['/store/abc/offer/def', 'Customer'],
      ['/merchant/', 'Merchant'],
      ['/merchant', 'Merchant'],
      ['/merchant/offers', 'Merchant'],
    ] as const) {
      const response = await call(sites.app, 'GET', url, { apiKey: false });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s missing files', async () => {
    const asset = await call(sites.app, 'GET', '/merchant/assets/app-abc123.js', { apiKey: false });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('Merchant');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await call(sites.app, 'GET', '/assets/missing-123.js', { apiKey: false });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the precompressed file the browser accepts', async () => {
    const brotli = await call(sites.app, 'GET', '/assets/big-abc123.js', {
      apiKey: false,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('Customer bundle');
    const gzip = await call(sites.app, 'GET', '/assets/big-abc123.js', {
      apiKey: false,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await call(sites.app, 'GET', '/assets/big-abc123.js', { apiKey: false });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Customer bundle');
  });

  it('puts the hero offers and a preload of the first image into the home page head', async () => {
    // Its own app: the head is cached for 30 s, and the other tests here already asked for /.
    const fresh = await buildTestApp({ env: { WEB_DIST: path.join(root, 'web') } });
    try {
      await seedPlaces(fresh.app.db);
      const offer = await createOffer(fresh.app.db, { discount: '90', imageUrl: '/media/hero.png?a=1&b=2' });
      const home = await call(fresh.app, 'GET', '/', { apiKey: false });
      expect(home.statusCode).toBe(200);
      const match = /<script type="application\/json" id="d3-boot">(.*?)<\/script>/.exec(home.body);
      expect(match).not.toBeNull();
      const boot = JSON.parse(match?.[1] ?? '{}');
      const api = await call(fresh.app, 'GET', '/api/v1/offers/top-deals?limit=20');
      expect(boot.topDeals.limit).toBe(20);
      expect(boot.topDeals.body).toEqual(api.json());
      expect(boot.topDeals.body.offers[0].id).toBe(offer.id);
      expect(home.body).toContain(
        '<link rel="preload" as="image" href="/media/hero.png?a=1&amp;b=2" fetchpriority="high">',
      );
      // Other site routes get the plain index.
      const other = await call(fresh.app, 'GET', '/hotdeals', { apiKey: false });
      expect(other.body).not.toContain('d3-boot');
    } finally {
      await fresh.close();
    }
  });

  it('keeps /api paths out of the site fallback', async () => {
    const response = await call(sites.app, 'GET', '/api/v1/unknown');
    expectProblemCode(response, 404, 'ROUTE_NOT_FOUND');
  });
});
