import { clearTokens, getToken } from './auth-token';

/** Every call goes to the API's versioned base on the same origin (Vite proxies it in development). */
export const API_BASE = '/api/v1';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const SIGN_IN_PATH = '/accounts/sign-in';

/** The seed's fallbacks when the server says nothing useful (seed 001 §8 Generic). */
export const API_MESSAGES = {
  failed: 'API call failed',
  network: 'Network error. Please check your connection.',
} as const;

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Plain objects are sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Empty values (undefined, null, '') are left out of the query string. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Per-field messages from a 400, e.g. `{ email: 'Email is invalid' }`. */
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, message: string, code: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function apiKey(): string {
  return import.meta.env.VITE_API_KEY ?? 'd3-dev-key';
}

export function buildApiUrl(path: string, query?: ApiFetchOptions['query']): string {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return `${API_BASE}${cleanPath}${search ? `?${search}` : ''}`;
}

function fieldErrors(raw: unknown): Record<string, string> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Maps a failed response's envelope `{ success: false, message, code, errors? }` to an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof envelope.message === 'string' && envelope.message.trim() !== ''
      ? envelope.message
      : typeof envelope.error === 'string' && envelope.error.trim() !== ''
        ? envelope.error
        : API_MESSAGES.failed;
  const code = typeof envelope.code === 'string' && envelope.code !== '' ? envelope.code : `HTTP_${status}`;
  return new ApiError(status, message, code, fieldErrors(envelope.errors));
}

/**
 * The session-expired rule (seed 000 §2 Global): drop every stored token and send the visitor to sign-in,
 * unless they are already on a sign-in page. A wrong API key is a deployment fault, not an expired session.
 */
function handleUnauthorized(error: ApiError): void {
  if (error.code === 'INVALID_API_KEY') return;
  clearTokens();
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (pathname.includes('/login') || pathname.includes('/sign-in')) return;
  const target = `${SIGN_IN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
  window.location.assign(target);
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

/** fetch against the API: JSON in and out, API key and bearer token attached, errors thrown as ApiError. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const headers = new Headers({ Accept: 'application/json', 'x-api-key': apiKey() });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (typeof Blob !== 'undefined' && body instanceof Blob) {
    // Raw bytes (chat image upload): the declared type goes along; the server checks the bytes.
    if (!headers.has('Content-Type')) headers.set('Content-Type', body.type || 'application/octet-stream');
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

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
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: requestBody,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    // The caller cancelled (e.g. React Query dropped the request): let the abort propagate as it is.
    if (signal?.aborted && !timedOut) throw cause;
    throw new ApiError(0, API_MESSAGES.network, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const data = await readBody(response);
  const failed =
    !response.ok ||
    (data !== null && typeof data === 'object' && (data as { success?: unknown }).success === false);
  if (failed) {
    const error = toApiError(response.status, data);
    if (response.status === 401) handleUnauthorized(error);
    throw error;
  }
  return data as T;
}
