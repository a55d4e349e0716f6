import type { FastifyInstance } from 'fastify';

/** The query the home hero makes (seed 000 §9: top 20 active offers by discount). */
export const HOME_TOP_DEALS_PATH = '/api/v1/offers/top-deals?limit=20';

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe inside a <script> element: `<`, `>`, `&` and the JavaScript line separators are
 * written as \u escapes (same value once parsed), so the data can never close its element or open
 * a comment. A replacer function, never a replacement string: `$&` in the data stays text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char] ?? char);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** For a double-quoted HTML attribute value. */
export const escapeAttribute = (value: string) =>
  value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);

interface TopDealsBody {
  offers?: { image_url?: string | null; images?: string[] }[];
}

/** The home page's additions: for its <head>, and its boot data, sent only when it is not rendered. */
export interface HomeHead {
  /** A high-priority preload of the first slide's image. */
  head: string;
  /**
   * The hero's offers exactly as GET /offers/top-deals answers them (a JSON data block the site
   * reads instead of fetching; not executed, so the CSP allows it). A page rendered on the server
   * carries the same offers in its query cache, so it goes only into a page sent unrendered: it
   * was a third of the rendered home page on the wire (6.2 of 18.5 kB gzipped), ahead of its
   * first paint (issue 32).
   */
  data: string;
}

/**
 * The customer home page's extra markup (HomeHead). Read fresh (issue 38: it was kept 30 s here,
 * inside a page kept 5 s more, so the page could show offers 35 s old after a merchant's change):
 * the page cache keeps the page, its lifetime counted from this read.
 */
export function createHomeHead(app: FastifyInstance): () => Promise<HomeHead> {
  return async () => {
    const now = Date.now();
    const response = await app.inject({
      method: 'GET',
      url: HOME_TOP_DEALS_PATH,
      headers: { 'x-api-key': app.config.apiKeys[0] ?? '', ...app.publicData.freshReadHeaders },
    });
    if (response.statusCode !== 200) throw new Error(`top deals answered ${response.statusCode}`);
    const body = response.json<TopDealsBody>();
    const first = body.offers?.[0];
    const image = first?.image_url ?? first?.images?.[0];
    return {
      head: image
        ? `<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`
        : '',
      data: `<script type="application/json" id="d3-boot">${jsonForScript({ at: now, topDeals: { limit: 20, body } })}</script>`,
    };
  };
}

/**
 * Another page's boot data (issue 16): the answers of the API GETs it makes first, as an anonymous
 * visitor would get them, by URL (`responses`, read by the site's apiFetch once each). An answer
 * other than 200 is left out: the page then asks for it itself and shows its own error.
 */
export function createRouteData(app: FastifyInstance): (urls: string[], ip: string) => Promise<string> {
  return async (urls, ip) => {
    const now = Date.now();
    const answers = await Promise.all(
      urls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          remoteAddress: ip,
          headers: { 'x-api-key': app.config.apiKeys[0] ?? '', ...app.publicData.freshReadHeaders },
        }),
      ),
    );
    const responses: Record<string, unknown> = {};
    answers.forEach((response, index) => {
      const url = urls[index];
      if (url !== undefined && response.statusCode === 200) responses[url] = response.json();
    });
    if (Object.keys(responses).length === 0) return '';
    return `<script type="application/json" id="d3-boot">${jsonForScript({ at: now, responses })}</script>`;
  };
}

/**
 * The customer site's settings, in every page's <head> (`<script type="application/json"
 * id="d3-config">`, read by apps/web/src/lib/site-config.ts): today the Google client id, so the
 * site shows Google's real sign-in button only when GOOGLE_CLIENT_ID is set (issue 15). Empty when
 * there is nothing to say.
 */
export function siteConfigHead(settings: { googleClientId: string | undefined }): string {
  if (!settings.googleClientId) return '';
  return `<script type="application/json" id="d3-config">${jsonForScript({ googleClientId: settings.googleClientId })}</script>`;
}
