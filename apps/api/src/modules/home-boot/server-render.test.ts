import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build-app.js';
import { createOffer, createService, createStore, daysFromNow, seedPlaces } from '../../test/factories.js';
import { writeRenderedSite } from '../../test/site-app.js';

/** The customer site's server entry, as source (vitest compiles it as `vite build --ssr` would). */
const SITE_ENTRY = fileURLToPath(new URL('../../../../web/src/entry-server.tsx', import.meta.url));

const INDEX =
  '<!doctype html><html><head><title>D3 Deals</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '</head><body><div id="root"></div></body></html>';

/** The markup the server rendered into #root. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  return html.slice(start, html.indexOf('<script type="application/json" id="d3-ssr">'));
}

/**
 * Issue 16: the first view of the customer site's entry pages is rendered by the API process from
 * the site's own code (dist-server/entry-server.js beside WEB_DIST), with the site's reads answered
 * from the database; a render that fails sends the page as before.
 */
describe('customer site rendered on the server', { timeout: 120_000 }, () => {
  let root: string;
  let ctx: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'd3-ssr-'));
    const web = await writeRenderedSite(root, {
      index: INDEX,
      preloads: [
        {
          pattern: '^/(hotdeals|hot-deals)/?$',
          files: ['/assets/hot-deals-page-1.js'],
          data: ['/api/v1/offers?status=active&limit=12&sortBy=latest&page=1'],
        },
        {
          pattern: '^/(offer|offers|view-offer)/(?<offerId>[^/]+)/?$',
          files: ['/assets/offer-page-1.js'],
          data: ['/api/v1/offers/:offerId'],
        },
        {
          pattern: '^/(stores|services)/?$',
          files: ['/assets/stores-page-1.js'],
          data: ['/api/v1/stores/categories'],
        },
      ],
      // The site's entry; its render fails on purpose for /services and /?q=fail (the fallback under test; `q` is a parameter pages read, so the render sees it).
      entry: [
        `import * as site from ${JSON.stringify(SITE_ENTRY)};`,
        'export const setServerReads = site.setServerReads;',
        'export async function render(url, locale) {',
        "  if (url.startsWith('/services') || url.includes('q=fail')) throw new Error('render failed on purpose');",
        '  return site.render(url, locale);',
        '}',
      ],
    });
    ctx = await buildTestApp({
      env: { WEB_DIST: web, WEB_SSR: 'true', LOG_LEVEL: 'error' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await seedPlaces(ctx.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('renders Hot Deals with the offers in the database and sends the query cache it rendered from', async () => {
    const store = await createStore(ctx.database.db, { name: 'Ssr Test Spa' });
    const first = await createOffer(ctx.database.db, {
      storeId: store.id,
      title: 'Hot stone massage <for two> & tea',
    });
    const second = await createOffer(ctx.database.db, {
      storeId: store.id,
      title: 'Manicure $& pedicure',
      expirationDate: daysFromNow(20),
    });

    const page = await call(ctx.app, 'GET', '/hotdeals', { apiKey: false });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const rendered = rootOf(page.body);
    expect(rendered).toContain('<h1');
    expect(rendered).toContain('Hot Deals');
    // Offer titles as text, escaped (never markup), `$&` kept as it is.
    expect(rendered).toContain('Hot stone massage &lt;for two&gt; &amp; tea');
    expect(rendered).toContain('Manicure $&amp; pedicure');
    expect(rendered).not.toContain('<script');

    const data = /<script type="application\/json" id="d3-ssr">(.*?)<\/script><\/body><\/html>$/s.exec(
      page.body,
    );
    const state = JSON.parse(data?.[1] ?? '{}') as {
      queries: { state: { data: { offers?: { id: string }[] } } }[];
    };
    const offerIds = state.queries.flatMap(
      (query) => query.state.data.offers?.map((offer) => offer.id) ?? [],
    );
    expect(offerIds).toEqual(expect.arrayContaining([first.id, second.id]));
    // The data block is inert JSON: markup in offer text cannot close it.
    expect(data?.[1]).not.toContain('<for two>');
    // The rendered page carries its data itself: no separate boot data block.
    expect(page.body).not.toContain('d3-boot');
    // Its code loads after the first paint: one deferred loader names the entry and every chunk
    // to preload (the site's and the page's); no module script or preload link is left to compete.
    expect(page.body).toContain(
      '<script src="/after-paint.js" data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/hot-deals-page-1.js" defer></script>',
    );
    expect(page.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');

    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/hotdeals',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain('Manicure $&amp; pedicure');
  });

  it("renders the words made outside React in each request's own language, never a message id", async () => {
    // Two renders at once, one per language: each page's location button reads its own catalogue.
    const [english, swahili] = await Promise.all([
      call(ctx.app, 'GET', '/hotdeals', { apiKey: false, headers: { cookie: 'd3_locale=en' } }),
      call(ctx.app, 'GET', '/hotdeals', { apiKey: false, headers: { cookie: 'd3_locale=sw' } }),
    ]);
    expect(rootOf(english.body)).toContain('All Locations');
    expect(rootOf(swahili.body)).toContain('Maeneo Yote');
    expect(rootOf(swahili.body)).not.toContain('All Locations');
    for (const page of [english, swahili]) expect(rootOf(page.body)).not.toContain('location.all');
  });

  it("renders an offer's page with its title as the heading", async () => {
    const offer = await createOffer(ctx.database.db, { title: 'Deep tissue massage, 90 minutes' });
    const page = await call(ctx.app, 'GET', `/offer/${offer.id}`, { apiKey: false });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toMatch(/<h1[^>]*>Deep tissue massage, 90 minutes<\/h1>/);
  });

  it('renders each entry page once, its reads asked first, and sends the browser only the reads it shows', async () => {
    const store = await createStore(ctx.database.db, { name: 'One Pass Salon' });
    const service = await createService(ctx.database.db, { storeId: store.id, name: 'One pass pedicure' });
    const offer = await createOffer(ctx.database.db, {
      storeId: store.id,
      serviceId: service.id,
      title: 'One pass facial',
    });
    // The site's entry as the app loaded it (the wrapper above), with its reads answered by the app.
    await call(ctx.app, 'GET', '/hotdeals', { apiKey: false });
    const site = (await import(SITE_ENTRY)) as {
      render(
        url: string,
      ): Promise<{ html: string; passes: number; state: { queries: { queryKey: unknown[] }[] } }>;
    };
    const id = store.id;
    const pages: [string, unknown[][], string][] = [
      ['/', [['offers', 'top-deals', { limit: 20 }]], 'One pass facial'],
      [
        '/hotdeals?category=Beauty%20%26%20Spa&sort=discount&page=1',
        [['offers', 'list', { category: 'Beauty & Spa', sortBy: 'discount', page: 1, limit: 12 }]],
        'One pass facial',
      ],
      [
        '/stores?sort=name_asc',
        [
          ['stores', 'categories'],
          ['stores', 'list', { sortBy: 'name_asc', page: 1, limit: 20 }],
        ],
        'One Pass Salon',
      ],
      [
        `/store/${id}`,
        [
          ['stores', id],
          ['stores', id, 'offers'],
          ['stores', id, 'services'],
          ['stores', id, 'reviews', null, 1],
        ],
        'One pass facial',
      ],
      // The offer, then the service it books (read from the offer's answer), before the one render.
      [
        `/offer/${offer.id}`,
        [
          ['offers', offer.id],
          ['services', service.id],
        ],
        'One pass facial',
      ],
      [
        '/service-requests?q=plumber',
        [
          [
            'service-requests',
            null,
            'list',
            { page: 1, category: '', budget: '', timeline: '', search: 'plumber' },
          ],
          ['service-requests', 'categories'],
        ],
        'Service Requests',
      ],
    ];
    for (const [url, reads, shown] of pages) {
      const rendered = await site.render(url);
      expect({ url, passes: rendered.passes }).toEqual({ url, passes: 1 });
      expect(rendered.state.queries.map((query) => query.queryKey)).toEqual(reads);
      expect(rendered.html).toContain(shown);
    }
    // A page without declared reads is still rendered whole: its first render finds them.
    const servicePage = await site.render(`/service/${service.id}`);
    expect(servicePage.passes).toBe(2);
    expect(servicePage.html).toMatch(/<h1[^>]*>One pass pedicure<\/h1>/);
  });

  it('sends the page unrendered, with its boot data, when the render throws, and logs it', async () => {
    const page = await call(ctx.app, 'GET', '/services', { apiKey: false });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('d3-ssr');
    // The head left before the render failed: the loader still brings the page's code.
    expect(page.body).toContain(
      'data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/stores-page-1.js"',
    );
    expect(page.body).toContain('<script type="application/json" id="d3-boot">');
    expect(page.body.endsWith('</script></body></html>')).toBe(true);
    expect(lines.some((line) => line.includes('server render failed'))).toBe(true);
  });

  it('sends the home page its top deals once: rendered, in its query cache only; unrendered, as boot data', async () => {
    const store = await createStore(ctx.database.db, { name: 'Once Only Spa' });
    const hero = await createOffer(ctx.database.db, {
      storeId: store.id,
      title: 'Ninety off once',
      discount: '99',
      imageUrl: '/media/once.png?a=1&b=2',
    });
    const preload = '<link rel="preload" as="image" href="/media/once.png?a=1&amp;b=2" fetchpriority="high">';

    const home = await call(ctx.app, 'GET', '/', { apiKey: false });
    expect(home.statusCode).toBe(200);
    const head = home.body.slice(0, home.body.indexOf('</head>'));
    expect(head).toContain(preload);
    expect(home.body).not.toContain('d3-boot');
    expect(rootOf(home.body)).toContain('Ninety off once');
    const data = /<script type="application\/json" id="d3-ssr">(.*?)<\/script><\/body><\/html>$/s.exec(
      home.body,
    );
    const state = JSON.parse(data?.[1] ?? '{}') as {
      queries: { queryKey: unknown[]; state: { data: { id: string }[] } }[];
    };
    const topDeals = state.queries.find((query) => query.queryKey[1] === 'top-deals');
    expect(topDeals?.state.data[0]?.id).toBe(hero.id);

    // The render fails: the page goes out as before, with the offers as boot data before </body>.
    const failed = await call(ctx.app, 'GET', '/?q=fail', { apiKey: false });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).not.toContain('d3-ssr');
    expect(failed.body.slice(0, failed.body.indexOf('</head>'))).toContain(preload);
    const boot = /<script type="application\/json" id="d3-boot">(.*?)<\/script><\/body><\/html>$/s.exec(
      failed.body,
    );
    const parsed = JSON.parse(boot?.[1] ?? '{}') as {
      topDeals: { limit: number; body: { offers: { id: string }[] } };
    };
    expect(parsed.topDeals.limit).toBe(20);
    expect(parsed.topDeals.body.offers[0]?.id).toBe(hero.id);
  });
});
