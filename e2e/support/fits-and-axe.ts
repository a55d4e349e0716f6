import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test.js';

/** No sideways scroll, and no serious axe finding (in `include` when given: the part this spec adds). */
export async function fitsAndAxeClean(page: Page, label: string, include?: string) {
  const width = page.viewportSize()?.width ?? 0;
  const measured = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(measured, `${label}: no sideways scroll`).toEqual({ scrollWidth: width, innerWidth: width });
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  const results = await axe
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `${label}: serious or critical axe-core violations`).toEqual([]);
}
