import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import {
  API_HEADERS,
  auth,
  CUSTOMER_TOKEN_KEY,
  newTestAccount,
  registerCustomer,
  useToken,
} from '../support/customer-session.js';
import {
  calendarWords,
  collectDataStrings,
  englishOnlyWords,
  KEPT_TERMS,
  screenTexts,
  withoutData,
  wordsOf,
} from '../support/screen-words.js';
import { expect, test } from '../support/test.js';

/**
 * English words the walk must not meet in Kiswahili: the site's own English vocabulary (its English
 * catalogue less the words its Kiswahili one shares, like 'M-Pesa') and the common words any
 * untranslated sentence carries.
 */
const ENGLISH = new Set([
  ...englishOnlyWords(),
  ...['the', 'and', 'your', 'you', 'to', 'of', 'for', 'with', 'is', 'are', 'this', 'that', 'at', 'on', 'by'],
  ...['in', 'from', 'no', 'not', 'now', 'more', 'all', 'here', 'please', 'loading', 'error', 'failed'],
]);
for (const kept of [...KEPT_TERMS, ...calendarWords('sw-KE')]) ENGLISH.delete(kept);

/** The English words the page shows, with where (data from the API and kept terms excepted). */
async function englishOnScreen(page: Page, data: ReturnType<typeof collectDataStrings>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // The screen first, then the data (as in pseudo-locale.spec.ts): every string shown came in a
  // response already seen.
  const onScreen = await screenTexts(page);
  const known = await data.strings();
  return onScreen.flatMap(({ text, where }) =>
    wordsOf(withoutData(text, known))
      .filter((word) => ENGLISH.has(word.toLowerCase()))
      .map((word) => `${word} (in "${text}" at ${where})`),
  );
}

type TOfferSummary = { id: string; title: string; bookable: boolean; serviceId: string | null };

async function bookableOffer(request: APIRequestContext): Promise<TOfferSummary> {
  const response = await request.get('/api/v1/offers', { headers: API_HEADERS, params: { limit: 30 } });
  const { offers } = (await response.json()) as { offers: TOfferSummary[] };
  for (const offer of offers) {
    if (!offer.bookable) continue;
    if (!offer.serviceId) return offer;
    const service = await request.get(`/api/v1/services/${offer.serviceId}`, { headers: API_HEADERS });
    const body = (await service.json()) as { service?: { booking_enabled: boolean } };
    if (body.service?.booking_enabled) return offer;
  }
  throw new Error('The demo data has no bookable offer');
}

/**
 * Issue 33: the language switch on a phone. What is extracted so far — the navbar, the bottom tab
 * bar and the account menu — reads Kiswahili after the switch, stays so after a reload (cookie; the
 * server renders the page in it and sets <html lang>), and a signed-in customer's choice follows
 * them to another browser (the account's `locale`). Phone only (playwright.config.ts).
 */
