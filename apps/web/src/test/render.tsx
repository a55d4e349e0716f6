import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';

/**
 * The one way a web test mounts a page or component: a memory router over `routes`, opened at `path`,
 * inside the app's own Providers (query client, toaster; `options.client` when the test drives the
 * cache). Returns the router so a test can read `router.state.location`.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: InitialEntry,
  options: { client?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers client={options.client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A JSON `Response` as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** happy-dom has no `matchMedia`: one that matches nothing (no reduced motion, no dark scheme). */
export function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
