import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  API_HEADERS,
  auth,
  chooseFirstFreeTime,
  createFreshStore,
  createServiceOffer,
  newTestAccount,
  registerCustomer,
  shot,
  useToken,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Split with friends (issue 34), on a 390 px phone (the phone project only: see playwright.config.ts).
 * An organiser splits a booking with two friends — three browser contexts — both friends pay their
 * share through the simulator (the dev approve route plays the customer's PIN), and all three see
 * the booking confirmed. A second split lapses (the e2e server holds a split 45 s: SPLIT_HOLD_SECONDS
 * in global-setup.ts) and the friend who paid sees 'Refunded'.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A store open round the clock whose service takes 4 people at a time, and its offer (fee KSh 60 a place). */
async function groupOffer(request: APIRequestContext) {
  const store = await createFreshStore('Tausi Spa', 'Group massages in Westlands.');
  const offer = await createServiceOffer(
    request,
    store,
    {
      name: `Group massage ${Date.now().toString(36)}`,
      price: 2000,
      duration: 60,
      max_concurrent_bookings: 4,
    },
    {
      title: `Friends' massage ${Date.now().toString(36)}`,
      description: 'A massage for each of you.',
      discount: 20,
      original_price: 2000,
    },
  );
  return { store, offer };
}

/** The simulated customer enters their PIN for the newest unanswered prompt to this number (07…). */
async function approveLatestPrompt(
  request: APIRequestContext,
  phone: string,
  answer: 'approve' | 'decline' = 'approve',
) {
  const msisdn = `254${phone.replace(/\D/g, '').slice(-9)}`;
  let pending: { checkoutRequestId: string } | undefined;
  await expect
    .poll(async () => {
      const listed = await request.get(`/api/v1/dev/mpesa/pushes?phone=${msisdn}`, { headers: API_HEADERS });
      pending = (
        (await listed.json()) as { pushes: Array<{ checkoutRequestId: string; answered: boolean }> }
      ).pushes.find((push) => !push.answered);
      return Boolean(pending);
    })
    .toBe(true);
  const answered = await request.post(`/api/v1/dev/mpesa/${pending!.checkoutRequestId}/${answer}`, {
    headers: API_HEADERS,
  });
  expect(answered.ok(), await answered.text()).toBe(true);
}

/** A friend on their own phone: opens the link, pays their share, the simulator approves it. */
async function friendPays(browser: Browser, request: APIRequestContext, link: string, phone: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Split with friends' })).toBeVisible();
  await page.getByLabel('M-Pesa phone number').fill(phone);
  await page.getByRole('button', { name: /^Pay KSh \d+ with M-Pesa$/ }).click();
  await expect(page.getByTestId('my-share')).toContainText('Waiting for M-Pesa PIN');
  await approveLatestPrompt(request, phone);
  return { context, page };
}

async function noSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

function friendPhone(): string {
  return `07${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

test('an organiser splits a booking with two friends; both pay by M-Pesa and all three see it confirmed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const organiser = newTestAccount('Wanjiru', 'Kamau');
  const token = await registerCustomer(request, organiser);
  const { offer } = await groupOffer(request);
  await useToken(page, token);

  await page.goto(`/booking/offer/${offer.id}`);
  await chooseFirstFreeTime(page, 1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radiogroup', { name: 'Location' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const step = page.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
  await step.getByRole('button', { name: 'Split with friends' }).click();
  await step.getByLabel('People, you included').selectOption('3');
  await expect(step.getByTestId('split-shares')).toHaveText('Your share KSh 60 · each friend KSh 60');
  await expect(step.getByLabel('Your M-Pesa number')).toHaveValue(organiser.phoneE164);
  await noSidewaysScroll(page);
  await shot(page, 'split-review');
  await step.getByRole('button', { name: 'Split and pay my KSh 60' }).click();

  await expect(page).toHaveURL(/\/split-booking\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for everyone to pay' })).toBeVisible();
  const link = (await page.getByTestId('split-link').textContent())!.trim();
  expect(link).toMatch(/\/split\/[\w-]{32}$/);
  await approveLatestPrompt(request, organiser.phone);
  await expect(page.getByTestId('share-0')).toContainText('Paid');

  const first = await friendPays(browser, request, link, friendPhone());
  await expect(page.getByTestId('share-1')).toContainText('Paid');
  const second = await friendPays(browser, request, link, friendPhone());

  // All three see the booking confirmed, the friends with the voucher.
  await expect(page.getByRole('heading', { level: 2, name: 'Booking confirmed' })).toBeVisible({
    timeout: 15_000,
  });
  for (const friend of [first.page, second.page]) {
    await expect(friend.getByRole('heading', { level: 2, name: 'Booking confirmed' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(friend.getByTestId('split-voucher')).toHaveText(/^D3-[0-9A-F]{4}-[0-9A-F]{4}$/);
    await expect(friend.getByTestId('my-share')).toContainText('Paid');
  }
  await noSidewaysScroll(page);
  await noSidewaysScroll(first.page);
  await noSeriousAxe(page);
  await noSeriousAxe(first.page);
  await shot(page, 'split-organiser-confirmed');
  await shot(first.page, 'split-friend-confirmed');
  const mine = await request.get('/api/v1/bookings/user', { headers: auth(token) });
  const booking = ((await mine.json()) as { bookings: Array<{ status: string; partySize?: number }> })
    .bookings[0];
  expect(booking).toMatchObject({ status: 'confirmed', partySize: 3 });
  await first.context.close();
  await second.context.close();
});

test("a split whose time runs out is released, and the friend who paid sees 'Refunded'", async ({
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const organiser = newTestAccount('Otieno', 'Mwangi');
  const token = await registerCustomer(request, organiser);
  const { store, offer } = await groupOffer(request);
  // The organiser sets it up through the API, on a later day than the first test's.
  const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Africa/Nairobi',
  });
  const created = await request.post('/api/v1/payments/splits', {
    headers: auth(token),
    data: {
      offerId: offer.id,
      startTime: `${date}T10:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 2,
      phoneNumber: organiser.phone,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const split = ((await created.json()) as { split: { token: string } }).split;
  // The organiser declines their own prompt (no cost); only the friend pays.
  await approveLatestPrompt(request, organiser.phone, 'decline');
  const friend = await friendPays(browser, request, `/split/${split.token}`, friendPhone());
  await expect(friend.page.getByTestId('my-share')).toContainText('Paid');

  // The hold runs out: the places are released and the friend's share goes back by reversal.
  await expect(friend.page.getByRole('heading', { level: 2, name: 'The time to pay ran out' })).toBeVisible({
    timeout: 90_000,
  });
  await expect
    .poll(
      async () => {
        await request.post('/api/v1/dev/mpesa/results/answer', { headers: API_HEADERS });
        return friend.page.getByTestId('my-share').textContent();
      },
      { timeout: 30_000, intervals: [2_000] },
    )
    .toMatch(/Refunded: receipt [A-Z0-9]{10}/);
  await noSidewaysScroll(friend.page);
  await shot(friend.page, 'split-friend-refunded');
  await friend.context.close();
});
