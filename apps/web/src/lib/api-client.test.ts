import { toApiError } from '@d3/api-client';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, apiFetch, buildApiUrl } from './api-client';
import { resetBootData } from './boot-data';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const liveToken = `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

/** A request that never answers: it only ends when its signal aborts it, as fetch does. */
const hangUntilAborted = (_url: Parameters<typeof fetch>[0], init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
let assign: MockInstance<Location['assign']>;

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('apiFetch request', () => {
  it('calls /api/v1 with the API key, JSON body, credentials and the bearer token', async () => {
    localStorage.setItem('access_token', liveToken);
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, id: 'n1' }));

    const result = await apiFetch<{ success: boolean; id: string }>('/newsletter', {
      method: 'POST',
      body: { email: 'amina@example.co.ke' },
    });

    expect(result).toEqual({ success: true, id: 'n1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/newsletter');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"amina@example.co.ke"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-api-key')).toBe('d3-dev-key');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe(`Bearer ${liveToken}`);
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await apiFetch('/offers');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.has('authorization')).toBe(false);
  });

  it('builds the query string and drops empty values', () => {
    expect(buildApiUrl('/offers', { page: 2, category: '', location: undefined, status: 'active' })).toBe(
      '/api/v1/offers?page=2&status=active',
    );
    expect(buildApiUrl('search', { q: 'spa & nails' })).toBe('/api/v1/search?q=spa+%26+nails');
  });
});

describe('apiFetch errors', () => {
  it('maps the server envelope to ApiError with status, message, code and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: { email: 'Email is invalid' },
      }),
    );
    const error = await apiFetch('/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      code: 'VALIDATION_ERROR',
      fieldErrors: { email: 'Email is invalid' },
    });
  });

  it("falls back to 'API call failed' when the server gives no message", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(apiFetch('/offers')).rejects.toMatchObject({
      status: 500,
      message: 'API call failed',
      code: 'HTTP_500',
    });
    expect(toApiError(502, { success: false, message: '  ' }, 'API call failed').message).toBe(
      'API call failed',
    );
  });

  it('treats a 200 with success:false as a failure', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { success: false, message: 'Offer not active', code: 'NOT_ACTIVE' }),
    );
    await expect(apiFetch('/offers/1')).rejects.toMatchObject({
      message: 'Offer not active',
      code: 'NOT_ACTIVE',
    });
  });

  it('reports a network failure with the seed message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/offers')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });

  it('gives up after timeoutMs with the same network message', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    await expect(apiFetch('/offers', { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'Network error. Please check your connection.',
    });
  });

  it('lets a caller-cancelled request reject with the abort, not an ApiError', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    const controller = new AbortController();
    const pending = apiFetch('/offers', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('401 rule', () => {
  it('clears every stored token and redirects to sign-in, keeping where the user was', async () => {
    window.history.replaceState(null, '', '/profile/bookings?tab=upcoming');
    localStorage.setItem('token', liveToken);
    localStorage.setItem('access_token', liveToken);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, message: 'Token expired', code: 'UNAUTHORIZED' }),
    );

    await expect(apiFetch('/users/current')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/accounts/sign-in?redirect=%2Fprofile%2Fbookings%3Ftab%3Dupcoming');
  });

  it.each(['/accounts/sign-in', '/login'])('does not redirect when already on %s', async (path) => {
    window.history.replaceState(null, '', path);
    localStorage.setItem('access_token', liveToken);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Invalid credentials' }));

    await expect(apiFetch('/users/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials',
    });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the session alone when only the API key was refused', async () => {
    window.history.replaceState(null, '', '/hotdeals');
    localStorage.setItem('access_token', liveToken);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, message: 'Invalid API key', code: 'INVALID_API_KEY' }),
    );

    await expect(apiFetch('/offers')).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
    expect(localStorage.getItem('access_token')).toBe(liveToken);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('apiFetch with the answers the page HTML carried (issue 16)', () => {
  function setBoot(responses: Record<string, unknown>) {
    resetBootData();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'd3-boot';
    script.textContent = JSON.stringify({ at: 1, responses });
    document.head.append(script);
  }
  afterEach(() => {
    document.getElementById('d3-boot')?.remove();
    resetBootData();
  });

  it("answers a visitor's first read of that address from the page, then asks the API", async () => {
    setBoot({ '/api/v1/offers?status=active&limit=12': { offers: [{ id: 'o-boot' }] } });
    fetchMock.mockResolvedValue(jsonResponse(200, { offers: [{ id: 'o-live' }] }));

    expect(await apiFetch('/offers', { query: { limit: 12, status: 'active' } })).toEqual({
      offers: [{ id: 'o-boot' }],
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiFetch('/offers', { query: { limit: 12, status: 'active' } })).toEqual({
      offers: [{ id: 'o-live' }],
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never gives a signed-in reader the anonymous answer', async () => {
    setBoot({ '/api/v1/stores/s1': { id: 's1', following: false } });
    localStorage.setItem('access_token', liveToken);
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 's1', following: true }));
    expect(await apiFetch('/stores/s1')).toEqual({ id: 's1', following: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