test.describe('Kiswahili and English', () => {
  test('a visitor switches to Kiswahili, sees the shell in Kiswahili and keeps it after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Mobile' });
    await expect(tabs.getByRole('link', { name: 'Stores' })).toBeVisible();
    await page.getByTestId('language-switch').click();

    const swTabs = page.getByRole('navigation', { name: 'Simu' });
    await expect(swTabs.getByRole('link', { name: 'Nyumbani' })).toBeVisible();
    await expect(swTabs.getByRole('link', { name: 'Maduka' })).toBeVisible();
    await expect(swTabs.getByRole('link', { name: 'Gumzo' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ingia', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(
      page.getByRole('navigation', { name: 'Simu' }).getByRole('link', { name: 'Maduka' }),
    ).toBeVisible();
    // The server rendered the page in Kiswahili too (the cookie travels with the request).
    const served = await page.request.get('/', { headers: { cookie: 'd3_locale=sw' } });
    expect(await served.text()).toMatch(/<html lang="sw-KE" data-locale="sw"/);

    await page.getByTestId('language-switch').click();
    await expect(
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Stores' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
  });

  test("a signed-in customer's choice follows them to another browser, and the settings page's switch changes it back", async ({
    browser,
  }) => {
    // Two phones, one after the other: twice a single page's work.
    test.slow();
    const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    const token = await registerCustomer(api, newTestAccount('Achieng', 'Odhiambo'));
    const signedIn = async () => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
        key: CUSTOMER_TOKEN_KEY,
        value: token,
      });
      return context;
    };

    const first = await signedIn();
    const phone = await first.newPage();
    await phone.goto('/');
    await expect(phone.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    // Signed in on a phone, the switch is in the account menu (the bar holds the bell and the account).
    await expect(phone.getByRole('link', { name: 'Achieng' })).toBeVisible();
    await phone.getByRole('button', { name: 'Account menu' }).click();
    await phone.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(phone.getByRole('navigation', { name: 'Simu' })).toBeVisible();
    // Saved on the account.
    await expect
      .poll(
        async () =>
          (await (await api.get('/api/v1/users/profile', { headers: auth(token) })).json()).user.locale,
      )
      .toBe('sw');
    await first.close();

    // Another browser: no cookie, an English Accept-Language — the account's choice wins.
    const second = await signedIn();
    const other = await second.newPage();
    await other.goto('/');
    await expect(
      other.getByRole('navigation', { name: 'Simu' }).getByRole('link', { name: 'Maduka' }),
    ).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'sw-KE');

    // The settings page's own switch (Lugha → English) changes the page and the account back.
    await other.goto('/profile/settings');
    const language = other.getByRole('group', { name: 'Lugha' });
    await expect(language.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
    await language.getByRole('button', { name: 'English' }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en-KE');
    await expect(
      other.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      other.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Stores' }),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          (await (await api.get('/api/v1/users/profile', { headers: auth(token) })).json()).user.locale,
      )
      .toBe('en');
    await second.close();
    await api.dispose();
  });

  test('a language chosen before signing in is kept: the account takes it, and the next visit opens in it', async ({
    page,
    request,
  }) => {
    const account = newTestAccount('Wanjiru', 'Mwangi');
    const token = await registerCustomer(request, account);
    // Registered through the API, the account's language is English.
    const saved = async () =>
      (await (await request.get('/api/v1/users/profile', { headers: auth(token) })).json()).user.locale;
    expect(await saved()).toBe('en');

    await page.goto('/accounts/sign-in');
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Barua pepe', exact: true }).fill(account.email);
    await form.locator('input[type=password]').fill(account.password);
    await form.getByRole('button', { name: 'Ingia', exact: true }).click();
    await expect(page).not.toHaveURL(/\/accounts\/sign-in/);
    await expect(page.getByRole('navigation', { name: 'Simu' })).toBeVisible();
    await expect.poll(saved).toBe('sw');

    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Simu' }).getByRole('link', { name: 'Maduka' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  });

  test('a customer walks home → Hot Deals → an offer → booking → M-Pesa → voucher in Kiswahili, and it stays after a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const account = newTestAccount('Mwanaisha', 'Kiptoo');
    const token = await registerCustomer(request, account);
    const offer = await bookableOffer(request);
    const data = collectDataStrings(page);
    const noEnglish = async (where: string) =>
      expect(await englishOnScreen(page, data), `English words on ${where}`).toEqual([]);

    await useToken(page, token);
    await page.goto('/');
    // Signed in on a phone, the switch is in the account menu; the choice is saved on the account.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ofa nzuri za karibu');
    await noEnglish('home');

    // Hot Deals from the tab bar.
    await page.getByRole('navigation', { name: 'Simu' }).getByRole('link', { name: 'Ofa' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ofa Motomoto' })).toBeVisible();
    await expect(page.getByTestId('deals-list')).toBeVisible();
    await noEnglish('Hot Deals');

    // The offer: its card when the first page shows it, else its address.
    const card = page.getByTestId('deals-list').getByRole('link', { name: offer.title, exact: true });
    if (await card.count()) await card.first().click();
    else await page.goto(`/offer/${offer.id}`);
    await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
    await noEnglish('the offer');

    // The booking wizard.
    await page.getByRole('link', { name: 'HIFADHI OFA HII' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Hatua ya 1 kati ya 4: Tarehe na Saa' }),
    ).toBeVisible();
    // The last day and time offered (bookings.spec takes the first times of the first days).
    await page.getByRole('group', { name: 'Chagua haraka' }).getByRole('button').last().click();
    // A full time stays pressable (it offers the waitlist), so "free" is also "not 'Imejaa'".
    const freeTimes = page
      .getByRole('group', { name: 'Nyakati zilizopo' })
      .locator('button:not([disabled])')
      .filter({ hasNotText: 'Imejaa' });
    await freeTimes.last().click();
    await noEnglish('step 1 (date and time)');
    await page.getByRole('button', { name: 'Endelea' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Hatua ya 2 kati ya 4: Tawi na Mhudumu' }),
    ).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Tawi' }).getByRole('radio').first().check();
    await noEnglish('step 2 (location and staff)');
    await page.getByRole('button', { name: 'Endelea' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Hatua ya 3 kati ya 4: Kagua na Ulipe' }),
    ).toBeVisible();
    await noEnglish('step 3 (review and pay)');

    // M-Pesa through the simulator.
    await page.getByRole('button', { name: /^Lipa KSh \d+ kwa M-Pesa$/ }).click();
    const modal = page.getByRole('dialog', { name: 'Lipa kwa M-Pesa' });
    await expect(modal.getByLabel('Nambari ya simu ya M-Pesa')).toHaveValue(account.phoneE164);
    await noEnglish('the M-Pesa dialog');
    const pushed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/payments/mpesa') && response.request().method() === 'POST',
    );
    await modal.getByRole('button', { name: /^Lipa KSh/ }).click();
    const payment = (await (await pushed).json()) as { payment: { checkoutRequestId: string } };
    await expect(page.getByRole('heading', { name: 'Tunasubiri malipo' })).toBeVisible();
    await noEnglish('waiting for payment');
    const approved = await request.post(`/api/v1/dev/mpesa/${payment.payment.checkoutRequestId}/approve`, {
      headers: API_HEADERS,
    });
    expect(approved.ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Nafasi Imethibitishwa!' })).toBeVisible({
      timeout: 20_000,
    });
    await noEnglish('the confirmation');

    // The voucher, from My Bookings.
    await page.getByRole('link', { name: 'Tazama Nafasi Zangu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nafasi Zangu' })).toBeVisible();
    await noEnglish('My Bookings');
    const mine = await request.get('/api/v1/bookings/user', { headers: auth(token) });
    const bookingId = ((await mine.json()) as { bookings: { id: string }[] }).bookings[0]?.id;
    await page.goto(`/booking-details/${bookingId}`);
    await expect(page.getByRole('heading', { name: 'Vocha yako' })).toBeVisible();
    await noEnglish('the voucher');

    // A reload keeps Kiswahili (cookie and account).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(page.getByRole('heading', { name: 'Vocha yako' })).toBeVisible();
    await noEnglish('the voucher after a reload');
  });
});
