import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  bookFirstFreeSlot,
  createFreshStore,
  createService,
  newTestAccount,
  registerCustomer,
  shot,
  type TFreshStore,
  useToken,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Offline on a phone (issue 32): the site installs its service worker; with the network cut
 * (`context.setOffline(true)`) the home page, My Bookings and a booking's voucher (its QR and code)
 * still open, each saying clearly that the phone is offline; a chat message written offline shows
 * as pending and, once the network is back, reaches the store exactly once.
 */

test.describe.configure({ timeout: 300_000 });

async function serviceBooking(request: APIRequestContext, store: TFreshStore, customerToken: string) {
  const service = await createService(request, store, {
    name: `Pedicure ${Date.now().toString(36)}`,
    price: 1500,
    duration: 30,
    auto_confirm_bookings: true,
  });
  return bookFirstFreeSlot(request, customerToken, { serviceId: service.id, storeId: store.id, days: 3 });
}

/** The store's side of the conversation, read as the merchant: the messages carrying `text`. */
async function merchantSees(request: APIRequestContext, store: TFreshStore, text: string): Promise<number> {
  const listed = await request.get('/api/v1/chat/merchant/conversations', {
    headers: auth(store.merchantToken),
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { data } = (await listed.json()) as { data: { id: string }[] };
  let count = 0;
  for (const conversation of data) {
    const messages = await request.get(`/api/v1/chat/conversations/${conversation.id}/messages?limit=50`, {
      headers: auth(store.merchantToken),
    });
    const body = (await messages.json()) as { data: { content: string }[] };
    count += body.data.filter((message) => message.content === text).length;
  }
  return count;
}

/** Waits until the service worker controls the page (it claims its clients on activation). */
async function workerInCharge(page: Page) {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    null,
    // The worker precaches the site's ~120 files before it takes charge: minutes on a loaded host.
    { timeout: 150_000 },
  );
}

test('installs its service worker; offline, home, My Bookings and a voucher open with the offline notice, also after a server-rendered page was opened; a chat message written offline is sent once when back online', async ({
  context,
  page,
  request,
}) => {
  const store = await createFreshStore('Offline Spa');
  const customer = newTestAccount('Wanjiru', 'Kamau');
  const token = await registerCustomer(request, customer);
  const booking = await serviceBooking(request, store, token);
  const voucher = await request.get(`/api/v1/bookings/${booking.id}`, { headers: auth(token) });
  const { voucherCode } = ((await voucher.json()) as { booking: { voucherCode: string } }).booking;
  expect(voucherCode).toBeTruthy();
  await useToken(page, token);

  // --- online: the worker installs; the pages are opened once ---------------------------------
  await page.goto('/');
  await workerInCharge(page);
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ short_name: 'D3 Deals', display: 'standalone' });

  // My Bookings also keeps every voucher for later (the list its details fall back to).
  const kept = page.waitForResponse((response) => /\/bookings\/user\?.*limit=100/.test(response.url()));
  await page.goto('/bookings');
  await expect(page.getByText(store.name).first()).toBeVisible({ timeout: 30_000 });
  await kept;

  // A server-rendered page opened online after that (decision 0653): it hydrates as nobody signed
  // in, and must not take the phone for someone else's and throw the kept answers away.
  await page.goto('/hotdeals');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  await page.goto(`/chat/Store/${store.id}`);
  const box = page.getByLabel('Message');
  await expect(box).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Welcome to your messages')).toHaveCount(0);

  // --- offline: a message written now waits, marked pending -----------------------------------
  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toContainText("You're offline.");
  const text = `Niko njiani, nitafika saa nne ${Date.now().toString(36)}`;
  await box.fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const pending = page.getByTestId('chat-message-pending').filter({ hasText: text });
  await expect(pending).toContainText('Pending: sends when you are back online');
  await shot(page, 'offline-chat-pending', false);

  // --- offline: the home page, My Bookings and the voucher still open ------------------------
  await page.goto('/');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();
  await shot(page, 'offline-home', false);

  await page.goto('/bookings');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByText(store.name).first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'offline-bookings', false);

  await page.goto(`/booking-details/${booking.id}`);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByText(voucherCode, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('voucher-qr')).toBeVisible();
  await shot(page, 'offline-voucher', false);

  // The store has not received it while the phone was offline.
  expect(await merchantSees(request, store, text)).toBe(0);

  // --- back online: it goes out, once -----------------------------------------------------------
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect.poll(() => merchantSees(request, store, text), { timeout: 30_000 }).toBe(1);
  // A fresh start of the app (which flushes the outbox again) sends nothing more.
  await page.goto(`/chat/Store/${store.id}`);
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chat-message-pending')).toHaveCount(0);
  expect(await merchantSees(request, store, text)).toBe(1);
});
