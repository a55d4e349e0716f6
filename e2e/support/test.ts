import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` whose `page.goto` waits, on a page the server rendered (it carries the
 * `#d3-ssr` query cache), until the browser has hydrated it (`<html data-hydrated>`, set by the
 * root layout): the server's markup shows before its buttons work, and a test clicks at once.
 * Pages rendered in the browser only are returned as before.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') {
        await page.waitForFunction(
          () => !document.getElementById('d3-ssr') || document.documentElement.dataset.hydrated === 'true',
        );
      }
      return response;
    };
    await use(page);
  },
});
