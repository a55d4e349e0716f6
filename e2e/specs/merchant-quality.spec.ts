import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS } from '../support/customer-session.js';
import { fitsAndAxeClean } from '../support/fits-and-axe.js';
import { expect, test } from '../support/test.js';

/**
 * Every page of the merchant site (its route table, `apps/merchant/src/app/route-paths.ts`) at the
 * project's size (1280 and 390 px): no sideways scroll and no serious or critical axe-core finding,
 * `label-content-name-mismatch` included (issue 32: "any route"). Signed in as the demo merchant, whose
 * stores, bookings, reviews and chats fill the pages; the sign-in pages signed out.
 */

const SIGNED_IN = [
  ['/', 'Dashboard'],
  ['/stores', 'Stores'],
  ['/offers', 'Offers'],
  ['/services', 'Services'],
  ['/bookings', 'Bookings'],
  ['/chat', 'Chat'],
  ['/service-requests', 'Service requests'],
  ['/reviews', 'Reviews'],
  ['/settings', 'Settings'],
] as const;

const SIGNED_OUT = [
  ['/sign-in', 'Sign In'],
  ['/sign-up', 'Create your business account'],
  ['/request-password-reset', 'Reset Password'],
] as const;

async function checkPages(page: Page, pages: ReadonlyArray<readonly [string, string]>) {
  for (const [path, heading] of pages) {
    await page.goto(`/merchant${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The page's data has arrived (no loading text left, in either language) before axe reads it.
    await expect(page.getByText(/^(Loading|Inapakia|Tunapakia)/)).toHaveCount(0);
    await fitsAndAxeClean(page, `merchant ${path}`);
  }
}

/** The demo merchant's session in the page's storage. */
async function signInDemoMerchant(page: Page, request: APIRequestContext) {
  const login = await request.post('/api/v1/merchants/login', {
    headers: API_HEADERS,
    data: { email: 'merchant@d3deals.co.ke', password: 'DemoMerchant#2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  await page.addInitScript((value) => window.localStorage.setItem('merchant_token', value), token);
}

test('every signed-in merchant page fits the screen and has no serious axe finding', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInDemoMerchant(page, request);
  await checkPages(page, SIGNED_IN);
});

test('the merchant sign-in pages fit the screen and have no serious axe finding', async ({ page }) => {
  test.setTimeout(60_000);
  await checkPages(page, SIGNED_OUT);
});

// The logo link's name must hold its visible words in each language: its Kiswahili name on the
// signed-out pages once read "D3 Deals kwa Wafanyabiashara" beside the badge "Mfanyabiashara". (Signed
// in, the account's saved language decides the page's.)
test('in Kiswahili, the sign-in page fits the screen and has no serious axe finding', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => window.localStorage.setItem('d3_merchant_locale', 'sw'));
  await checkPages(page, [['/sign-in', 'Ingia']]);
});
