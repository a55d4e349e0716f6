import { describe, expect, it } from 'vitest';
import { call } from '../test/build-app.js';
import { createOffer, seedPlaces } from '../test/factories.js';
import { useSiteTestApp } from '../test/site-app.js';

/** Issue 14 finding 2: offer text reaches the home page head as data, never as markup. */
describe('home page head with hostile offer text', () => {
  const INDEX =
    '<!doctype html><html><head><title>D3 Deals</title></head><body><div id="root"></div></body></html>';

  const ctx = useSiteTestApp({ 'index.html': INDEX });

  it("keeps $&, $', $` and $1 in offer text as text, escapes <, >, & and U+2028/2029 in the JSON, and the page stays whole", async () => {
    await seedPlaces(ctx.app.db);
    const title = "Deal $& $' $` $1 </script><script>alert(1)</script> <!-- & \u2028\u2029";
    const description = "Half off $'$'$' and </head><body>pwned";
    const offer = await createOffer(ctx.app.db, {
      discount: '95',
      title,
      description,
      imageUrl: '/media/x.png?a=1&b="><script>alert(2)</script>',
    });
    const home = await call(ctx.app, 'GET', '/', { apiKey: false });
    expect(home.statusCode).toBe(200);
    const html = home.body;

    // The index around the injected head is intact: exactly one </head>, the original body after it.
    expect(html.startsWith('<!doctype html><html><head><title>D3 Deals</title>')).toBe(true);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
    expect(html.split('</head>')).toHaveLength(2);
    // Exactly one script element, and nothing raw that could end it or start markup.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('\u2028');
    expect(html).not.toContain('\u2029');
    expect(html).not.toContain('<!--');

    const match = /<script type="application\/json" id="d3-boot">(.*?)<\/script>/s.exec(html);
    const json = match?.[1] ?? '';
    expect(json).not.toMatch(/[<>&]/);
    const boot = JSON.parse(json);
    const hero = boot.topDeals.body.offers.find((item: { id: string }) => item.id === offer.id);
    expect(hero.title).toBe(title);
    expect(hero.description).toBe(description);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/x.png?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;" fetchpriority="high">',
    );
  });
});
