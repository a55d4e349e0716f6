import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';

/** A signed merchant token the app accepts (it only reads the claims); `claims` add to sub, role and exp. */
export function merchantToken(claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'm1', role: 'merchant', ...claims, exp: 4_102_444_800 })}.sig`;
}

/** A JSON `Response` as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Mounts `routes` in a memory router at `path`, with a fresh query client that does not retry. */
export function renderMerchant(routes: RouteObject[], path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** After each test: unmount, restore the stubbed `fetch` and forget the stored session. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}

/** The signed-in merchant of the tests (GET /merchants/me, the settings form). */
export const TEST_MERCHANT = {
  id: 'm1',
  firstName: 'Wambui',
  lastName: 'Karanja',
  email: 'wambui@example.co.ke',
  phoneNumber: '+254712345678',
  createdAt: '2026-11-01T00:00:00+03:00',
};

/** GET /merchants/me: the test merchant with these stores (no logos). */
export function meBody(stores: Array<{ id: string; name: string; category: string; location: string }>) {
  return {
    success: true,
    merchant: TEST_MERCHANT,
    stores: stores.map((store) => ({ ...store, logoUrl: null })),
  };
}

/** One call the page made to the stubbed API: the path is without `/api/v1`. */
export type TApiCall = { method: string; path: string; url: URL; init: RequestInit | undefined };

/** The API's answer to an address it does not know. */
export function notFound(): Response {
  return json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
}

/** Stubs `fetch` with `answer`; a call it answers with `undefined` gets the API's 404. Returns the mock. */
export function stubApi(answer: (call: TApiCall) => Response | undefined | Promise<Response | undefined>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init?.method ?? 'GET', path: url.pathname.replace('/api/v1', ''), url, init };
    return (await answer(call)) ?? notFound();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
