import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../test/build-app.js';

// Issue 36: crawlers and link checkers believe the status, so an address neither site has a route
// for answers 404 (with the site's index.html, which draws its not-found page), on both sites.
const WEB_INDEX =
  '<!doctype html><html><head><title>D3 Deals</title></head><body><div id="root"></div></body></html>';
const MERCHANT_INDEX =
  '<!doctype html><html><head><title>D3 Merchant</title></head><body><div id="root"></div></body></html>';

let root: string;
const ctx = {} as TestApp;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'd3-sites-'));
  const write = async (dir: string, files: Record<string, string>) => {
    await mkdir(path.join(root, dir), { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, dir, name), text);
  };
  await write('web', {
    'index.html': WEB_INDEX,
    'site-routes.json': JSON.stringify([
      '/',
      '/stores',
      '/Stores',
      '/store/:storeId',
      '/profile/bookings/:bookingId',
    ]),
  });
  await write('merchant', {
    'index.html': MERCHANT_INDEX,
    'site-routes.json': JSON.stringify(['/', '/sign-in', '/offers']),
  });
  Object.assign(
    ctx,
    await buildTestApp({
      env: { WEB_DIST: path.join(root, 'web'), MERCHANT_DIST: path.join(root, 'merchant') },
    }),
  );
});

afterAll(async () => {
  await ctx.close?.();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string) => call(ctx.app, 'GET', url, { apiKey: false });

/** Each of `urls` answers `status` with the HTML page `page`. */
async function expectPages(urls: string[], status: number, page: string) {
  for (const url of urls) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(page);
  }
}

describe('unknown addresses on the sites', () => {
  it('answer 404 with the customer site’s page, known routes (any case, params, a query) 200', async () => {
    await expectPages(['/no-such-page', '/store', '/store/abc/extra', '/profile/bookings'], 404, WEB_INDEX);
    await expectPages(
      ['/stores', '/STORES/', '/store/abc?tab=reviews', '/profile/bookings/b-1'],
      200,
      WEB_INDEX,
    );
  });

  it('answer 404 with the merchant site’s page under /merchant/, its routes 200', async () => {
    await expectPages(
      ['/merchant/no-such-page', '/merchant/offers/1', '/merchant/sign-in/x'],
      404,
      MERCHANT_INDEX,
    );
    await expectPages(
      ['/merchant/', '/merchant', '/merchant/sign-in', '/merchant/offers?page=2'],
      200,
      MERCHANT_INDEX,
    );
  });

  it('serve the customer site’s app shell (its service worker’s offline page) with 200, unrendered', async () => {
    // No route of the site's router: without this the worker's install fails (a 404 rejects its
    // cache.add) and the site never works offline (offline.spec.ts).
    const response = await get('/app-shell');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(WEB_INDEX);
    expect((await get('/merchant/app-shell')).statusCode).toBe(404);
  });

  it('leave files, the API and its own 404s alone', async () => {
    expect((await get('/missing.js')).statusCode).toBe(404);
    const api = await call(ctx.app, 'GET', '/api/v1/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
