import { clearMerchantToken, getMerchantToken } from './auth-token';

const API_BASE_URL = import.meta.env.VITE_API_URL ?? '/api/v1';
const API_KEY = import.meta.env.VITE_API_KEY ?? 'd3-dev-key';

/** Where the router is mounted; the server serves the merchant site under this path. */
export const MERCHANT_BASENAME = '/merchant';
export const MERCHANT_SIGN_IN_PATH = `${MERCHANT_BASENAME}/sign-in`;

/** The server's error envelope: `{ success: false, message, code, errors? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, code: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

type TQueryValue = string | number | boolean | null | undefined;

export type TApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, TQueryValue>;
  /** A plain object is sent as JSON; FormData (image uploads) is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export function buildApiUrl(path: string, query?: Record<string, TQueryValue>): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isOnSignInPage(pathname: string): boolean {
  return pathname.includes('/sign-in') || pathname.includes('/login');
}

/**
 * A 401 means the merchant session is gone: forget the token and send the merchant to sign in,
 * remembering where they were. On the sign-in page itself a 401 is just a wrong password.
 */
function handleUnauthorized(): void {
  clearMerchantToken();
  const { pathname, search, hash } = window.location;
  if (isOnSignInPage(pathname)) return;
  const inside = pathname.startsWith(MERCHANT_BASENAME) ? pathname.slice(MERCHANT_BASENAME.length) : pathname;
  const redirect = `${inside || '/'}${search}${hash}`;
  window.location.assign(`${MERCHANT_SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}`);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body !== null && typeof body === 'object') {
    const envelope = body as { message?: unknown; code?: unknown; errors?: unknown };
    const message = typeof envelope.message === 'string' ? envelope.message : 'Something went wrong';
    const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${status}`;
    const errors =
      envelope.errors !== null && typeof envelope.errors === 'object'
        ? (envelope.errors as Record<string, string>)
        : {};
    return new ApiError(status, message, code, errors);
  }
  return new ApiError(
    status,
    status >= 500 ? 'Server error, please try again' : 'Something went wrong',
    `HTTP_${status}`,
  );
}

export async function apiRequest<T>(path: string, options: TApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-api-key': API_KEY,
    ...options.headers,
  };
  const token = getMerchantToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error: check your connection and try again', 'NETWORK_ERROR');
  }

  const data = await readBody(response);
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<TApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<TApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<TApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<TApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<TApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
