import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  API_HEADERS,
  CUSTOMER_TOKEN_KEY,
  chooseFirstFreeTime,
  freeTimes,
  newTestAccount,
  registerCustomer,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Booking end to end (seed 000 §2 "Booking wizard", "My Bookings"; seed 001 §4 "Payment flow"):
 * a service booked through the four steps, an offer booked and paid through the M-Pesa simulator,
 * then rescheduled and cancelled from My Bookings — on the desktop and phone projects.
 * The e2e server runs with MPESA_SIMULATOR_AUTO=none, so the test answers the STK prompt itself.
 */

type TOfferSummary = { id: string; title: string; bookable: boolean; serviceId: string | null };
type TServiceSummary = { id: string; name: string; booking_enabled: boolean };

/** Stores the token once, on a light page, so later navigations start signed in. */
async function signIn(page: Page, token: string) {
  await page.goto('/about-us');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: CUSTOMER_TOKEN_KEY,
    value: token,
  });
}

/** Each project books on its own day, so the two never compete for one slot. */
function dayIndex(testInfo: TestInfo): number {
  return testInfo.project.name === 'phone' ? 2 : 1;
}

async function bookableService(request: APIRequestContext): Promise<TServiceSummary> {
  const response = await request.get('/api/v1/services', { headers: API_HEADERS, params: { limit: 50 } });
  expect(response.ok()).toBe(true);
  const { services } = (await response.json()) as { services: TServiceSummary[] };
  const service = services.find((candidate) => candidate.booking_enabled);
  if (!service) throw new Error('The demo data has no bookable service');
  return service;
}

async function bookableOffer(request: APIRequestContext): Promise<TOfferSummary> {
  const response = await request.get('/api/v1/offers', { headers: API_HEADERS, params: { limit: 30 } });
  expect(response.ok()).toBe(true);
  const { offers } = (await response.json()) as { offers: TOfferSummary[] };
  for (const offer of offers) {
    if (!offer.bookable) continue;
    if (!offer.serviceId) return offer;
    const service = await request.get(`/api/v1/services/${offer.serviceId}`, { headers: API_HEADERS });
    const body = (await service.json()) as { service?: TServiceSummary };
    if (body.service?.booking_enabled) return offer;
  }
  throw new Error('The demo data has no bookable offer');
}

