import type { APIRequestContext } from '@playwright/test';
import {
  auth,
  bookFirstFreeSlot,
  CUSTOMER_TOKEN_KEY,
  createFreshStore,
  createService,
  merchantContext,
  newTestAccount,
  registerCustomer,
  shot,
  type TFreshStore,
  useToken,
} from '../support/customer-session.js';
import { fitsAndAxeClean } from '../support/fits-and-axe.js';
import { expect, test } from '../support/test.js';

/**
 * Live updates between two people (issue 11), lean: a fresh merchant, store and service are made
 * through the API; a customer and the merchant, each in their own browser context, chat without a
 * reload — the customer's ticks turn read when the merchant opens the message — and the merchant's
 * confirmation of a booking reaches the customer's bell live. At 1280 and 390 px.
 */

/** A booking of the customer at the store, on a service the merchant confirms by hand (pending). */
async function bookPendingVisit(
  request: APIRequestContext,
  store: TFreshStore,
  customerToken: string,
): Promise<string> {
  const service = await createService(request, store, {
    name: `Blow-dry ${Date.now().toString(36)}`,
    price: 1200,
    duration: 30,
    auto_confirm_bookings: false,
  });
  const booking = await bookFirstFreeSlot(request, customerToken, {
    serviceId: service.id,
    storeId: store.id,
    days: 3,
  });
  expect(booking.status).toBe('pending');
  return booking.id;
}

async function unreadNotifications(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/notifications/counts', { headers: auth(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { unread: number } }).data.unread;
}

