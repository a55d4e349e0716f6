/**
 * A `fetch` for an adapter's client that answers every call with `status` and `body` as JSON, and
 * keeps each call's URL and options (what the client sent) in `calls`.
 */
export function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}
