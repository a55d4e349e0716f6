import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { ERROR_CODES, type ErrorCode } from '@d3/shared/api/error-codes';
import { type DefaultBodyType, HttpResponse, http, type PathParams, type RequestHandler } from 'msw';
import type { z } from 'zod';

/**
 * The network layer of the web and merchant tests (docs/architecture.md "Web tests"): handlers answer the
 * API's paths with bodies checked against the shared wire schemas (`@d3/shared/*-schemas`), so a fixture
 * that drifts from the contract fails the test that uses it, and errors come from the one error-code table.
 */

/** Any origin: the client calls `/api/v1/...` relative to the page. */
const API = '*/api/v1';

type TResolver = Parameters<typeof http.get<PathParams, DefaultBodyType>>[1];

/** `api.get('/bookings/:id', resolver)`, likewise post/put/patch/delete, for paths under /api/v1. */
export const api = {
  get: (path: string, resolver: TResolver) => http.get(`${API}${path}`, resolver),
  post: (path: string, resolver: TResolver) => http.post(`${API}${path}`, resolver),
  put: (path: string, resolver: TResolver) => http.put(`${API}${path}`, resolver),
  patch: (path: string, resolver: TResolver) => http.patch(`${API}${path}`, resolver),
  delete: (path: string, resolver: TResolver) => http.delete(`${API}${path}`, resolver),
};

/** A JSON answer that must match `schema` (the server's own response schema). */
export function wire<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200) {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new Error(`Test fixture does not match the wire schema: ${checked.error.message}`);
  }
  return HttpResponse.json(body as DefaultBodyType, { status });
}

/**
 * An error as the API sends it: `{ success: false, message, code }` with the status of the one error-code
 * table; `message` defaults to the table's words (the server may send its own, e.g. 'Store not found').
 */
export function apiError(code: ErrorCode, message: string = ERROR_CODES[code].message) {
  return wire(ZErrorResponse, { success: false, message, code }, ERROR_CODES[code].status);
}

/**
 * Handlers every test gets; a test adds its own with `mswServer.use(...)`. The realtime socket
 * (socket.io) is not the REST API: its handshake fails as a network error, as with no server.
 */
export const defaultHandlers: RequestHandler[] = [http.get('*/socket.io/', () => HttpResponse.error())];

/**
 * A read the test can hold on its way, as a slow line would: after `hold()`, the next request's
 * answer is made when it arrives (what the server had then) and sent only on `release()`. Use
 * `resolver` in a handler; `held()` tells that the held request has arrived.
 */
export function holdableAnswer(answer: () => Response) {
  let holdNext = false;
  let release: (() => void) | undefined;
  return {
    resolver: async () => {
      const response = answer();
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return response;
    },
    hold: () => {
      holdNext = true;
      release = undefined;
    },
    held: () => release !== undefined,
    release: () => release?.(),
  };
}
