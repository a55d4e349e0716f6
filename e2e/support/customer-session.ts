import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  type TestInfo,
  test,
} from '@playwright/test';

/** Where the customer site keeps its session token (seed 000 §2; the merchant site uses `merchant_token`). */
export const CUSTOMER_TOKEN_KEY = 'access_token';
/** The embedded server's documented default client key (API contract, "Running"). */
export const API_HEADERS = { 'x-api-key': 'd3-dev-key' } as const;
export const TEST_PASSWORD = 'Safari-Njema-2025';

export type TTestAccount = {
  firstName: string;
  lastName: string;
  email: string;
  /** As typed in the form: 07… */
  phone: string;
  /** As the server stores it: +2547… */
  phoneE164: string;
  password: string;
};

function randomDigits(count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += Math.floor(Math.random() * 10).toString();
  return out;
}

/** A fresh identity per call: unique e-mail and a valid, unique Kenyan mobile number (071x xxx xxx). */
export function newTestAccount(firstName = 'Amina', lastName = 'Otieno'): TTestAccount {
  const tail = randomDigits(7);
  const stamp = `${Date.now().toString(36)}${randomDigits(4)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${stamp}@example.co.ke`,
    phone: `071${tail}`,
    phoneE164: `+25471${tail}`,
    password: TEST_PASSWORD,
  };
}

