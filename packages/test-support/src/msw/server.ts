import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The one MSW server of the web and merchant tests (started in `../setup.ts`). */
export const mswServer = setupServer(...defaultHandlers);

export interface TSeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text ('' when none). */
  body: string;
}

/**
 * Records every request the server answers from now on, so a test can assert what the page sent:
 * `const seen = recordRequests(); ... expect(seen.filter(...))`. Stops at the test's end.
 */
export function recordRequests(): TSeenRequest[] {
  const seen: TSeenRequest[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const entry: TSeenRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: '',
    };
    seen.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text;
      });
  });
  return seen;
}
