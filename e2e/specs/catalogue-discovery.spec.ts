import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

/**
 * Discovery on the demo catalogue (seed 000 §2 "Search box", "Store profile", "Offer detail",
 * "Search results"): typed search with the keyboard, the store profile, an offer, a typo search.
 */

const UNKNOWN_STORE_ID = '0d6f3a52-7b1e-4c9a-8f2d-5e4b3a2c1d0f';

/** The navbar search box: inline on desktop, behind the search toggle on a phone. */
async function openNavbarSearch(page: Page) {
  const toggle = page.getByRole('link', { name: 'Open search' });
  if (await toggle.isVisible()) await toggle.click();
  const box = page.getByRole('combobox', { name: 'Search deals, coupons and stores' }).first();
  await expect(box).toBeVisible();
  return box;
}

test('typing in the navbar search shows stores and offers; ArrowDown + Enter opens the store', async ({
  page,
}) => {
  await page.goto('/hotdeals');
  const box = await openNavbarSearch(page);
  await box.fill('spa');
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox.getByRole('group', { name: /^Stores \(\d+\)$/ })).toBeVisible();
  await expect(listbox.getByRole('group', { name: /^Offers \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View All Results for "spa"' })).toBeVisible();

  const firstStore = listbox
    .getByRole('group', { name: /^Stores/ })
    .getByRole('option')
    .first();
  const storeName = (await firstStore.locator('span.font-medium').first().textContent())?.trim() ?? '';
  expect(storeName).not.toBe('');

  await box.press('ArrowDown');
  await expect(firstStore).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}$/);
  await expect(page.locator('h1')).toHaveText(storeName);
  await expect(page).toHaveTitle(`${storeName} | D3 Deals`);
});

test('the store page shows its tabs and outlets; an offer opens with BOOK THIS OFFER and VIEW STORE', async ({
  page,
}) => {
  await page.goto('/search?q=Savannah%20Glow%20Spa');
  await page.getByRole('link', { name: 'View Store' }).first().click();
  await expect(page.locator('h1')).toHaveText('Savannah Glow Spa');

  const tabs = page.getByRole('tablist', { name: 'Store sections' });
  for (const name of [/^Active Offers/, /^Services/, /^Map$/, /^Outlets/]) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }
  await tabs.getByRole('tab', { name: /^Outlets/ }).click();
  const outlets = page.getByRole('list', { name: 'Outlets' });
  await expect(outlets.getByRole('listitem').first()).toBeVisible();
  await expect(outlets.getByText('Main Branch')).toBeVisible();

  await tabs.getByRole('tab', { name: /^Active Offers/ }).click();
  const offer = page.getByTestId('offer-card').first();
  await expect(offer).toBeVisible();
  await offer.getByRole('link').first().click();

  await expect(page).toHaveURL(/\/offer\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'BOOK THIS OFFER' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'VIEW STORE' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Savannah Glow Spa');
});

test('a typo on the search page still finds Savannah Glow Spa', async ({ page }) => {
  await page.goto('/search?q=savanah');
  await expect(page.locator('h1')).toHaveText('Search Results for "savanah"');
  await expect(page.getByText(/^\d+ results? found$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Savannah Glow Spa' })).toBeVisible();
});

test('an unknown store id shows Store Not Found with a way back', async ({ page }) => {
  await page.goto(`/store/${UNKNOWN_STORE_ID}`);
  await expect(page.locator('h1')).toHaveText('Store Not Found');
  await page.getByRole('link', { name: 'Back to Stores' }).click();
  await expect(page).toHaveURL(/\/stores$/);
});