/** POST /users/register (or /merchants/register) and return the session token. */
export async function registerCustomer(
  api: APIRequestContext,
  account: TTestAccount,
  path = '/api/v1/users/register',
): Promise<string> {
  const response = await api.post(path, {
    headers: API_HEADERS,
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneNumber: account.phone,
      password: account.password,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  }
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** POST /merchants/register and return the merchant's token. */
export const registerMerchant = (api: APIRequestContext, account: TTestAccount): Promise<string> =>
  registerCustomer(api, account, '/api/v1/merchants/register');

/** The API key and a bearer token: the headers of a signed-in call. */
export const auth = (token: string) => ({ ...API_HEADERS, Authorization: `Bearer ${token}` });

export type TFreshStore = { id: string; name: string; merchantToken: string };

/**
 * A new merchant (own request context, so no session mixes with the page's) and a Westlands
 * Beauty & Spa store of theirs named `label` plus a unique tail, open round the clock every day, so
 * a visit can be booked and served whenever the suite runs.
 */
export async function createFreshStore(label: string, description?: string): Promise<TFreshStore> {
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const merchantToken = await registerMerchant(api, newTestAccount('Njeri', 'Wambui'));
    const name = `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const created = await api.post('/api/v1/stores', {
      headers: auth(merchantToken),
      data: {
        name,
        category: 'Beauty & Spa',
        location: 'Westlands',
        description,
        opening_time: '00:00',
        closing_time: '23:59',
        working_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { store } = (await created.json()) as { store: { id: string } };
    return { id: store.id, name, merchantToken };
  } finally {
    await api.dispose();
  }
}

/** A Beauty & Spa service of the store (`fields`: its name, price, duration and any others); returns it. */
export async function createService(
  request: APIRequestContext,
  store: TFreshStore,
  fields: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const created = await request.post('/api/v1/services', {
    headers: auth(store.merchantToken),
    data: { storeId: store.id, category: 'Beauty & Spa', ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { service: { id: string; name: string } }).service;
}

/**
 * The merchant in a browser context of their own, the same size as the project's, signed in with
 * `merchantToken`. The caller closes it.
 */
export async function merchantContext(
  browser: Browser,
  testInfo: TestInfo,
  merchantToken: string,
): Promise<BrowserContext> {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
  await context.addInitScript((token) => window.localStorage.setItem('merchant_token', token), merchantToken);
  return context;
}

/**
 * A service of the store (`service`: its fields beyond storeId) and an offer of it at `discount` %
 * off `original_price` for a week (`offer`: its other fields); returns the offer.
 */
export async function createServiceOffer(
  request: APIRequestContext,
  store: TFreshStore,
  service: Record<string, unknown>,
  offer: { title: string; description: string; discount: number; original_price: number },
): Promise<{ id: string; title: string }> {
  const serviceId = (await createService(request, store, service)).id;
  const made = await request.post('/api/v1/offers', {
    headers: auth(store.merchantToken),
    data: {
      storeId: store.id,
      serviceId,
      ...offer,
      expiration_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      category: 'Beauty & Spa',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { offer: { id: string; title: string } }).offer;
}

/** Stores the customer token once, on a light page, so later navigations start signed in. */
export async function useToken(page: Page, token: string) {
  await page.goto('/about-us');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: CUSTOMER_TOKEN_KEY,
    value: token,
  });
}

/** The booking wizard's free times: a full time stays pressable (it offers the waitlist), so "free" is also "not 'Full'". */
export const freeTimes = (page: Page) =>
  page
    .getByRole('group', { name: 'Available times' })
    .locator('button:not([disabled])')
    .filter({ hasNotText: 'Full' });

/** The booking wizard's first step: the `day`th quick-select day (0 is today) and its first free time. */
export async function chooseFirstFreeTime(page: Page, day: number) {
  await page.getByRole('group', { name: 'Quick select' }).getByRole('button').nth(day).click();
  await freeTimes(page).first().click();
}

/** A screenshot kept in test-results, named by project. */
export async function shot(page: Page, name: string, fullPage = true) {
  const project = test.info().project.name;
  await page.screenshot({ path: test.info().outputPath(`${project}-${name}.png`), fullPage });
}

/**
 * Books the offer's first free slot — today, or the next day that has one (late in Nairobi's evening,
 * today's slots have all started) — for the customer and pays its access fee through the M-Pesa
 * simulator; returns the booking's id and start time once it reads paid.
 */
export async function bookAndPay(request: APIRequestContext, offerId: string, token: string, phone: string) {
  const seen: string[] = [];
  let slot: { startTime: string; available: number } | undefined;
  for (let day = 0; day < 3 && !slot; day += 1) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
      new Date(Date.now() + day * 86_400_000),
    );
    const slots = await request.get('/api/v1/bookings/offer-slots', {
      headers: API_HEADERS,
      params: { offerId, date },
    });
    expect(slots.ok()).toBe(true);
    const { detailedSlots } = (await slots.json()) as {
      detailedSlots: Array<{ startTime: string; available: number }>;
    };
    slot = detailedSlots.find((candidate) => candidate.available > 0);
    seen.push(`${date}: ${JSON.stringify(detailedSlots).slice(0, 200)}`);
  }
  if (!slot) throw new Error(`No free slot in three days: ${seen.join('; ')}`);
  const created = await request.post('/api/v1/bookings/offers', {
    headers: auth(token),
    data: { offerId, startTime: slot.startTime },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { booking } = (await created.json()) as { booking: { id: string } };
  const payment = await request.post('/api/v1/payments/mpesa', {
    headers: { ...auth(token), 'Idempotency-Key': `e2e-${booking.id}` },
    data: { bookingId: booking.id, phoneNumber: phone, type: 'booking_access_fee' },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const { payment: pushed } = (await payment.json()) as { payment: { checkoutRequestId: string } };
  const approved = await request.post(`/api/v1/dev/mpesa/${pushed.checkoutRequestId}/approve`, {
    headers: API_HEADERS,
  });
  expect(approved.ok()).toBe(true);
  await expect
    .poll(async () => {
      const view = await request.get(`/api/v1/bookings/${booking.id}`, { headers: auth(token) });
      return ((await view.json()) as { booking: { accessFeePaid: boolean } }).booking.accessFeePaid;
    })
    .toBe(true);
  return { id: booking.id, startTime: slot.startTime };
}

/** 'YYYY-MM-DD' of `at` in Nairobi (UTC+3, no daylight saving). */
export const nairobiDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** Books the first free slot of a service today or on one of the next `days - 1` days; returns the booking. */
export async function bookFirstFreeSlot(
  request: APIRequestContext,
  token: string,
  { serviceId, storeId, days }: { serviceId: string; storeId: string; days: number },
) {
  let startTime: string | undefined;
  for (let offset = 0; offset < days && !startTime; offset++) {
    const date = nairobiDay(new Date(Date.now() + offset * 86_400_000));
    const slots = await request.get(`/api/v1/bookings/service-slots?serviceId=${serviceId}&date=${date}`, {
      headers: API_HEADERS,
    });
    const body = (await slots.json()) as { detailedSlots?: Array<{ startTime: string; available: number }> };
    // A slot about to start may have started by the time the booking arrives on a busy machine:
    // only slots at least 10 minutes away.
    const soonest = Date.now() + 10 * 60_000;
    startTime = body.detailedSlots?.find(
      (slot) => slot.available > 0 && Date.parse(slot.startTime) > soonest,
    )?.startTime;
  }
  expect(startTime).toBeTruthy();
  const booked = await request.post('/api/v1/bookings/service', {
    headers: auth(token),
    data: { serviceId, storeId, bookingType: 'service', startTime },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { booking: { id: string; status: string } }).booking;
}

/** The newest 6-digit code sent to this phone number or e-mail address (dev outbox), waiting up to 10 s. */
export async function readOtpFromOutbox(api: APIRequestContext, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await api.get('/api/v1/dev/outbox', { headers: API_HEADERS, params: { to } });
    if (response.ok()) {
      const { messages } = (await response.json()) as { messages: { body: string }[] };
      const code = messages[0]?.body.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No 6-digit code in the dev outbox for ${to}`);
}

type TWorkerCustomer = { account: TTestAccount; token: string };
let workerCustomer: Promise<TWorkerCustomer> | undefined;

/** One real customer per worker process, registered through the API the first time it is asked for. */
export function getWorkerCustomer(): Promise<TWorkerCustomer> {
  workerCustomer ??= (async () => {
    const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const account = newTestAccount('Wanjiru', 'Kamau');
      return { account, token: await registerCustomer(api, account) };
    } finally {
      await api.dispose();
    }
  })();
  return workerCustomer;
}

/** Signs the page in as this worker's real customer: the token is in localStorage before any script runs. */
export async function signInAsWorkerCustomer(page: Page): Promise<TWorkerCustomer> {
  const customer = await getWorkerCustomer();
  await page.addInitScript(
    ({ key, token }) => {
      window.localStorage.setItem(key, token);
    },
    { key: CUSTOMER_TOKEN_KEY, token: customer.token },
  );
  return customer;
}
