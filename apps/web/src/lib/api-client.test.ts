import { toApiError } from '@d3/api-client';
import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { paginationFor, ZOfferListResponse, ZStoreResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createOffer, createStore } from '@d3/test-support/catalogue-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, apiRequest, buildApiUrl } from './api-client';
import { resetBootData } from './boot-data';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const liveToken = `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`;

/** GET /offers: one page holding `offers`, as the API answers it. */
function offersPage(offers: ReturnType<typeof createOffer>[]) {
  return {
    success: true as const,
    offers,
    data: offers,
    pagination: paginationFor(1, 12, offers.length),
    categories: [],
  };
}

/** A request that never answers: only the client's own abort (timeout or caller) ends it. */
const neverAnswers = () => new Promise<Response>(() => {});
let assign: MockInstance<Location['assign']>;
let seen: TSeenRequest[];

beforeEach(() => {
  localStorage.clear();
  seen = recordRequests();
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('apiRequest request', () => {
  it('calls /api/v1 with the API key, JSON body, credentials and the bearer token', async () => {
    localStorage.setItem('access_token', liveToken);
    // POST /newsletter's response schema is the API's own (not in @d3/shared): its shape, by hand.
    const subscribed = { success: true, message: 'Subscribed to the newsletter', id: 'n1' };
    let sent: { credentials: RequestCredentials; body: string } | undefined;
    mswServer.use(
      api.post('/newsletter', async ({ request }) => {
        sent = { credentials: request.credentials, body: await request.text() };
        return HttpResponse.json(subscribed, { status: 201 });
      }),
    );

    const result = await apiRequest('/newsletter', {
      method: 'POST',
      body: { email: 'amina@example.co.ke' },
    });

    expect(result).toEqual(subscribed);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(`${request?.url.pathname}${request?.url.search}`).toBe('/api/v1/newsletter');
    expect(request?.method).toBe('POST');
    expect(sent?.credentials).toBe('include');
    expect(sent?.body).toBe('{"email":"amina@example.co.ke"}');
    const headers = request!.headers;
    expect(headers.get('x-api-key')).toBe('d3-dev-key');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe(`Bearer ${liveToken}`);
  });

  it('sends no Authorization header without a token', async () => {
    mswServer.use(api.get('/offers', () => wire(ZOfferListResponse, offersPage([]))));
    await apiRequest('/offers');
    const headers = seen[0]!.headers;
    expect(headers.has('authorization')).toBe(false);
  });

  it('builds the query string and drops empty values', () => {
    expect(buildApiUrl('/offers', { page: 2, category: '', location: undefined, status: 'active' })).toBe(
      '/api/v1/offers?page=2&status=active',
    );
    expect(buildApiUrl('search', { q: 'spa & nails' })).toBe('/api/v1/search?q=spa+%26+nails');
  });
});

describe('apiRequest errors', () => {
  it('maps the server envelope to ApiError with status, message, code and field errors', async () => {
    mswServer.use(
      api.post('/contact', () =>
        wire(
          ZErrorResponse,
          {
            success: false,
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            errors: { email: 'Email is invalid' },
          },
          400,
        ),
      ),
    );
    const error = await apiRequest('/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      code: 'VALIDATION_ERROR',
      fieldErrors: { email: 'Email is invalid' },
    });
  });

  it("falls back to 'API call failed' when the server gives no message", async () => {
    // Not the API's envelope (a proxy's page): the client must cope with any body.
    mswServer.use(api.get('/offers', () => HttpResponse.text('oops', { status: 500 })));
    await expect(apiRequest('/offers')).rejects.toMatchObject({
      status: 500,
      message: 'API call failed',
      code: 'HTTP_500',
    });
    expect(toApiError(502, { success: false, message: '  ' }, 'API call failed').message).toBe(
      'API call failed',
    );
  });

  it('treats a 200 with success:false as a failure', async () => {
    // Off the contract on purpose (the API never sends success:false with 200): the client must not trust it.
    mswServer.use(
      api.get('/offers/1', () =>
        HttpResponse.json({ success: false, message: 'Offer not active', code: 'NOT_ACTIVE' }),
      ),
    );
    await expect(apiRequest('/offers/1')).rejects.toMatchObject({
      message: 'Offer not active',
      code: 'NOT_ACTIVE',
    });
  });

  it('reports a network failure with the seed message', async () => {
    mswServer.use(api.get('/offers', () => HttpResponse.error()));
    await expect(apiRequest('/offers')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });

  it('gives up after timeoutMs with the same network message', async () => {
    mswServer.use(api.get('/offers', neverAnswers));
    await expect(apiRequest('/offers', { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'Network error. Please check your connection.',
    });
  });

  it('lets a caller-cancelled request reject with the abort, not an ApiError', async () => {
    mswServer.use(api.get('/offers', neverAnswers));
    const controller = new AbortController();
    const pending = apiRequest('/offers', { signal: controller.signal });
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
    mswServer.use(api.get('/users/current', () => apiError('SESSION_EXPIRED', 'Token expired')));

    await expect(apiRequest('/users/current')).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/accounts/sign-in?redirect=%2Fprofile%2Fbookings%3Ftab%3Dupcoming');
  });

  it.each(['/accounts/sign-in', '/login'])('does not redirect when already on %s', async (path) => {
    window.history.replaceState(null, '', path);
    localStorage.setItem('access_token', liveToken);
    mswServer.use(api.post('/users/login', () => apiError('INVALID_CREDENTIALS')));

    await expect(apiRequest('/users/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials',
    });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the session alone when only the API key was refused', async () => {
    window.history.replaceState(null, '', '/hotdeals');
    localStorage.setItem('access_token', liveToken);
    mswServer.use(api.get('/offers', () => apiError('INVALID_API_KEY')));

    await expect(apiRequest('/offers')).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
    expect(localStorage.getItem('access_token')).toBe(liveToken);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('apiRequest with the answers the page HTML carried (issue 16)', () => {
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
    const live = offersPage([createOffer({ id: 'o-live' })]);
    mswServer.use(api.get('/offers', () => wire(ZOfferListResponse, live)));

    expect(await apiRequest('/offers', { query: { limit: 12, status: 'active' } })).toEqual({
      offers: [{ id: 'o-boot' }],
    });
    expect(seen).toHaveLength(0);
    expect(await apiRequest('/offers', { query: { limit: 12, status: 'active' } })).toEqual(live);
    expect(seen).toHaveLength(1);
  });

  it('never gives a signed-in reader the anonymous answer', async () => {
    setBoot({ '/api/v1/stores/s1': { id: 's1', following: false } });
    localStorage.setItem('access_token', liveToken);
    const store = {
      ...createStore({ id: 's1' }),
      socialLinks: [],
      branches: [],
      outlets: 1,
      following: true,
    };
    mswServer.use(api.get('/stores/:id', () => wire(ZStoreResponse, { success: true, store })));
    expect(await apiRequest('/stores/s1')).toEqual({ success: true, store });
    expect(store).toMatchObject({ id: 's1', following: true });
    expect(seen).toHaveLength(1);
  });
});
