import {
  type ApiError,
  type ApiRequestOptions,
  createApiClient,
  MERCHANT_TOKEN_KEY,
  toApiError as toClientApiError,
} from '@d3/api-client';
import { clearTokens, getToken } from './auth-token';
import { getServerReads, takeBootResponse } from './boot-data';

/** The customer site's settings of the one API client (@d3/api-client, issue 17). */
export { ApiError, isApiError } from '@d3/api-client';
export type ApiFetchOptions = ApiRequestOptions;

/** Every call goes to the API's versioned base on the same origin (Vite proxies it in development). */
export const API_BASE = '/api/v1';
export const SIGN_IN_PATH = '/accounts/sign-in';

/** The seed's fallbacks when the server says nothing useful (seed 001 §8 Generic). */
export const API_MESSAGES = {
  failed: 'API call failed',
  network: 'Network error. Please check your connection.',
} as const;

/**
 * The page's first reads may have come with its HTML (anonymous answers: never for a signed-in
 * reader); in the server render (entry-server.tsx) the API process answers as for an anonymous visitor.
 */
function earlyAnswer(url: string): Promise<unknown> | undefined {
  if (getToken() !== null) return undefined;
  const serverReads = getServerReads();
  if (serverReads) return serverReads(url);
  const booted = takeBootResponse(url);
  return booted ? Promise.resolve(booted.body) : undefined;
}

// Development and tests check every contract call's answer against its schema (issue 37); a
// production build leaves the contracts (and zod) out.
const loadContracts = import.meta.env.DEV
  ? async () => (await import('@d3/shared/api/all-contracts')).allContracts
  : undefined;

const client = createApiClient({
  baseUrl: API_BASE,
  apiKey: import.meta.env.VITE_API_KEY,
  tokens: { get: () => getToken(), clear: clearTokens },
  signIn: { path: SIGN_IN_PATH },
  credentials: 'include',
  messages: API_MESSAGES,
  loadContracts,
  earlyAnswer,
});

/** The merchant's session on this origin, when there is one (the merchant site's token). */
export function merchantToken(): string | null {
  try {
    return window.localStorage.getItem(MERCHANT_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Calls made as the merchant signed in on this origin (a merchant quoting on a request's page): the
 * merchant's token, and a refused one is only an error here (the merchant site owns that session).
 */
const merchantClient = createApiClient({
  baseUrl: API_BASE,
  apiKey: import.meta.env.VITE_API_KEY,
  tokens: { get: merchantToken, clear: () => {} },
  credentials: 'same-origin',
  messages: API_MESSAGES,
  loadContracts,
});
export const merchantCall = merchantClient.call;

/**
 * The typed call of a contract entry (issue 37): `call(offersContract.get, { params: { id } })`
 * answers the entry's success body, typed from its schema. Every new call goes through it.
 */
export const call = client.call;

export const buildApiUrl = client.url;

/** A socket heard `session_ended` (logout elsewhere, password change, expiry): as a 401 does. */
export const sessionEnded = client.sessionEnded;

/** An error answer of a hand-made fetch as the client's ApiError (same codes and field errors). */
export function toApiError(status: number, body: unknown): ApiError {
  return toClientApiError(status, body, API_MESSAGES.failed);
}

/**
 * The untyped request under `call` (API key, token, early answers, errors as ApiError). Only this
 * file's tests use it: the site calls contract entries (`npm run lint` rejects it elsewhere).
 */
export function apiRequest(path: string, options: ApiFetchOptions = {}): Promise<unknown> {
  return client.request(path, { method: 'GET', ...options });
}
