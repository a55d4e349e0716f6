import { validServiceRequest } from '../../apps/api/src/test/service-request-samples.js';
import {
  auth,
  bookAndPay,
  CUSTOMER_TOKEN_KEY,
  chooseFirstFreeTime,
  createFreshStore,
  createServiceOffer,
  newTestAccount,
  registerCustomer,
  useToken,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Service requests (issue 12), lean: the request and the merchant's quote are made through the API;
 * the browser proves what the customer does — sees the bell notification, accepts the quote and
 * books the provider through the wizard (a quote booking has no access fee, docs/decisions.md).
 * Runs on the desktop (1280 px) and phone (390 px) projects.
 */

test('a customer gets a quote in the bell, accepts it and books the provider through the wizard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customerToken = await registerCustomer(request, newTestAccount('Amina', 'Njeri'));
  const merchant = await createFreshStore('Sparkle', 'Salon cleaning and care in Westlands.');
  const title = `Deep clean my salon ${Date.now().toString(36)}`;

  const posted = await request.post('/api/v1/request-service', {
    headers: auth(customerToken),
    data: validServiceRequest({ title }),
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { request: serviceRequest } = (await posted.json()) as { request: { id: string } };
  const quoted = await request.post(`/api/v1/request-service/${serviceRequest.id}/offers`, {
    headers: auth(merchant.merchantToken),
    data: {
      storeId: merchant.id,
      quotedPrice: 2500,
      message: 'We can do it tomorrow with our own supplies.',
      availability: 'Any day from 9am',
      estimatedDuration: '2 hours',
      includesSupplies: true,
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);

  // The bell tells the customer.
  await useToken(page, customerToken);
  await page.goto(`/service-request/${serviceRequest.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('notification-badge').first()).toBeVisible();
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(/Offer Received|Made an Offer|Quick Response Offer/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Accept behind the seed's Confirm Action.
  const card = page.getByRole('article', { name: `Offer from ${merchant.name}` });
  await card.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Action' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();

  // Book this provider: the wizard at the quoting store, the quoted price, no access fee.
  await card.getByRole('link', { name: 'Book this provider' }).click();
  await expect(page).toHaveURL(/\/booking\/quote\//);
  await expect(page.getByRole('heading', { level: 1, name: `Book ${title}` })).toBeVisible();
  await chooseFirstFreeTime(page, 1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByRole('region', { name: 'Step 3 of 4: Review & Pay' });
  await expect(review.getByText('Quoted price, paid to the provider')).toBeVisible();
  await expect(review.getByText('No access fee')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-quote-booked.png`),
    fullPage: true,
  });

  // The merchant's queue lists it, referencing the quote.
  const queue = await request.get('/api/v1/bookings/merchant', { headers: auth(merchant.merchantToken) });
  const { bookings } = (await queue.json()) as {
    bookings: Array<{ bookingType: string; status: string; Service: { name: string; price: number } | null }>;
  };
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({
    bookingType: 'quote',
    status: 'confirmed',
    Service: { name: title, price: 2500 },
  });
});

test('a friend signs up through the referral link, books and pays an offer; once served, /profile/earn shows 30 % of the fee', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const referrerToken = await registerCustomer(request, newTestAccount('Wanjiru', 'Kamau'));
  const earningsBefore = await request.get('/api/v1/users/earnings', { headers: auth(referrerToken) });
  const { referralLink } = (await earningsBefore.json()) as { referralLink: string };
  const link = new URL(referralLink);
  expect(link.pathname).toBe('/accounts/sign-up');
  expect(link.searchParams.get('ref')).toBeTruthy();

  // The friend signs up through the link.
  const friend = newTestAccount('Otieno', 'Odhiambo');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('First name').fill(friend.firstName);
  await page.getByLabel('Last name').fill(friend.lastName);
  await page.getByLabel('Email', { exact: true }).fill(friend.email);
  await page.getByLabel('Phone number').fill(friend.phone);
  await page.getByLabel('Password', { exact: true }).fill(friend.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(friend.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/accounts\/verify-otp$/);
  const friendToken = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? '',
    CUSTOMER_TOKEN_KEY,
  );
  expect(friendToken).not.toBe('');

  // A merchant's offer (KSh 2,000 at 20 % off: access fee KSh 60) tied to a 30-minute service.
  const merchant = await createFreshStore('Sparkle', 'Salon cleaning and care in Westlands.');
  const made = await createServiceOffer(
    request,
    merchant,
    { name: `Blow-dry ${Date.now().toString(36)}`, price: 2000, duration: 30, early_checkin_minutes: 240 },
    {
      title: `Blow-dry deal ${Date.now().toString(36)}`,
      description: 'Wash and blow-dry.',
      discount: 20,
      original_price: 2000,
    },
  );

  const { id: bookingId } = await bookAndPay(request, made.id, friendToken, friend.phone);
  for (const status of ['checked_in', 'completed']) {
    const changed = await request.put(`/api/v1/bookings/${bookingId}/status`, {
      headers: auth(merchant.merchantToken),
      data: { status },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }

  const earnings = await request.get('/api/v1/users/earnings', { headers: auth(referrerToken) });
  expect(((await earnings.json()) as { earnings: { totalEarned: number } }).earnings.totalEarned).toBe(18);

  await useToken(page, referrerToken);
  await page.goto('/profile/earn');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Rewards' })).toBeVisible();
  const total = page.locator('div', { has: page.getByText('Total Earned', { exact: true }) }).last();
  await expect(total).toContainText(/KSh\s?18(\.00)?\b/);
  await page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-earn.png`),
    fullPage: true,
  });
});
