import { createApiClient } from '@d3/api-client';
import { createSessionEndGuard } from '@d3/api-client/socket';
import { clearMerchantToken, getMerchantToken } from './auth-token';
import { serverErrorMessage } from './server-error';

/** The merchant site's settings of the one API client (@d3/api-client, issue 17). */
export { ApiError } from '@d3/api-client';

/** Where the router is mounted; the server serves the merchant site under this path. */
export const MERCHANT_BASENAME = '/merchant';
const MERCHANT_SIGN_IN_PATH = `${MERCHANT_BASENAME}/sign-in`;

export const apiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '/api/v1',
  apiKey: import.meta.env.VITE_API_KEY,
  // The merchant keeps its own token, so a 401 here leaves a customer session on / alone.
  tokens: { get: getMerchantToken, clear: clearMerchantToken },
  signIn: { path: MERCHANT_SIGN_IN_PATH, basename: MERCHANT_BASENAME },
  credentials: 'same-origin',
  messages: {
    failed: 'Something went wrong',
    network: 'Network error: check your connection and try again',
    // Every 5xx: the seed's text with its reference (issue 35), never the server's own words.
    server: serverErrorMessage,
  },
  // Development and tests check every contract call's answer against its schema (issue 37); a
  // production build leaves the contracts (and zod) out.
  loadContracts: import.meta.env.DEV
    ? async () => (await import('@d3/shared/api/all-contracts')).allContracts
    : undefined,
});

/** The typed call of a contract entry (issue 37): `call(bookingsContract.merchantList, { query })`. */
export const call = apiClient.call;

export const buildApiUrl = apiClient.url;

/**
 * A socket's `session_ended` (issue 31): a 401 unless this tab is changing the session itself (the
 * password form runs inside `merchantSessionEnd.during`) or already holds another token.
 */
export const merchantSessionEnd = createSessionEndGuard(getMerchantToken, apiClient.sessionEnded);
