import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { ZOfferResponse, ZStoreListResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createOffer } from '@d3/test-support/catalogue-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, buildApiUrl } from './api-client';
import { MERCHANT_TOKEN_KEY } from './auth-token';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const validToken = `${base64Url('{"alg":"HS256"}')}.${base64Url(
  JSON.stringify({ sub: 'm-1', role: 'merchant', exp: Math.floor(Date.now() / 1000) + 3600 }),
)}.sig`;

let seen: TSeenRequest[];
let assignMock: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  seen = recordRequests();
  assignMock = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assignMock);
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('apiClient', () => {
  it('sends the API key and the merchant bearer token', async () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, validToken);
    const page = {
      success: true as const,
      stores: [],
      data: [],
      pagination: { page: 2, currentPage: 2, limit: 12, total: 0, totalPages: 0, hasNextPage: false },
    };
    mswServer.use(api.get('/stores', () => wire(ZStoreListResponse, page)));

    await expect(apiClient.get('/stores', { query: { page: 2, q: '' } })).resolves.toEqual(page);

    const [request] = seen;
    expect(`${request?.url.pathname}${request?.url.search}`).toBe('/api/v1/stores?page=2');
    expect(request?.headers.get('x-api-key')).toBe('d3-dev-key');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${validToken}`);
  });

  it('sends no Authorization header when the stored token has expired', async () => {
    const expired = `${base64Url('{}')}.${base64Url(JSON.stringify({ exp: 1 }))}.sig`;
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, expired);
    let body = '';
    mswServer.use(
      api.post('/offers', async ({ request }) => {
        body = await request.text();
        return wire(ZOfferResponse, { success: true, offer: createOffer({ title: 'Spa day' }) }, 201);
      }),
    );
    await apiClient.post('/offers', { title: 'Spa day' });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(body).toBe('{"title":"Spa day"}');
  });

  it('turns the error envelope into an ApiError with the field errors', async () => {
    mswServer.use(
      api.post('/offers', () =>
        wire(
          ZErrorResponse,
          {
            success: false,
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            errors: { title: 'Title is required' },
          },
          400,
        ),
      ),
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

  it("a 5xx reads as the seed's server error with its reference, chosen by status, never the server's words (issue 35)", async () => {
    mswServer.use(
      api.get('/merchant/stores', () =>
        wire(
          ZErrorResponse,
          { success: false, code: 'INTERNAL', message: 'Internal error', reference: 'req-7f3a' },
          500,
        ),
      ),
      api.get('/merchant/stats', () =>
        wire(
          ZErrorResponse,
          { success: false, code: 'SERVICE_UNAVAILABLE', message: 'database down', reference: '<b>x</b>' },
          503,
        ),
      ),
      api.get('/merchant/bookings', () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 })),
      api.get('/merchant/offers', () => apiError('VALIDATION_ERROR', 'Price must be positive')),
    );
    const failure = (path: string) =>
      apiClient.get(path).then(
        () => null,
        (error: unknown) => error as ApiError,
      );

    const internal = await failure('/merchant/stores');
    expect(internal?.message).toBe('Server error. Please try again later. (reference req-7f3a)');
    expect(internal).toMatchObject({ status: 500, code: 'INTERNAL', reference: 'req-7f3a' });
    // A reference that is not a plain id is left out; the code stays for the page to switch on.
    const busy = await failure('/merchant/stats');
    expect(busy?.message).toBe('Server error. Please try again later.');
    expect(busy?.code).toBe('SERVICE_UNAVAILABLE');
    // The proxy's own 502 page (no envelope) reads the same.
    const gateway = await failure('/merchant/bookings');
    expect(gateway?.message).toBe('Server error. Please try again later.');
    expect(gateway?.code).toBe('HTTP_502');
    // A 4xx keeps the server's text.
    expect((await failure('/merchant/offers'))?.message).toBe('Price must be positive');
  });

  it('on 401 clears the merchant token and goes to the merchant sign-in with the way back', async () => {
    window.history.replaceState(null, '', '/merchant/offers?page=2');
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, validToken);
    window.localStorage.setItem('access_token', 'customer-token');
    mswServer.use(api.get('/bookings/merchant', () => apiError('UNAUTHENTICATED', 'Unauthorized')));

    await expect(apiClient.get('/bookings/merchant')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(MERCHANT_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBe('customer-token');
    expect(assignMock).toHaveBeenCalledWith('/merchant/sign-in?redirect=%2Foffers%3Fpage%3D2');
  });

  it('on 401 while already on the sign-in page stays there (a wrong password is not a lost session)', async () => {
    window.history.replaceState(null, '', '/merchant/sign-in');
    mswServer.use(api.post('/merchants/login', () => apiError('INVALID_CREDENTIALS')));
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
