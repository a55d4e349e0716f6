import {
  type ApiError,
  type ApiRequestOptions,
  createApiClient,
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

const client = createApiClient({
  baseUrl: API_BASE,
  apiKey: import.meta.env.VITE_API_KEY ?? 'd3-dev-key',
  tokens: { get: () => getToken(), clear: clearTokens },
  signIn: { path: SIGN_IN_PATH },
  credentials: 'include',
  messages: API_MESSAGES,
});

export const buildApiUrl = client.url;

/** A socket heard `session_ended` (logout elsewhere, password change, expiry): as a 401 does. */
export const sessionEnded = client.sessionEnded;

/** An error answer of a hand-made fetch as the client's ApiError (same codes and field errors). */
export function toApiError(status: number, body: unknown): ApiError {
  return toClientApiError(status, body, API_MESSAGES.failed);
}

/** fetch against the API: JSON in and out, API key and bearer token attached, errors thrown as ApiError. */
export function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  // The page's first reads may have come with its HTML (anonymous answers: never for a signed-in reader).
  if ((options.method ?? 'GET') === 'GET' && options.body === undefined && getToken() === null) {
    // In the server render (entry-server.tsx) the API process answers as for an anonymous visitor.
    const serverReads = getServerReads();
    if (serverReads) return serverReads(buildApiUrl(path, options.query)) as Promise<T>;
    const booted = takeBootResponse(buildApiUrl(path, options.query));
    if (booted) return Promise.resolve(booted.body as T);
  }
  return client.request<T>(path, { method: 'GET', ...options });
}
