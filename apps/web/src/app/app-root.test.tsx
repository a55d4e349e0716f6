import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every API call the page sends: its address, and whether it was cancelled afterwards. */
type TCall = { url: string; signal: AbortSignal | undefined };
let calls: TCall[] = [];

beforeEach(() => {
  calls = [];
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), signal: init?.signal ?? undefined });
    // Answers a moment later, like a network: a request still in flight can be cancelled.
    return new Promise<Response>((resolve) =>
      setTimeout(
        () =>
          resolve(
            new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), {
              status: 404,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
        20,
      ),
    );
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the customer site as main.tsx starts it', () => {
  it('sends each API request of a first page load once, none of them cancelled', async () => {
    window.history.replaceState(null, '', '/stores');
    await act(async () => {
      await import('../main');
    });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));

    const urls = calls.map((call) => call.url);
    expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
    expect(calls.filter((call) => call.signal?.aborted).map((call) => call.url)).toEqual([]);
    expect(urls).toContain('/api/v1/stores/categories');
  });
});
