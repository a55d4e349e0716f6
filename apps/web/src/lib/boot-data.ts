/**
 * Data the server put into a page it sent unrendered (`<script type="application/json" id="d3-boot">`,
 * see apps/api/src/modules/home-boot; a rendered page carries its reads in its query cache instead):
 * the first screen renders from it instead of waiting for its own fetch. Read once; anything missing
 * or malformed is simply no boot data.
 */
export interface BootData {
  /** Server time (ms) the data was read: the query's updatedAt, so staleTime applies. */
  at: number;
  topDeals?: { limit: number; body: unknown };
  /**
   * Other pages (issue 16): the anonymous answers of the GETs the page makes first, by API URL
   * ('/api/v1/offers?status=active&limit=12'), read by the API client instead of asking again.
   */
  responses?: Record<string, unknown>;
}

let boot: BootData | null | undefined;

export function readBootData(): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  const element = typeof document === 'undefined' ? null : document.getElementById('d3-boot');
  if (!element?.textContent) return boot;
  try {
    const parsed = JSON.parse(element.textContent) as BootData;
    if (typeof parsed.at === 'number') boot = parsed;
  } catch {
    // Ignored: the page fetches the same data itself.
  }
  return boot;
}

/** The same address whatever the order of its query parameters. */
function normalisedUrl(url: string): string {
  const [pathname = '', search = ''] = url.split('?');
  const params = [...new URLSearchParams(search).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${pathname}?${new URLSearchParams(params).toString()}` : pathname;
}

let taken: Set<string> | undefined;

/**
 * The server's answer to this GET (API URL with its query), when the page's HTML carried it and
 * it was not used yet: each is used once, so a later read of the same address asks the API.
 */
export function takeBootResponse(url: string): { body: unknown } | undefined {
  const responses = readBootData()?.responses;
  if (!responses) return undefined;
  taken ??= new Set();
  const wanted = normalisedUrl(url);
  for (const [key, body] of Object.entries(responses)) {
    const normalised = normalisedUrl(key);
    if (normalised !== wanted || taken.has(normalised)) continue;
    taken.add(normalised);
    return { body };
  }
  return undefined;
}

/**
 * On the server (apps/web/src/entry-server.tsx, issue 16) a page's reads are answered by the API
 * process itself, as for an anonymous visitor: the server render sets this once.
 */
let serverReads: ((url: string) => Promise<unknown>) | undefined;

export function setServerReads(read: (url: string) => Promise<unknown>): void {
  serverReads = read;
}

/** The server's reader of API GETs, when this code runs in the server render. */
export function getServerReads(): ((url: string) => Promise<unknown>) | undefined {
  return serverReads;
}

/** Tests: forget what was read. */
export function resetBootData(): void {
  boot = undefined;
  taken = undefined;
}
