import {
  type TMerchantProfileResponse,
  ZMerchantProfileResponse,
} from '@d3/shared/accounts/accounts-schemas';
import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { ERROR_CODES, type ErrorCode } from '@d3/shared/api/error-codes';
import { api, wire } from '@d3/test-support/msw/handlers';
import { createI18n, LocaleProvider } from '@d3/ui';
import uiEnglish from '@d3/ui/locales/en.messages.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { MERCHANT_TOKEN_KEY } from '../lib/auth-token';
import english from '../locales/en.messages.json';

/** A signed merchant token the app accepts (it only reads the claims); `claims` add to sub, role and exp. */
export function merchantToken(claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'm1', role: 'merchant', ...claims, exp: 4_102_444_800 })}.sig`;
}

/** A fresh browser session signed in as the test merchant: nothing stored but `token`. */
export function signInMerchant(token = merchantToken()) {
  window.localStorage.clear();
  window.localStorage.setItem(MERCHANT_TOKEN_KEY, token);
}

/** The merchant site's words in English, as main.tsx loads them (issue 33). */
export function withLocale(children: ReactNode) {
  return <LocaleProvider i18n={createI18n('en', { ...uiEnglish, ...english })}>{children}</LocaleProvider>;
}

/** Mounts `routes` in a memory router at `path`, with a fresh query client that does not retry. */
export function renderMerchant(routes: RouteObject[], path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    withLocale(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return router;
}

/** After each test: unmount and forget the stored session (the MSW handlers reset in the shared setup). */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}

/** The signed-in merchant of the tests (GET /merchants/me, the settings form). */
export const TEST_MERCHANT = {
  id: 'm1',
  firstName: 'Wambui',
  lastName: 'Karanja',
  email: 'wambui@example.co.ke',
  phoneNumber: '+254712345678',
  locale: 'en' as const,
  createdAt: '2026-11-01T00:00:00+03:00',
};

/** GET /merchants/me: the test merchant with these stores (no logos). */
export function meBody(
  stores: Array<{ id: string; name: string; category: string; location: string }>,
): TMerchantProfileResponse {
  return {
    success: true,
    merchant: TEST_MERCHANT,
    stores: stores.map((store) => ({ ...store, logo_url: null, logoUrl: null })),
  };
}

/** The MSW handler of GET /merchants/me answering `body` (checked against the API's response schema). */
export function meHandler(body: TMerchantProfileResponse) {
  return api.get('/merchants/me', () => wire(ZMerchantProfileResponse, body));
}

/**
 * A refusal with field errors as the API sends it (`errors` beside message and code), with the status of
 * the error-code table; `message` defaults to the table's words.
 */
export function apiFieldErrors(
  code: ErrorCode,
  errors: Record<string, string>,
  message: string = ERROR_CODES[code].message,
) {
  return wire(ZErrorResponse, { success: false, message, code, errors }, ERROR_CODES[code].status);
}
