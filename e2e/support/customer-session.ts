import type { Page } from '@playwright/test';

/** Where the customer site keeps its session token (seed 000 §2; the merchant site uses `merchant_token`). */
export const CUSTOMER_TOKEN_KEY = 'access_token';

function base64Url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * A JWT-shaped string that is NOT signed: the customer site only reads `exp` to decide whether someone is
 * signed in, so this opens the guarded pages without an account.
 * TODO(accounts capability): replace with a real sign-in (register through the API or the sign-up form and
 * store the returned access_token), because pages that call the API with this token will get a 401 and the
 * client will then, rightly, sign the visitor out.
 */
export function makeUnsignedCustomerToken(): string {
  const header = { alg: 'none', typ: 'JWT' };
  const payload = {
    sub: '0f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19',
    role: 'customer',
    exp: Math.floor(Date.now() / 1000) + 60 * 60,
  };
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.unsigned`;
}

/** Puts a customer token in localStorage before any of the site's scripts run, on every navigation. */
export async function signInWithUnsignedToken(page: Page): Promise<void> {
  await page.addInitScript(
    ({ key, token }) => {
      window.localStorage.setItem(key, token);
    },
    { key: CUSTOMER_TOKEN_KEY, token: makeUnsignedCustomerToken() },
  );
}
