import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call } from '../test/build-app.js';
import { useSiteTestApp } from '../test/site-app.js';

/** Issue 16: a page's code is preloaded with the index.html that opens it. */
describe('customer site index.html per address', () => {
  const INDEX =
    '<!doctype html><html><head><title>D3 Deals</title></head><body><div id="root"></div></body></html>';

  const ctx = useSiteTestApp({
    'index.html': INDEX,
    'route-preloads.json': JSON.stringify([
      { pattern: '^/$', files: ['/assets/home-page-1.js', '/assets/offer-card-2.js'] },
      {
        pattern: '^/(hotdeals|hot-deals)/?$',
        files: ['/assets/hot-deals-page-abc.js', '/assets/pagination-def.js'],
      },
      { pattern: '^/store/[^/]+/?$', files: ['/assets/store-route-123.js', '"><script>alert(1)</script>'] },
      {
        pattern: '^/stores/?$',
        files: ['/assets/stores-page-1.js'],
        data: ['/api/v1/stores/categories', '/api/v1/no-such-route'],
      },
      {
        pattern: '^/offer/(?<offerId>[^/]+)/?$',
        files: ['/assets/offer-page-1.js'],
        data: ['/api/v1/offers/:offerId'],
      },
    ]),
  });

  it('adds the page chunks of route-preloads.json as modulepreload links for a matching address, case-insensitively', async () => {
    const hotDeals = await call(ctx.app, 'GET', '/HotDeals', { apiKey: false });
    expect(hotDeals.statusCode).toBe(200);
    expect(hotDeals.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hotDeals.body).toBe(
      '<!doctype html><html><head><title>D3 Deals</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/hot-deals-page-abc.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/pagination-def.js">' +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it("gives the home page its own chunks too, with the home page's head data after them", async () => {
    const home = await call(ctx.app, 'GET', '/', { apiKey: false });
    expect(home.statusCode).toBe(200);
    const head = home.body.slice(0, home.body.indexOf('</head>'));
    expect(head).toContain(
      '<title>D3 Deals</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/home-page-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/offer-card-2.js">',
    );
    expect(home.body.match(/modulepreload/g)).toHaveLength(2);
    // The same page with a query string (the page ignores it) starts from the same index.
    const tracked = await call(ctx.app, 'GET', '/?utm_source=sms', { apiKey: false });
    expect(tracked.body).toContain('/assets/home-page-1.js');
  });

  it('never writes a listed name that is not a plain script path, and other addresses get the plain index.html', async () => {
    const store = await call(ctx.app, 'GET', '/store/s-1?tab=reviews', { apiKey: false });
    expect(store.body).toContain('<link rel="modulepreload" crossorigin href="/assets/store-route-123.js">');
    expect(store.body).not.toContain('alert(1)');
    expect(store.body.match(/modulepreload/g)).toHaveLength(1);

    const faq = await call(ctx.app, 'GET', '/faq', { apiKey: false });
    expect(faq.body).toBe(INDEX);
    const storeOffers = await call(ctx.app, 'GET', '/store/s-1/reviews-x/more', { apiKey: false });
    expect(storeOffers.body).toBe(INDEX);
  });

  it("puts the answers of the page's first API reads into its index.html as boot data, 200 answers only, never for an address with a query string", async () => {
    const stores = await call(ctx.app, 'GET', '/stores', { apiKey: false });
    const categories = await call(ctx.app, 'GET', '/api/v1/stores/categories');
    expect(categories.statusCode).toBe(200);
    const match = /<script type="application\/json" id="d3-boot">(.*?)<\/script>/s.exec(stores.body);
    const boot = JSON.parse(match?.[1] ?? '{}');
    expect(Object.keys(boot.responses)).toEqual(['/api/v1/stores/categories']);
    expect(boot.responses['/api/v1/stores/categories']).toEqual(categories.json());
    expect(typeof boot.at).toBe('number');
    // Before </body>, after everything else: the head leaves before the data is read.
    expect(stores.body.endsWith('</script></body></html>')).toBe(true);
    expect(stores.body.split('</head>')).toHaveLength(2);

    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/stores',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const unzipped = gunzipSync(gzipped.rawPayload).toString('utf8');
    expect(unzipped).toContain('<link rel="modulepreload" crossorigin href="/assets/stores-page-1.js">');
    expect(unzipped).toContain('"/api/v1/stores/categories":');

    const paged = await call(ctx.app, 'GET', '/stores?page=2', { apiKey: false });
    expect(paged.body).not.toContain('d3-boot');
    expect(paged.body).toContain('/assets/stores-page-1.js');
  });

  it('leaves the boot data out when the id in the address is not a plain id or the read fails', async () => {
    const missing = await call(ctx.app, 'GET', '/offer/00000000-0000-4000-8000-000000000000', {
      apiKey: false,
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('d3-boot');
    expect(missing.body).toContain('/assets/offer-page-1.js');
    const odd = await call(ctx.app, 'GET', '/offer/a%20b', { apiKey: false });
    expect(odd.body).not.toContain('d3-boot');
  });
});

/**
 * Issue 38: a page's address never goes to the disk. @fastify/static looked each one up first (the
 * file, its .br and .gz copies, then its folder read for a spelling check) before the page was sent.
 */
describe('addresses without a file extension', () => {
  const INDEX =
    '<!doctype html><html><head><title>D3 Deals</title></head><body><div id="root"></div></body></html>';
  const ctx = useSiteTestApp({ 'index.html': INDEX, careers: 'a stray file', 'robots.txt': 'User-agent: *' });

  it('are pages, whatever the disk holds; a file name with an extension is still the file', async () => {
    // A file of the same name (no extension) is never sent: the address is the site's page.
    const careers = await call(ctx.app, 'GET', '/careers', { apiKey: false });
    expect(careers.statusCode).toBe(200);
    expect(careers.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(careers.body).toBe(INDEX);
    const head = await call(ctx.app, 'HEAD', '/careers?from=sms', { apiKey: false });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');

    const robots = await call(ctx.app, 'GET', '/robots.txt', { apiKey: false });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *');
    const site = await call(ctx.app, 'GET', '/index.html', { apiKey: false });
    expect(site.body).toBe(INDEX);
    // The API keeps its own 404.
    const api = await call(ctx.app, 'GET', '/api/v1/no-such-thing', { apiKey: false });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });
});
