import type { Page } from '@playwright/test';
import {
  API_HEADERS,
  auth,
  bookAndPay,
  nairobiDay,
  newTestAccount,
  registerCustomer,
  shot,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * The merchant site end to end (issue 13): a new merchant signs up and sets up a store, a branch,
 * a service, a staff member and an offer through the pages; a customer books the offer for the next
 * free slot (starting within the hour) and pays its access fee through the M-Pesa simulator; the
 * merchant sees the booking, confirms, checks in and completes it, then replies to the customer's
 * review — on the desktop (1280 px) and phone (390 px) projects. Screenshots of every page are kept
 * in test-results for review.
 */

const ALL_DAY = { opens: '00:00', closes: '23:59' };

async function openEveryDay(dialog: ReturnType<Page['getByRole']>) {
  for (const day of ['Sat', 'Sun']) {
    const button = dialog.getByRole('button', { name: day, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  }
  await dialog.getByLabel('Opens at').fill(ALL_DAY.opens);
  await dialog.getByLabel('Closes at').fill(ALL_DAY.closes);
}

async function merchantTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('merchant_token') ?? '');
}

test('a new merchant sets up shop, serves a paid booking from confirm to complete and answers the review', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const merchant = newTestAccount('Wambui', 'Karanja');
  const storeName = `Kinyozi ${Date.now().toString(36)}`;

  // --- sign up ---------------------------------------------------------------------------------
  await page.goto('/merchant/sign-up');
  await page.getByLabel('First name').fill(merchant.firstName);
  await page.getByLabel('Last name').fill(merchant.lastName);
  await page.getByLabel(/e-?mail/i).fill(merchant.email);
  await page.getByLabel('Phone number').fill(merchant.phone);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(merchant.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('You have no stores yet')).toBeVisible();

  // --- store -----------------------------------------------------------------------------------
  await page.goto('/merchant/stores');
  await expect(page.getByRole('heading', { name: 'No stores yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New store' }).click();
  let dialog = page.getByRole('dialog', { name: 'New store' });
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await expect(dialog.getByText('Store name is required')).toBeVisible(); // the shared schema, before sending
  await dialog.getByLabel('Store name').fill(storeName);
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Location').selectOption({ index: 1 });
  await dialog.getByLabel('Description').fill('Cuts, shaves and beard care in Westlands.');
  await dialog.getByLabel('Phone').fill('0712345678');
  await openEveryDay(dialog);
  await dialog.getByLabel('Instagram').fill('https://instagram.com/kinyozi');
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: storeName })).toBeVisible();

  // --- branch ----------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Add branch' }).click();
  dialog = page.getByRole('dialog', { name: 'New branch' });
  await dialog.getByLabel('Branch name').fill('Westlands');
  await dialog.getByLabel('Address').fill('Woodvale Grove');
  await openEveryDay(dialog);
  await dialog.getByLabel('Main branch').check();
  await dialog.getByRole('button', { name: 'Add branch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Woodvale Grove')).toBeVisible();

  // --- service ---------------------------------------------------------------------------------
  await page.goto('/merchant/services');
  await expect(page.getByRole('heading', { name: 'No services yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New service' }).click();
  dialog = page.getByRole('dialog', { name: 'New service' });
  await dialog.getByLabel('Service name').fill('Haircut and beard trim');
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Price (KES)').fill('1200');
  await dialog.getByLabel('Duration (minutes)').fill('30');
  await dialog.getByLabel('Early check-in (minutes)').fill('60');
  await dialog.getByLabel('Auto-confirm bookings').uncheck();
  await dialog.getByRole('button', { name: 'Create service' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Haircut and beard trim')).toBeVisible();
  await expect(page.getByText('You confirm')).toBeVisible();
  await shot(page, 'services');

  // --- staff -----------------------------------------------------------------------------------
  await page.goto('/merchant/stores');
  await page.getByRole('button', { name: 'Add staff' }).click();
  dialog = page.getByRole('dialog', { name: 'New staff member' });
  await dialog.getByLabel('Name').fill('Otieno');
  await dialog.getByLabel('Role').fill('Barber');
  await dialog.getByLabel('Haircut and beard trim').check();
  await dialog.getByRole('button', { name: 'Add staff' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Barber · Any branch · 1 service')).toBeVisible();
  await shot(page, 'stores');

  // --- offer with the live preview -------------------------------------------------------------
  await page.goto('/merchant/offers');
  await expect(page.getByRole('heading', { name: 'No offers yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New offer' }).click();
  dialog = page.getByRole('dialog', { name: 'New offer' });
  const preview = dialog.getByRole('article', { name: 'Customer card preview' });
  await dialog.getByLabel('Title').fill('Haircut and beard trim, 30% off');
  await dialog.getByLabel('Original price (KES)').fill('1200');
  await dialog.getByLabel('Discount (%)').fill('30');
  // 15 % of the 360 discount: the shared fee rule.
  await expect(preview.getByTestId('access-fee')).toContainText('KSh 54');
  await expect(preview.getByText('KSh 840', { exact: true })).toBeVisible();
  const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Last day').fill(lastDay);
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Service').selectOption({ label: 'Haircut and beard trim' });
  await shot(page, 'offer-form');
  await dialog.getByRole('button', { name: 'Publish offer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Haircut and beard trim, 30% off')).toBeVisible();
  await shot(page, 'offers');

  // --- a customer books the offer for the next free slot today and pays by M-Pesa -------------
  const merchantToken = await merchantTokenOf(page);
  const me = await request.get('/api/v1/merchants/me', { headers: auth(merchantToken) });
  const { stores } = (await me.json()) as { stores: Array<{ id: string }> };
  const offers = await request.get('/api/v1/offers', {
    headers: API_HEADERS,
    params: { storeId: stores[0]!.id },
  });
  const { offers: list } = (await offers.json()) as { offers: Array<{ id: string }> };
  // Late in Nairobi's evening the next free slot is after midnight: the service takes check-ins up to
  // 4 hours early (the most a merchant may set) so the merchant can serve it now, whatever the hour.
  const services = await request.get('/api/v1/services', {
    headers: API_HEADERS,
    params: { storeId: stores[0]!.id },
  });
  const { services: serviceList } = (await services.json()) as { services: Array<{ id: string }> };
  const early = await request.put(`/api/v1/services/${serviceList[0]!.id}`, {
    headers: auth(merchantToken),
    data: { early_checkin_minutes: 240 },
  });
  expect(early.status(), await early.text()).toBe(200);
  const customer = newTestAccount('Kamau', 'Mwangi');
  const customerToken = await registerCustomer(request, customer);
  const booking = await bookAndPay(request, list[0]!.id, customerToken, customer.phone);

  // --- the merchant serves it -------------------------------------------------------------------
  await page.goto('/merchant/');
  await expect(page.getByText('Awaiting you')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Figures' }).getByText('KSh 54', { exact: true }),
  ).toBeVisible();
  await shot(page, 'dashboard');
  await page.goto('/merchant/bookings');
  const card = page
    .locator('div', { hasText: 'Kamau' })
    .filter({ has: page.getByRole('button', { name: 'Confirm' }) })
    .last();
  await expect(card.getByText('Access fee KSh 54 · paid')).toBeVisible();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Check in', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText('checked in', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await page.getByRole('button', { name: 'week' }).click();
  // The week shown is the Nairobi week (Monday to Sunday) of the date in the field. Late on a Sunday
  // the next free slot is on Monday, in the week after, so the field takes the booking's own day:
  // the test holds at any hour (it failed on a Sunday at 23:45 in Nairobi, stop 65).
  await page.getByLabel('Date').fill(nairobiDay(new Date(booking.startTime)));
  await expect(page.getByText('Haircut and beard trim, 30% off')).toBeVisible();
  await shot(page, 'bookings');

  // --- review and reply ------------------------------------------------------------------------
  const review = await request.post('/api/v1/reviews', {
    headers: auth(customerToken),
    data: { store_id: stores[0]!.id, rating: 5, text: 'Sharp fade, friendly barber.' },
  });
  expect(review.status(), await review.text()).toBe(201);
  await page.goto('/merchant/reviews');
  await expect(page.getByText('Sharp fade, friendly barber.')).toBeVisible();
  await expect(page.getByText('1 review', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reply' }).click();
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Response text is required')).toBeVisible();
  await page.getByLabel(/^Reply to/).fill('Asante sana, karibu tena!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Asante sana, karibu tena!')).toBeVisible();
  await expect(page.getByText('Your reply')).toBeVisible();
  await shot(page, 'reviews');

  await page.goto('/merchant/settings');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(merchant.email);
  await shot(page, 'settings');
});
