import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, buildApiUrl } from './api-client';
import { MERCHANT_TOKEN_KEY } from './auth-token';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const validToken = `${base64Url('{"alg":"HS256"}')}.${base64Url(
  JSON.stringify({ sub: 'm-1', role: 'merchant', exp: Math.floor(Date.now() / 1000) + 3600 }),
)}.sig`;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let assignMock: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  assignMock = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assignMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('apiClient', () => {
  it('sends the API key and the merchant bearer token', async () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, validToken);
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, stores: [] }));

    await expect(apiClient.get('/stores', { query: { page: 2, q: '' } })).resolves.toEqual({
      success: true,
      stores: [],
    });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/stores?page=2');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-api-key']).toBe('d3-dev-key');
    expect(headers.Authorization).toBe(`Bearer ${validToken}`);
  });

  it('sends no Authorization header when the stored token has expired', async () => {
    const expired = `${base64Url('{}')}.${base64Url(JSON.stringify({ exp: 1 }))}.sig`;
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, expired);
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await apiClient.post('/offers', { title: 'Spa day' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"title":"Spa day"}');
  });

  it('turns the error envelope into an ApiError with the field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: { title: 'Title is required' },
      }),
    );
    const error = await apiClient.post('/offers', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      fieldErrors: { title: 'Title is required' },
    });
  });

  it('on 401 clears the merchant token and goes to the merchant sign-in with the way back', async () => {
    window.history.replaceState(null, '', '/merchant/offers?page=2');
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, validToken);
    window.localStorage.setItem('access_token', 'customer-token');
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' }),
    );

    await expect(apiClient.get('/bookings/merchant')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(MERCHANT_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBe('customer-token');
    expect(assignMock).toHaveBeenCalledWith('/merchant/sign-in?redirect=%2Foffers%3Fpage%3D2');
  });

  it('on 401 while already on the sign-in page stays there (a wrong password is not a lost session)', async () => {
    window.history.replaceState(null, '', '/merchant/sign-in');
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(apiClient.post('/merchants/login', {})).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    expect(assignMock).not.toHaveBeenCalled();
  });
});

describe('buildApiUrl', () => {
  it('skips empty query values and encodes the rest', () => {
    expect(buildApiUrl('bookings/merchant', { status: 'confirmed', date: undefined, q: 'a b' })).toBe(
      '/api/v1/bookings/merchant?status=confirmed&q=a+b',
    );
  });
});