/** Steps 1 and 2: a quick-select day, its first free time, the first location. */
async function chooseDateTimeAndBranch(page: Page, testInfo: TestInfo) {
  const steps = page.getByRole('navigation', { name: 'Booking steps' });
  await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 4: Date & Time' })).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expect(steps.getByRole('button', { name: /Location & Staff/ })).toBeDisabled();

  await chooseFirstFreeTime(page, dayIndex(testInfo));
  await expect(freeTimes(page).first()).toHaveAttribute('aria-pressed', 'true');
  await continueButton.click();

  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 4: Location & Staff' })).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await page.getByRole('radiogroup', { name: 'Location' }).getByRole('radio').first().check();
  await continueButton.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 3 of 4: Review & Pay' })).toBeVisible();
  // Back freely: the first step opens from the header, and the completed steps stay open.
  await steps.getByRole('button', { name: /Date & Time/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 4: Date & Time' })).toBeVisible();
  await steps.getByRole('button', { name: /Review & Pay/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 3 of 4: Review & Pay' })).toBeVisible();
}

const CONFIRMED = /^Booking (Confirmed|Request Sent)!$/;

test('a customer books a service through the four steps', async ({ page, request }, testInfo) => {
  const token = await registerCustomer(request, newTestAccount('Achieng', 'Wekesa'));
  const service = await bookableService(request);
  await signIn(page, token);

  await page.goto(`/booking/service/${service.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Book ${service.name}` })).toBeVisible();
  await chooseDateTimeAndBranch(page, testInfo);

  const step = page.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
  await expect(step.getByText('No access fee')).toBeVisible();
  await step.getByRole('button', { name: 'Confirm Booking' }).click();
  // A store that confirms by hand asks first.
  const ask = page.getByRole('dialog', { name: 'Send booking request?' });
  const confirmation = page.getByRole('heading', { name: CONFIRMED });
  await expect(ask.or(confirmation)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(confirmation).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse More Services' })).toHaveAttribute('href', '/stores');

  await page.getByRole('link', { name: 'View My Bookings' }).click();
  await expect(page).toHaveURL(/\/profile\/bookings$/);
  const card = page.getByRole('article', { name: service.name });
  await expect(card).toBeVisible();
  await expect(page.getByText('1 booking in total')).toBeVisible();
});

test('a customer pays an offer by M-Pesa, then reschedules and cancels it from My Bookings', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = newTestAccount('Njeri', 'Kiptoo');
  const token = await registerCustomer(request, account);
  const offer = await bookableOffer(request);
  await signIn(page, token);

  await page.goto(`/booking/offer/${offer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Book ${offer.title}` })).toBeVisible();
  await chooseDateTimeAndBranch(page, testInfo);

  const step = page.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
  await expect(step.getByText('Access fee, paid now by M-Pesa')).toBeVisible();
  await expect(step.getByText('Coming soon')).toBeVisible();
  await step.getByRole('button', { name: /^Pay KSh \d+ with M-Pesa$/ }).click();

  const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
  const phone = modal.getByLabel('M-Pesa phone number');
  await expect(phone).toHaveValue(account.phoneE164); // prefilled from the profile
  await phone.fill('07123');
  await modal.getByRole('button', { name: /^Pay KSh/ }).click();
  await expect(modal.getByText('Please enter a valid phone number')).toBeVisible();
  await phone.fill(account.phone);

  const pushed = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/payments/mpesa') && response.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: /^Pay KSh/ }).click();
  const payment = (await (await pushed).json()) as { payment: { checkoutRequestId: string } };
  await expect(page.getByRole('heading', { name: 'Waiting for payment' })).toBeVisible();

  // The customer enters their PIN: the simulator sends Safaricom's callback.
  const approved = await request.post(`/api/v1/dev/mpesa/${payment.payment.checkoutRequestId}/approve`, {
    headers: API_HEADERS,
  });
  expect(approved.ok()).toBe(true);
  // The page polls every 5 s.
  await expect(page.getByRole('heading', { name: CONFIRMED })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Access fee paid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse More Offers' })).toBeVisible();

  // Reschedule from My Bookings to the first free time offered.
  await page.getByRole('link', { name: 'View My Bookings' }).click();
  const card = page.getByRole('article', { name: offer.title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await expect(
    reschedule.getByText('Subject to availability. Original booking terms still apply.'),
  ).toBeVisible();
  // Once the free times have arrived (the buttons below move down when they do).
  await expect(reschedule.getByRole('group', { name: '1. Choose a day' })).toBeVisible();
  await reschedule.getByRole('button', { name: 'Reschedule Booking' }).click();
  await expect(reschedule.getByText('Please choose a new date and time')).toBeVisible();
  // A day, then a time of that day: the latest offered, far enough ahead to still cancel below.
  const mine = await request.get('/api/v1/bookings/user', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  const bookingId = ((await mine.json()) as { bookings: { id: string }[] }).bookings[0]?.id;
  const options = await request.get(`/api/v1/bookings/${bookingId}/reschedule-options`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  const days = (
    (await options.json()) as { options: { slots: { time: string; startTime: string }[] }[] }
  ).options.filter((day) => day.slots.length > 0);
  const lastSlot = days.at(-1)?.slots.at(-1);
  const chosen = lastSlot?.startTime;
  await reschedule.getByRole('group', { name: '1. Choose a day' }).getByRole('button').last().click();
  await reschedule
    .getByRole('group', { name: /^2\. Choose a time on/ })
    .getByRole('button')
    .last()
    .click();
  await reschedule.getByLabel('Reason (optional)').fill('Clashes with a meeting');
  await reschedule.getByRole('button', { name: 'Reschedule Booking' }).click();
  await expect(page.getByText('Booking rescheduled successfully')).toBeVisible();
  await expect(reschedule).toBeHidden();

  const list = await request.get('/api/v1/bookings/user', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  const { bookings } = (await list.json()) as { bookings: { id: string; startTime: string }[] };
  expect(bookings).toHaveLength(1);
  expect(Date.parse(bookings[0]?.startTime ?? '')).toBe(Date.parse(chosen ?? ''));

  // Cancel: Keep Booking changes nothing; Cancel Booking cancels.
  await card.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Booking' });
  await cancel.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(cancel).toBeHidden();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await cancel.getByLabel('Reason (optional)').fill('Travelling');
  await cancel.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(page.getByText('Booking cancelled successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No bookings found' })).toBeVisible();

  await page.getByRole('tab', { name: 'Cancelled (1)' }).click();
  const cancelledCard = page.getByRole('article', { name: offer.title });
  await expect(cancelledCard.getByText('Cancelled', { exact: true })).toBeVisible();
  await cancelledCard.getByRole('link', { name: `View details of ${offer.title}` }).click();
  await expect(page.getByRole('heading', { name: 'This booking was cancelled' })).toBeVisible();
  await expect(page.getByText('Reason: Travelling')).toBeVisible();
});
