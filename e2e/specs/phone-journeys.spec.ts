import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  API_HEADERS,
  auth,
  CUSTOMER_TOKEN_KEY,
  newTestAccount,
  registerCustomer,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * The first seconds on a mid-range phone (issue 32): at 390 × 844 with touch, the CPU slowed 4x and
 * Lighthouse's slow 4G (as DevTools applies it), each server-rendered page is opened and its primary
 * control tapped the moment it is visible — before the page's code has loaded, on most runs — and
 * the control's outcome must follow: a link opens its page, a marked control keeps the tap and
 * carries it out once the page is live. Nothing here is timed: each step waits for its outcome.
 */

test.describe.configure({ timeout: 300_000 });

/** Lighthouse's mobile slow 4G as DevTools applies it. */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/** Outcomes wait as long as a loaded 2-core host needs at 4x CPU on slow 4G. */
const OUTCOME = { timeout: 120_000 };

async function slowPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

/** A fresh customer, signed in from the first byte of every page (the token is in storage). */
async function signedIn(page: Page, request: Parameters<typeof registerCustomer>[0]) {
  const token = await registerCustomer(request, newTestAccount('Achieng', 'Odhiambo'));
  await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: CUSTOMER_TOKEN_KEY,
    value: token,
  });
  return token;
}

/** Opens `path` and returns as soon as the server's first bytes are in: nothing waits for the page's code. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
}

/** Taps `control` as soon as it shows; whether the page was live yet is recorded for the report. */
async function tapWhenVisible(page: Page, control: Locator) {
  await control.waitFor({ state: 'visible', ...OUTCOME });
  const live = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
  test
    .info()
    .annotations.push({ type: 'tapped', description: live ? 'after hydration' : 'before hydration' });
  await control.tap(OUTCOME);
}

async function firstOfferAndStore(request: Parameters<typeof registerCustomer>[0]) {
  const response = await request.get('/api/v1/offers?limit=20', { headers: API_HEADERS });
  const { offers } = (await response.json()) as {
    offers: { id: string; bookable: boolean; store_id?: string; storeId?: string; store?: { id: string } }[];
  };
  const offer = offers.find((candidate) => candidate.bookable) ?? offers[0];
  if (!offer) throw new Error('The demo catalogue is empty');
  return { offerId: offer.id, storeId: offer.store_id ?? offer.storeId ?? offer.store?.id ?? '' };
}

test.beforeEach(async ({ context, page }) => {
  await slowPhone(context, page);
});

test('home: Claim Deal Now opens its offer', async ({ page }) => {
  await open(page, '/');
  await tapWhenVisible(
    page,
    page
      .getByRole('link', { name: /Claim Deal Now/ })
      .filter({ visible: true })
      .first(),
  );
  await expect(page).toHaveURL(/\/offer\/[^/]+$/, OUTCOME);
  await expect(page.locator('h1')).toBeVisible(OUTCOME);
});

test('home: the location dropdown opens its menu', async ({ page }) => {
  await open(page, '/');
  await tapWhenVisible(page, page.getByTestId('location-trigger').filter({ visible: true }).first());
  await expect(page.getByRole('menu')).toBeVisible(OUTCOME);
  await expect(page.getByRole('menuitemradio', { name: /All Locations/ })).toBeVisible(OUTCOME);
});

test('home: search opens a search box, and the tab bar opens Hot Deals', async ({ page }) => {
  await open(page, '/');
  await tapWhenVisible(page, page.getByRole('link', { name: 'Open search' }));
  // Before the page is live the link opens /search; after, the search row opens here: a box either way.
  await expect(page.getByRole('searchbox').or(page.getByRole('combobox')).first()).toBeVisible(OUTCOME);

  await open(page, '/');
  await tapWhenVisible(
    page,
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Deals' }),
  );
  await expect(page).toHaveURL(/\/hotdeals$/, OUTCOME);
  await expect(page.getByRole('heading', { level: 1, name: 'Hot Deals' })).toBeVisible(OUTCOME);
});

test('hot deals: the heart, tapped at once, becomes a favourite', async ({ page, request }) => {
  const token = await signedIn(page, request);
  await open(page, '/hotdeals');
  const heart = page.locator('[data-tap^="favorite:"]').filter({ visible: true }).first();
  await heart.waitFor({ state: 'visible', ...OUTCOME });
  const key = (await heart.getAttribute('data-tap')) ?? '';
  await tapWhenVisible(page, heart);
  await expect(page.locator(`[data-tap="${key}"]`).first()).toHaveAttribute('aria-pressed', 'true', OUTCOME);
  await expect
    .poll(async () => {
      const ids = await request.get('/api/v1/users/favorites/ids', { headers: auth(token) });
      return ((await ids.json()) as { offerIds: string[] }).offerIds;
    }, OUTCOME)
    .toContain(key.slice('favorite:'.length));
});

test('hot deals: Filters, tapped at once, opens the filters', async ({ page }) => {
  await open(page, '/hotdeals');
  await tapWhenVisible(page, page.getByRole('button', { name: 'Filters' }));
  const filters = page.getByRole('dialog');
  await expect(filters).toBeVisible(OUTCOME);
  await filters.getByRole('button', { name: /^Automotive/ }).tap(OUTCOME);
  await expect(page).toHaveURL(/category=Automotive/, OUTCOME);
});

test('stores: Follow, tapped at once, follows the store', async ({ page, request }) => {
  await signedIn(page, request);
  await open(page, '/stores');
  const follow = page.getByTestId('store-card').first().locator('[data-tap^="follow:"]');
  await tapWhenVisible(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true', OUTCOME);
  await expect(follow).toHaveText('Following', OUTCOME);
});

test('store page: Follow, tapped at once, follows the store', async ({ page, request }) => {
  await signedIn(page, request);
  const { storeId } = await firstOfferAndStore(request);
  await open(page, `/store/${storeId}`);
  const follow = page.locator(`[data-tap="follow-store:${storeId}"]`);
  await tapWhenVisible(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true', OUTCOME);
});

test('offer page: BOOK THIS OFFER opens the booking', async ({ page, request }) => {
  await signedIn(page, request);
  const { offerId } = await firstOfferAndStore(request);
  await open(page, `/offer/${offerId}`);
  await tapWhenVisible(page, page.getByRole('link', { name: 'BOOK THIS OFFER' }));
  await expect(page).toHaveURL(new RegExp(`/booking/offer/${offerId}`), OUTCOME);
});

test("service requests: 'Post Service Request' opens the form", async ({ page, request }) => {
  await signedIn(page, request);
  await open(page, '/service-requests');
  await tapWhenVisible(page, page.getByRole('link', { name: 'Post Service Request' }));
  await expect(page).toHaveURL(/\/request-service$/, OUTCOME);
  await expect(page.locator('h1')).toBeVisible(OUTCOME);
});
