import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:4520';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const offers = await (
  await fetch(`${base}/api/v1/offers?limit=1`, { headers: { 'x-api-key': 'd3-dev-key' } })
).json();
const offer = offers.offers[0];
const pages = [
  '/',
  '/hotdeals',
  '/stores',
  '/service-requests',
  `/offer/${offer.id}`,
  `/store/${offer.store_id ?? offer.storeId ?? offer.store?.id}`,
  '/search?q=spa',
  '/faq',
  '/about-us',
];
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    isMobile: width < 768,
    hasTouch: width < 768,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 60000,
    });
    await page.waitForTimeout(1500);
    const results = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const bad = results.violations.filter(
      (v) => ['serious', 'critical'].includes(v.impact) || v.id === 'heading-order' || v.id === 'target-size',
    );
    console.log(
      width,
      path,
      bad
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.nodes
              .slice(0, 3)
              .map(
                (n) =>
                  n.target.join(' ') + ' ' + (n.failureSummary ?? '').replaceAll('\n', ' ').slice(0, 160),
              )
              .join(' | ')}`,
        )
        .join('\n   ') || 'clean',
    );
  }
  await context.close();
}
await browser.close();
