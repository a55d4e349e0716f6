import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/** What the one server process promises besides the customer pages: API errors, docs, merchant site, CSP. */

/**
 * Collects console errors, uncaught exceptions and Content-Security-Policy violations from now on.
 * Chromium reports a CSP violation as a console error too; the listener makes sure none goes unseen.
 */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return problems;
}

test('an unknown API path answers the JSON 404 envelope', async ({ request }) => {
  const response = await request.get('/api/v1/does-not-exist', { headers: { 'x-api-key': 'd3-dev-key' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = await response.json();
  expect(body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
});

test('the API health check reports the database up', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok' });
});

test('/api/docs shows the Swagger UI without console errors or CSP violations', async ({ page }) => {
  const problems = await watchForProblems(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  // The operations are rendered from the OpenAPI document, so the UI really loaded it.
  await expect(page.locator('.opblock').first()).toBeVisible();
  // Swagger UI styles its parts inline: the site's CSP (style-src 'unsafe-inline') covers it, its own did not.
  expect(problems).toEqual([]);
});

test('/merchant/ shows the merchant site without console errors', async ({ page }) => {
  const problems = await watchForProblems(page);
  await page.goto('/merchant/');
  const heading = page.locator('h1');
  await expect(heading, 'exactly one h1').toHaveCount(1);
  // Signed out, a merchant may be shown the Dashboard or be sent to sign in.
  await expect(heading).toHaveText(/^(Dashboard|Sign In)$/);
  await expect(page).toHaveTitle(/^(Dashboard|Sign In) \| D3 Deals for Business$/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('an unknown merchant path shows the merchant 404 page', async ({ page }) => {
  await page.goto('/merchant/whatever');
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found | D3 Deals for Business');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  // The dashboard is for signed-in merchants: signed out, it sends the visitor to sign-in.
  await expect(page).toHaveURL(/\/merchant\/(sign-in)?$/);
  await expect(page.locator('h1')).toHaveText(/^(Dashboard|Sign In)$/);
});

test('the home page loads without console errors or CSP violations', async ({ page }) => {
  const problems = await watchForProblems(page);
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
