import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { ApiError, toApiError } from './api-error';
import { type ContractsLoader, createContractCall } from './contract-call';
import type { ApiRequestOptions, QueryValue } from './request-options';

export type { ApiRequestOptions, QueryValue } from './request-options';

/**
 * The API key the embedded server accepts out of the box (`API_KEYS` unset): the one default both
 * sites use when `VITE_API_KEY` is not set at build time.
 */
export const DEV_API_KEY = 'd3-dev-key';

/** Where a site keeps its session token; the client reads it for each call and clears it on a 401. */
export interface TokenStore {
  get(): string | null;
  clear(): void;
}

export interface ApiClientConfig {
  /** The API's versioned base, e.g. '/api/v1' (same origin; Vite proxies it in development). */
  baseUrl: string;
  /** Sent as `x-api-key` on every call; `DEV_API_KEY` when the site's build names none. */
  apiKey?: string | undefined;
  tokens: TokenStore;
  /**
   * The 401 rule (seed 000 §2 Global): the site's sign-in page (full path) and, when the site's router
   * has one, its basename (stripped from the way back).
   */
  signIn?: { path: string; basename?: string };
  /** Seed 001 §9 "Timeouts: API 10 s". */
  timeoutMs?: number;
  credentials?: RequestCredentials;
  /**
   * The seed's fallbacks when the server says nothing useful; `server`, when given, is the text of
   * every 5xx (decided by status, never by the answer's text), with the answer's reference when it
   * has one (issue 35: support finds the request's log lines by it).
   */
  messages: { failed: string; network: string; server?: (reference: string | undefined) => string };
  /**
   * Development and tests: every contract (`() => import('@d3/shared/api/all-contracts')`), so each
   * success body of `call()` is checked against its entry's schema and ContractDriftError is thrown
   * when it does not match. Left out of production builds (zod and the schemas stay out of the bundle).
   */
  loadContracts?: ContractsLoader;
  /**
   * An answer the page already holds for an anonymous GET (its full API URL): the customer site's
   * boot data and its server render. Consulted before asking the network; `undefined` asks.
   */
  earlyAnswer?: (url: string) => Promise<unknown> | undefined;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export function buildUrl(baseUrl: string, path: string, query?: ApiRequestOptions['query']): string {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return `${baseUrl}${cleanPath}${search ? `?${search}` : ''}`;
}

const isOnSignInPage = (pathname: string) => pathname.includes('/login') || pathname.includes('/sign-in');

/**
 * The session-expired rule (seed 000 §2 Global): a 401 drops the stored token and sends the visitor to
 * sign-in with the way back, unless they are already on a sign-in page (there a 401 is a wrong password).
 * A refused API key is a deployment fault, not an expired session: the session stays.
 */
function handleUnauthorized(config: ApiClientConfig, error: ApiError): void {
  if (error.code === 'INVALID_API_KEY') return;
  config.tokens.clear();
  if (typeof window === 'undefined' || !config.signIn) return;
  const { pathname, search, hash } = window.location;
  if (isOnSignInPage(pathname)) return;
  const basename = config.signIn.basename ?? '';
  const inside =
    basename && pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname;
  window.location.assign(`${config.signIn.path}?redirect=${encodeURIComponent(inside + search + hash)}`);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The one typed client both sites use: JSON in and out, API key and bearer token attached, errors as ApiError. */
export function createApiClient(config: ApiClientConfig) {
  const apiKey = config.apiKey || DEV_API_KEY;
  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const { body, query, signal, timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS } = options;
    if ((options.method ?? 'GET') === 'GET' && body === undefined && config.earlyAnswer) {
      const early = config.earlyAnswer(buildUrl(config.baseUrl, path, query));
      if (early) return early as Promise<T>;
    }
    const headers: Record<string, string> = { Accept: 'application/json', 'x-api-key': apiKey };
    const token = config.tokens.get();
    if (token) headers.Authorization = `Bearer ${token}`;

    let requestBody: BodyInit | undefined;
    if (body instanceof FormData) {
      requestBody = body;
    } else if (typeof Blob !== 'undefined' && body instanceof Blob) {
      // Raw bytes (a chat image): the declared type goes along; the server checks the bytes.
      headers['Content-Type'] = body.type || 'application/octet-stream';
      requestBody = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      requestBody = JSON.stringify(body);
    }
    Object.assign(headers, options.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) controller.abort(signal.reason);
    else signal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    try {
      response = await fetch(buildUrl(config.baseUrl, path, query), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body: requestBody,
        credentials: config.credentials ?? 'include',
        signal: controller.signal,
      });
    } catch (cause) {
      // The caller cancelled (e.g. React Query dropped the request): let the abort propagate as it is.
      if (signal?.aborted && !timedOut) throw cause;
      throw new ApiError(0, config.messages.network, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }

    const data = await readBody(response);
    const failed =
      !response.ok ||
      (data !== null && typeof data === 'object' && (data as { success?: unknown }).success === false);
    if (failed) {
      const error = toApiError(response.status, data, config.messages.failed, config.messages.server);
      if (response.status === 401) handleUnauthorized(config, error);
      throw error;
    }
    return data as T;
  }

  type Options = Omit<ApiRequestOptions, 'method' | 'body'>;
  return {
    /** The typed call of a contract entry (issue 37): `call(bookingsContract.get, { params: { id } })`. */
    call: createContractCall(request, config.loadContracts),
    /** The headers a hand-made request (an upload with progress) sends: the API key and the token. */
    authHeaders: (): Record<string, string> => {
      const token = config.tokens.get();
      return { 'x-api-key': apiKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    },
    request,
    url: (path: string, query?: ApiRequestOptions['query']) => buildUrl(config.baseUrl, path, query),
    get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
    /** The server ended the session elsewhere (a socket's `session_ended`): the same as a 401. */
    sessionEnded: () =>
      handleUnauthorized(config, new ApiError(401, ERROR_CODES.SESSION_EXPIRED.message, 'SESSION_EXPIRED')),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
