/** What one request of the API client takes (its own file: the contract call and the client both use it). */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  /** GET without a body, POST with one, unless named. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Plain objects are sent as JSON; FormData as multipart (the browser sets the boundary); a Blob as raw bytes. */
  body?: unknown;
  /** Empty values (undefined, null, '') are left out of the query string; arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}
