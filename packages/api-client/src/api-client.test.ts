import { api, apiError } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, readRetryDelayMs, shouldRetryRead, toApiError } from './index';

let stored: string | null;
const clear = vi.fn(() => {
  stored = null;
});
const client = createApiClient({
  baseUrl: '/api/v1',
  apiKey: 'k-1',
  tokens: { get: () => stored, clear },
  signIn: { path: '/site/sign-in', basename: '/site' },
  messages: { failed: 'API call failed', network: 'Network error' },
});

beforeEach(() => {
  stored = 'tok';
  clear.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('@d3/api-client', () => {
  it('fills message and code from the shared error table when the server sends only a code', () => {
    const error = toApiError(409, { success: false, code: 'SLOT_TAKEN' }, 'fallback');
    expect(error).toMatchObject({
      status: 409,
      code: 'SLOT_TAKEN',
      message: 'This time slot is no longer available. Please select a different time.',
      fieldErrors: {},
    });
    expect(error.is('SLOT_TAKEN')).toBe(true);
    expect(toApiError(500, 'oops', 'fallback')).toMatchObject({ code: 'HTTP_500', message: 'fallback' });
    expect(toApiError(400, { errors: { email: ['Email is invalid', 'x'] } }, 'f').fieldErrors).toEqual({
      email: 'Email is invalid',
    });
  });

  it('posts JSON with the API key and token, and a 401 clears the token and goes to sign-in inside the basename', async () => {
    window.history.replaceState(null, '', '/site/offers?page=2#top');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let body = '';
    mswServer.use(
      api.post('/offers', async ({ request }) => {
        body = await request.text();
        return apiError('SESSION_EXPIRED');
      }),
    );
    const seen = recordRequests();

    const error = await client.post('/offers', { a: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(`${request?.url.pathname}${request?.url.search}`).toBe('/api/v1/offers');
    expect(body).toBe('{"a":1}');
    expect(request?.headers.get('x-api-key')).toBe('k-1');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
    expect(clear).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/site/sign-in?redirect=%2Foffers%3Fpage%3D2%23top');
  });

  it('repeats query keys for arrays and leaves empty values out', () => {
    expect(client.url('/search', { tag: ['a', 'b'], q: '', page: 0 })).toBe(
      '/api/v1/search?tag=a&tag=b&page=0',
    );
  });

  it('retries reads on network and server failures 3 times after 1, 2 and 4 s, never on a 4xx', () => {
    const server = new ApiError(503, 'down', 'SERVICE_UNAVAILABLE');
    const network = new ApiError(0, 'Network error', 'NETWORK_ERROR');
    const missing = new ApiError(404, 'gone', 'NOT_FOUND');
    expect([0, 1, 2, 3].map((count) => shouldRetryRead(count, server))).toEqual([true, true, true, false]);
    expect(shouldRetryRead(0, network)).toBe(true);
    expect(shouldRetryRead(0, missing)).toBe(false);
    expect([0, 1, 2].map(readRetryDelayMs)).toEqual([1_000, 2_000, 4_000]);
  });
});
