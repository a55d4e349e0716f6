/**
 * The query parameters the customer site's pages read (issue 38). Any other parameter (a campaign's
 * `utm_source`, the installed app's `?source=home-screen`, a made-up `?x=1`) changes nothing a page
 * shows. apps/web/src/lib/page-address.test.ts keeps this list true against the site's code.
 */
export const PAGE_QUERY_KEYS: ReadonlySet<string> = new Set([
  'book',
  'budget',
  'category',
  'location',
  'page',
  'priceRange',
  'q',
  'query',
  'redirect',
  'ref',
  'sort',
  'sortBy',
  'tab',
  'timeline',
  'type',
  'view',
  'waitlist',
]);

/**
 * A page's address as the page sees it: its path and only the query parameters a page reads, in
 * their order (decision 0817). The server renders and keeps a page under this address, so a
 * parameter no page reads neither makes a second copy of it nor forces a render; the browser
 * starts its router there too, so what it hydrates matches what the server drew. An address whose
 * parameters are all read comes back as it was; the parameters kept are never re-encoded.
 */
export function pageAddress(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const parts = url.slice(queryAt + 1).split('&');
  // Each part kept as it was written (never re-encoded); a name that does not decode is no page's.
  const kept = parts.filter((part) => PAGE_QUERY_KEYS.has(decodedName(part)));
  if (kept.length === parts.length) return url;
  return kept.length === 0 ? url.slice(0, queryAt) : `${url.slice(0, queryAt)}?${kept.join('&')}`;
}

function decodedName(part: string): string {
  const equalsAt = part.indexOf('=');
  try {
    return decodeURIComponent((equalsAt === -1 ? part : part.slice(0, equalsAt)).replaceAll('+', ' '));
  } catch {
    return '';
  }
}