test('customer and merchant chat live, ticks turn read, a confirmed booking rings the bell, and a message away from the chat lights both badges', async ({
  browser,
  page: customerPage,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const store = await createFreshStore('Live Salon');
  const customer = newTestAccount('Akinyi', 'Ouma');
  const customerToken = await registerCustomer(request, customer);
  await customerPage.addInitScript(({ key, token }) => window.localStorage.setItem(key, token), {
    key: CUSTOMER_TOKEN_KEY,
    token: customerToken,
  });
  // The merchant in a browser context of their own, the same size as the project's.
  const merchant = await merchantContext(browser, testInfo, store.merchantToken);
  try {
    const merchantPage = await merchant.newPage();

    // The merchant's inbox is open (and empty) before the customer writes.
    await merchantPage.goto('/merchant/chat');
    await expect(merchantPage.getByTestId('chat-welcome')).toHaveText('0 unread messages in 0 conversations');

    // --- the customer opens the store's chat and writes ------------------------------------------
    await customerPage.goto(`/chat/Store/${store.id}`);
    await expect(customerPage.getByLabel('Message')).toBeVisible();
    const question = `Habari! Do you have a slot this evening? ${Date.now().toString(36)}`;
    await customerPage.getByLabel('Message').fill(question);
    await customerPage.getByRole('button', { name: 'Send', exact: true }).click();
    const sent = customerPage.getByTestId('chat-message').filter({ hasText: question });
    await expect(sent).toBeVisible();
    const ticks = sent.locator('[data-status]');
    await expect(ticks).not.toHaveAttribute('data-status', 'read');

    // --- it reaches the merchant's inbox without a reload; opening it turns the ticks read -------
    const row = merchantPage.getByTestId('conversation').filter({ hasText: customer.firstName });
    await expect(row.getByTestId('unread-count')).toHaveText('1 unread');
    await expect(row).toContainText(question);
    // The merchant's bell counted the message; reading the conversation reads it there too (decision 0656).
    const merchantBadge = merchantPage.getByTestId('notification-badge').filter({ visible: true });
    await expect(merchantBadge).toHaveText('1 unread notifications');
    await row.click();
    await expect(merchantPage.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    await expect(ticks).toHaveAttribute('data-status', 'read');
    await expect(merchantBadge).toHaveCount(0);
    await expect(ticks).toHaveAccessibleName('read');
    await shot(customerPage, 'customer-read', false);

    // --- the merchant's reply reaches the customer without a reload ------------------------------
    const reply = 'Karibu! Yes, we are open until late — 6 PM works.';
    await merchantPage.getByLabel('Message').fill(reply);
    await merchantPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(merchantPage.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
    await expect(customerPage.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
    // Read where it arrived: the merchant sees it read, and no chat badge is left on the customer's site.
    await expect(
      merchantPage.getByTestId('chat-message').filter({ hasText: reply }).locator('[data-status]'),
    ).toHaveAttribute('data-status', 'read');
    await expect(customerPage.getByRole('link', { name: /unread messages/ })).toHaveCount(0);
    await shot(merchantPage, 'merchant-replied', false);
    // Both open conversations, bubbles of each side and ticks shown: no sideways scroll, no serious
    // axe finding (white on orange-600 bubbles failed colour contrast on a phone walk).
    await fitsAndAxeClean(customerPage, 'customer open conversation');
    await fitsAndAxeClean(merchantPage, 'merchant open conversation');

    // --- the merchant confirms a booking: the customer's bell shows it without a reload ----------
    const bookingId = await bookPendingVisit(request, store, customerToken);
    const badge = customerPage.getByTestId('notification-badge');
    const before = await unreadNotifications(request, customerToken);
    if (before > 0) await expect(badge).toHaveText(new RegExp(`^${before} unread notifications$`));
    const confirmed = await request.put(`/api/v1/bookings/${bookingId}/confirm`, {
      headers: auth(store.merchantToken),
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await expect(badge).toHaveText(new RegExp(`^${before + 1} unread notifications$`));
    await customerPage.getByRole('button', { name: /^Notifications/ }).click();
    const panel = customerPage.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Booking Confirmed' });
    await expect(item).toContainText(store.name);
    await expect(item.getByTestId('unread-dot')).toBeVisible();
    await shot(customerPage, 'bell', false);

    // --- away from the chat, a new message lights the chat badge and the bell, without a reload ---
    // The new page opens its own socket; a message sent before the server has joined it to the
    // customer's room reaches the badges only through the 30 s poll, so wait for the server's
    // 'connection_established' first (what a user cannot race: they read the page first).
    const established = customerPage.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('connection_established'),
      }),
    );
    await customerPage.goto('/hotdeals');
    await expect(customerPage.getByRole('heading', { level: 1 })).toBeVisible();
    await established;
    const isMobile = testInfo.project.use.isMobile;
    const chatBadge = isMobile
      ? customerPage.getByTestId('mobile-chat-badge')
      : customerPage.getByRole('link', { name: /Chat 1 unread messages/ });
    await expect(chatBadge).toHaveCount(0);
    const later = 'Reminder: bring your voucher code.';
    await merchantPage.getByLabel('Message').fill(later);
    await merchantPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(chatBadge).toBeVisible();
    if (isMobile) await expect(chatBadge).toContainText('1');
    await customerPage.getByRole('button', { name: /^Notifications/ }).click();
    const chatItem = panel.getByRole('listitem').filter({ hasText: `New message from ${store.name}` });
    await expect(chatItem).toContainText(later);
    await expect(chatItem.getByTestId('unread-dot')).toBeVisible();
    await shot(customerPage, 'bell-chat', false);
    await chatItem.click();
    await expect(customerPage).toHaveURL(new RegExp(`/chat/Store/${store.id}$`));
    await expect(customerPage.getByTestId('chat-message').filter({ hasText: later })).toBeVisible();
    await expect(chatBadge).toHaveCount(0);
  } finally {
    await merchant.close();
  }
});

test('a session ended elsewhere takes the open chat to sign-in, with the way back', async ({
  page,
  request,
}) => {
  // Issue 31 finding 1: the server ends the socket (session_ended); the site treats it as a 401.
  const store = await createFreshStore('Logout Salon');
  const customer = newTestAccount('Wanjiku', 'Mwangi');
  const token = await registerCustomer(request, customer);
  await useToken(page, token);
  await page.goto(`/chat/Store/${store.id}`);
  await expect(page.getByLabel('Message')).toBeVisible();
  // Signed out on another device: the same account's token version moves on.
  const logout = await request.post('/api/v1/users/logout', { headers: auth(token) });
  expect(logout.status()).toBe(200);
  await expect(page).toHaveURL(/\/accounts\/sign-in\?redirect=%2Fchat%2FStore%2F/);
  // The sign-in page may still be loading when its address shows: read storage once it has.
  await expect
    .poll(() =>
      page
        .evaluate((key) => window.localStorage.getItem(key), CUSTOMER_TOKEN_KEY)
        .catch(() => 'page still loading'),
    )
    .toBeNull();
});
