import { request as playwrightRequest } from '@playwright/test';
import { auth, CUSTOMER_TOKEN_KEY, newTestAccount, registerCustomer } from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

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
    await expect(page.getByRole('link', { name: 'Ingia' })).toBeVisible();
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

  test("a signed-in customer's choice follows them to another browser", async ({ browser }) => {
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
    await second.close();
    await api.dispose();
  });
});
