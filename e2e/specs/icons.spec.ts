import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * Issue 32: on a slow phone the icon sprite (/icons.svg, every icon the site has) was an SVG document
 * of its own, ~425 elements built on the main thread (84–154 ms at a 4x CPU slowdown) for the ~20
 * icons a page draws. Now a page the server renders sends the symbols of its icons inline, the
 * browser adds the symbol of any other icon it draws from the icon's shapes, and every icon points at
 * its symbol in the page (packages/shared/src/site/icon-sprite.ts, apps/web/src/lib/icon-href.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Each icon's `<use>` address, whether it names a symbol in the page, and the size it is drawn at. */
async function icons(page: Page) {
  return page.locator('svg.lucide use').evaluateAll((uses) =>
    uses.map((use) => {
      const href = use.getAttribute('href') ?? '';
      const box = use.getBoundingClientRect();
      return {
        href,
        symbol: href.startsWith('#') && document.getElementById(href.slice(1))?.tagName === 'symbol',
        drawn: box.width > 0 && box.height > 0,
      };
    }),
  );
}

test('server-rendered pages draw every icon from a symbol in the page, and no page loads the sprite', async ({
  page,
}) => {
  const spriteLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/icons.svg') spriteLoads.push(request.url());
  });

  for (const path of ['/stores', '/hotdeals', '/']) {
    const response = await page.goto(path);
    // The server's markup already points at its symbols (before any code ran).
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<svg id="d3-icons"');
    expect(html).toMatch(/<use href="#d3i-map-pin"/);
    expect(html).not.toContain('href="/icons.svg#');
    // The footer is drawn by the browser after the first paint: its symbols are not in the server's page.
    expect(html).not.toContain('id="d3i-phone"');

    // The header's icons on screen are drawn at their size (a <use> without its symbol draws nothing).
    const header = await page
      .locator('header svg.lucide')
      .evaluateAll((svgs) =>
        svgs
          .filter((svg) => svg.getBoundingClientRect().width > 0)
          .map((svg) => Math.round(svg.querySelector('use')?.getBoundingClientRect().width ?? 0)),
      );
    expect(header.length).toBeGreaterThan(1);
    expect(header.filter((width) => width < 8)).toEqual([]);

    // Below the fold, drawn by the browser after the first paint: the footer's phone and mail icons.
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.locator('footer svg.lucide use').first()).toHaveAttribute('href', /^#d3i-/);
    const drawn = await icons(page);
    expect(drawn.length).toBeGreaterThan(20);
    expect(drawn.filter((icon) => !icon.symbol)).toEqual([]);
    // Each symbol is in the page once, whoever added it.
    const ids = await page
      .locator('#d3-icons > symbol')
      .evaluateAll((symbols) => symbols.map((symbol) => symbol.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['d3i-map-pin', 'd3i-phone', 'd3i-mail']));
  }

  // The sign-in page, drawn by the browser alone (the server renders only the entry pages): icons from symbols too.
  await page.getByRole('link', { name: 'Login to your account' }).click();
  await expect(page).toHaveURL(/\/accounts\/sign-in/);
  await expect(page.locator('svg.lucide use').first()).toHaveAttribute('href', /^#d3i-/);
  expect((await icons(page)).filter((icon) => !icon.symbol)).toEqual([]);

  expect(spriteLoads).toEqual([]);
});
