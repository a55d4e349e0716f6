import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:4520';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
});
const page = await context.newPage();
await page.goto(base + '/stores');
await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
  timeout: 60000,
});
await page.waitForTimeout(1500);
await page.evaluate(() => {
  for (const link of document.querySelectorAll('a[aria-label="D3 Deals home"]')) {
    link.removeAttribute('aria-label');
    for (const span of link.querySelectorAll('span')) span.removeAttribute('aria-hidden');
    const sr = document.createElement('span');
    sr.className = 'sr-only';
    sr.textContent = ' home';
    link.append(sr);
  }
});
const names = await page.evaluate(() =>
  [...document.querySelectorAll('a[href="/"]')].slice(0, 1).map((a) => a.textContent),
);
console.log(names, await page.getByRole('link', { name: /home/ }).first().getAttribute('href'));
console.log((await page.accessibility?.snapshot?.().catch?.(() => '')) ?? '');
const results = await new AxeBuilder({ page })
  .withRules(['label-content-name-mismatch'])
  .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
  .analyze();
console.log(
  results.violations
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' ') + ' ' + (n.failureSummary ?? '').replaceAll('\n', ' ').slice(0, 160))
          .join(' | ')}`,
    )
    .join('\n') || 'clean',
);
await browser.close();
