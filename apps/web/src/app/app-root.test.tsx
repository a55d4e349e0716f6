import { apiError } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { act, cleanup } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every API call the page sends: its address, and whether it was cancelled afterwards. */
type TCall = { url: string; signal: AbortSignal | undefined };
let calls: TCall[] = [];
/** Calls sent and not answered yet. */
let inFlight = 0;
/** The page main.tsx started: unmounted after the test, so no update of it runs once the window is gone. */
let page: { unmount(): void } | undefined;

beforeEach(() => {
  calls = [];
  inFlight = 0;
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  mswServer.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url: `${url.pathname}${url.search}`, signal: request.signal });
      inFlight += 1;
      try {
        // Answers a moment later, like a network: a request still in flight can be cancelled.
        await delay(20);
        return apiError('NOT_FOUND', 'Not found');
      } finally {
        inFlight -= 1;
      }
    }),
  );
});

afterEach(async () => {
  // A query answer that lands after the test would update the page with no window left (an
  // uncaught "window is not defined" failed a CI run).
  await act(async () => page?.unmount());
  page = undefined;
  cleanup();
  document.body.innerHTML = '';
  vi.resetModules();
});

describe('the customer site as main.tsx starts it', () => {
  // Loading main.tsx and the page's chunk took over 5 s on a loaded 2-core host: the test waits for
  // the page's reads to have been sent and answered, however long that takes (issue 37).
  it('sends each API request of a first page load once, none of them cancelled', {
    timeout: 120_000,
  }, async () => {
    window.history.replaceState(null, '', '/stores');
    await act(async () => {
      page = await (await import('../main')).started;
    });
    await vi.waitFor(
      () => {
        const urls = calls.map((call) => call.url);
        expect(urls).toContain('/api/v1/stores/categories');
        expect(urls.some((url) => url.startsWith('/api/v1/stores?'))).toBe(true);
        expect(inFlight).toBe(0);
      },
      { timeout: 110_000, interval: 50 },
    );
    // Anything the first render schedules after its answers (a second fetch, a cancel) shows up here.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));

    const urls = calls.map((call) => call.url);
    expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
    expect(calls.filter((call) => call.signal?.aborted).map((call) => call.url)).toEqual([]);
    expect(urls).toContain('/api/v1/stores/categories');
  });
});
