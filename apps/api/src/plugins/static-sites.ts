import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import type { Locale } from '@d3/shared/i18n/locale';
import { APP_SHELL_PATH, matchesRoutePath, SITE_ROUTES_FILE } from '@d3/shared/site/site-routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding, PAGE_VARY } from './compression.js';
import { type PageCache, pageKey } from './page-cache.js';
import { inLocale, pageLocale } from './page-locale.js';
import type { WindowLimiter } from './window-limiter.js';

interface Site {
  /** URL prefix with trailing slash: '/' or '/merchant/'. */
  prefix: string;
  root: string;
}

const HASHED_ASSET = /\/assets\//;

/** Vite's hashed bundles never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(filePath: string): string {
  // The icon sprite (apps/web/build/icon-sprite.ts) keeps its name from build to build.
  if (filePath.endsWith('index.html') || filePath.endsWith('/icons.svg')) return 'no-cache';
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * Serves the built customer site at / and the merchant site at /merchant/. A path without a
 * file extension that matches no file is a client-side route: it gets the site's index.html.
 */
export interface StaticSitesOptions {
  sites: Site[];
  /**
   * Extra markup for the customer home page (GET /): a preload of its largest image for its
   * <head>, and the data its first screen needs, sent when the page goes out unrendered (in the
   * <head> when nothing renders, before </body> when the render fails), so neither waits for the
   * JavaScript to run first.
   */
  homeHead?: () => Promise<{ head: string; data: string }>;
  /**
   * The answers of these API GETs (as an anonymous visitor), by URL, for a page that lists the
   * reads it makes first in route-preloads.json; put into its index.html as boot data. Read as
   * from the visitor's address (`ip`): they spend that visitor's rate-limit budget, as the page's
   * own reads would have.
   */
  routeData?: (urls: string[], ip: string) => Promise<string>;
  /** Markup for every page of the customer site's <head> (the `d3-config` settings, issue 15). */
  siteHead?: string;
  /**
   * The customer site's first view rendered on the server (issue 16), for the home page and the
   * addresses route-preloads.json lists: the markup inside <div id="root"> and the data block the
   * browser hydrates from, or null to send the page unrendered. Read as from the visitor's `ip`.
   * A render that throws is logged and the page goes out as before (never an error page).
   */
  render?: (url: string, ip: string, locale: Locale) => Promise<{ root: string; data: string } | null>;
  /** Rendered pages and pages with boot data, shared by all readers for a short time (issue 31). */
  pageCache?: PageCache;
  /** Per-IP budget of those pages (issue 31 finding 6): beyond it, 429 with Retry-After. */
  pageBudget?: WindowLimiter;
}

/** A cache entry the page being sent fills once it is whole (page-cache.ts). */
interface PageEntry {
  store(html: Buffer): void;
  release(): void;
}

/** The seed's 429 words (001 §8), as a page: the visitor sees why and when to come back. */
function tooManyPages(reply: FastifyReply, retryAfter: number) {
  const message = `Too many requests. Please try again in ${retryAfter} seconds.`;
  return reply
    .code(429)
    .header('retry-after', String(retryAfter))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>D3 Deals</title>' +
        '<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}' +
        'main{max-width:28rem;margin:20vh auto 0;padding:1.5rem;text-align:center}h1{font-size:1.25rem;line-height:1.5;font-weight:600}' +
        'a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:.5rem;background:#ea580c;color:#fff;text-decoration:none;font-weight:600}' +
        '@media (prefers-color-scheme:dark){body{background:#0f172a;color:#f8fafc}}</style></head>' +
        `<body><main><p><strong>D3 Deals</strong></p><h1>${message}</h1><a href="">Try again</a></main></body></html>`,
    );
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in these sites' index.html files: the only
 * inline scripts the CSP lets run (issue 32: the customer site's early-tap listener must run before
 * any file could have loaded). A missing file gives none.
 */
export function inlineScriptHashes(roots: string[]): string[] {
  const hashes = new Set<string>();
  for (const root of roots) {
    const file = path.join(root, 'index.html');
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '', 'utf8')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}

/** Where the rendered first view goes in the site's index.html. */
const ROOT_OPEN = '<div id="root">';

const MODULE_SCRIPT = /<script type="module" crossorigin src="(\/[\w./-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[\w./-]+\.js)">/g;

/**
 * The head of a page the server renders (issue 16): its module script and modulepreload links
 * become one deferred `/after-paint.js`, which adds them after the first paint (apps/web/public).
 * The rendered page is readable without code, so on a slow network its markup, styles and first
 * images no longer share the line with the scripts. A head without the module script stays as is.
 */
function codeAfterPaint(head: string): string {
  const entry = MODULE_SCRIPT.exec(head)?.[1];
  if (!entry) return head;
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader = `<script src="/after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>`;
  const at = head.search(MODULE_SCRIPT);
  const rest = head.slice(at).replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return head.slice(0, at) + loader + rest;
}

/** The index with `head` just before </head> (sliced, so `$&` in the markup stays text). */
function withHead(html: Buffer, head: string): Buffer {
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  return Buffer.from(at >= 0 ? text.slice(0, at) + head + text.slice(at) : text + head);
}

export default fp(
  async function staticSites(app: FastifyInstance, options: StaticSitesOptions) {
    const sites = options.sites
      .filter((site) => existsSync(path.join(site.root, 'index.html')))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    const indexes = new Map(
      sites.map((site) => {
        const html = readFileSync(path.join(site.root, 'index.html'));
        return [
          site.prefix,
          site.prefix === '/' && options.siteHead ? withHead(html, options.siteHead) : html,
        ];
      }),
    );

    for (const [position, site] of sites.entries()) {
      await app.register(fastifyStatic, {
        root: site.root,
        prefix: site.prefix,
        decorateReply: position === 0,
        wildcard: true,
        index: ['index.html'],
        redirect: false,
        // `npm run build` writes .br/.gz beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', cacheControlFor(filePath));
        },
      });
    }

    const routeIndexes = new Map(
      sites.map((site) => [
        site.prefix,
        routePreloadIndexes(site, site.prefix === '/' ? (options.siteHead ?? '') : ''),
      ]),
    );

    const { routeData, render, pageCache, pageBudget } = options;

    // Issue 36: each site's route table (site-routes.json from its build); a path none of its
    // routes matches answers 404 with the site's not-found page (no file: 200 as before).
    const routeTables = new Map(
      sites.map((site) => {
        const file = path.join(site.root, SITE_ROUTES_FILE);
        return [site.prefix, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : null];
      }),
    );
    const isUnknownPath = (prefix: string, pathname: string) => {
      const table = routeTables.get(prefix);
      if (!table || (prefix === '/' && pathname === APP_SHELL_PATH)) return false;
      const relative = prefix === '/' ? pathname : pathname.slice(prefix.length - 1) || '/';
      return !matchesRoutePath(table, relative);
    };

    /**
     * Sent as it comes, gzipped here when the browser takes it (each part flushed at once). With an
     * `entry`, the whole page goes into the page cache once sent, if `whole()` says it came out as
     * meant (rendered, or with its data) — a fallback page is never kept.
     */
    function sendParts(
      reply: FastifyReply,
      parts: () => AsyncGenerator<Buffer>,
      entry?: PageEntry,
      whole?: () => boolean,
    ) {
      async function* kept() {
        const chunks: Buffer[] = [];
        let stored = false;
        try {
          for await (const part of parts()) {
            chunks.push(part);
            yield part;
          }
          if (entry && whole?.()) {
            entry.store(Buffer.concat(chunks));
            stored = true;
          }
        } finally {
          if (!stored) entry?.release();
        }
      }
      const stream = Readable.from(entry ? kept() : parts(), { objectMode: false });
      reply.header('vary', PAGE_VARY);
      if (acceptedEncoding(reply.request, ['gzip'])) {
        // Compressed here, each part flushed as it comes (the compress plugin would hold the first).
        reply.header('content-encoding', 'gzip');
        return reply.send(stream.pipe(createGzip({ flush: zlibConstants.Z_SYNC_FLUSH })));
      }
      return reply.send(stream);
    }

    /**
     * `html` with the first view rendered into #root (issue 16): everything up to #root leaves at
     * once (the browser fetches the styles meanwhile; the code waits for the first paint, see
     * codeAfterPaint), then the rendered markup with its data. When the render fails or declines, the rest of the page as before, with `fallbackData`.
     */
    function sendRendered(
      reply: FastifyReply,
      html: string,
      fallbackData: (() => Promise<string>) | undefined,
      entry?: PageEntry,
    ) {
      const renderPage = render as NonNullable<typeof render>;
      const rootAt = html.indexOf(ROOT_OPEN) + ROOT_OPEN.length;
      const bodyAt = html.lastIndexOf('</body>');
      const { log, request } = reply;
      let rendered: { root: string; data: string } | null = null;
      return sendParts(
        reply,
        async function* parts() {
          yield Buffer.from(codeAfterPaint(inLocale(html.slice(0, rootAt), pageLocale(request))));
          try {
            rendered = await renderPage(request.url, request.ip, pageLocale(request));
          } catch (error) {
            log.error({ err: error, url: request.url }, 'server render failed: page sent unrendered');
          }
          if (rendered) {
            yield Buffer.from(
              rendered.root + html.slice(rootAt, bodyAt) + rendered.data + html.slice(bodyAt),
            );
            return;
          }
          let data = '';
          try {
            data = fallbackData ? await fallbackData() : '';
          } catch (error) {
            log.warn({ err: error }, 'page boot data unavailable');
          }
          yield Buffer.from(html.slice(rootAt, bodyAt) + data + html.slice(bodyAt));
        },
        entry,
        () => rendered !== null,
      );
    }

    type MakePage = (entry: PageEntry | undefined) => FastifyReply | Promise<FastifyReply>;
    /** The reply at once; the page (or its error) is sent when ready, a hook keeping the request (0818). */
    function servePage(reply: FastifyReply, make: MakePage): FastifyReply {
      cachedOrMade(reply, make).catch((error) => reply.send(error));
      return reply;
    }

    /**
     * A page that costs reads or a render (issue 31 finding 6): the visitor's address spends one of
     * its page budget, then the page comes from the page cache, or is made and kept there.
     */
    async function cachedOrMade(reply: FastifyReply, make: MakePage) {
      const { request } = reply;
      const wait = pageBudget ? await pageBudget.hit(request.ip) : null;
      if (wait !== null) return tooManyPages(reply, wait);
      if (!pageCache?.enabled || request.method !== 'GET') return make(undefined);
      // The page is rendered in the visitor's language: the language is part of its key (issue 33).
      reply.header('vary', PAGE_VARY);
      const found = await pageCache.lookup(pageKey(request.url, pageLocale(request)));
      if (found.page) {
        // Sent in the encoding the reader takes, compressed once for every reader of this copy:
        // @fastify/compress passes on an answer that already says its encoding.
        const { encoding, body } = found.page.encoded(acceptedEncoding(request));
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-page-cache', 'hit')
          .send(body);
      }
      reply.header('x-page-cache', 'miss');
      return make(found);
    }

    /** Whether this page of this site is rendered on the server. */
    const renders = (prefix: string, html: string) =>
      prefix === '/' &&
      render !== undefined &&
      html.includes(ROOT_OPEN) &&
      html.lastIndexOf('</body>') > html.indexOf(ROOT_OPEN);

    /**
     * An address the site has no route for: 404 with the site's index.html, which draws the
     * not-found page; the customer site's is rendered here (within the visitor's page budget,
     * never kept in the page cache: any address can be made up).
     */
    async function sendNotFound(reply: FastifyReply, prefix: string) {
      reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const html = indexes.get(prefix)?.toString('utf8') ?? '';
      if (!renders(prefix, html)) return reply.send(indexes.get(prefix));
      const wait = pageBudget ? await pageBudget.hit(reply.request.ip) : null;
      if (wait !== null) return tooManyPages(reply, wait);
      return sendRendered(reply, html, undefined);
    }

    function sendIndex(reply: FastifyReply, prefix: string, pathname: string, hasQuery: boolean) {
      if (isUnknownPath(prefix, pathname)) {
        sendNotFound(reply, prefix).catch((error) => reply.send(error));
        return reply;
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const forRoute = routeIndexes.get(prefix)?.find((route) => route.pattern.test(pathname));
      if (!forRoute) return reply.send(indexes.get(prefix));
      // The page's first reads, for the plain address only (a query string changes what it reads).
      const urls = hasQuery || !routeData ? [] : routeDataUrls(forRoute, pathname);
      if (renders(prefix, forRoute.html)) {
        const ip = reply.request.ip;
        const data = urls.length > 0 && routeData ? () => routeData(urls, ip) : undefined;
        return servePage(reply, (entry) => sendRendered(reply, forRoute.html, data, entry));
      }
      if (urls.length === 0 || !routeData) return reply.send(forRoute.html);
      return servePage(reply, (entry) => sendWithData(reply, forRoute, urls, entry));
    }

    function sendWithData(reply: FastifyReply, forRoute: RouteIndex, urls: string[], entry?: PageEntry) {
      // Streamed: everything up to </body> leaves at once, so the browser fetches the page's code
      // while the server reads its data; the data block follows before </body>. Module scripts run
      // only once the document is parsed, so the data is always there when the code looks for it.
      const { html, bodyAt } = forRoute;
      const log = reply.log;
      const request = reply.request;
      let read = false;
      async function* parts() {
        yield Buffer.from(html.slice(0, bodyAt));
        let data = '';
        try {
          data = await (routeData as NonNullable<typeof routeData>)(urls, request.ip);
          read = true;
        } catch (error) {
          // The page still works without it: it reads the same data itself.
          log.warn({ err: error }, 'page boot data unavailable');
        }
        yield Buffer.from(data + html.slice(bodyAt));
      }
      return sendParts(reply, parts, entry, () => read);
    }

    // The home page's own chunks (route-preloads.json's '^/$') load beside the shell, as every other
    // page's do: without them its code was found only once the router ran, a round trip later (issue 32).
    const homeIndex =
      routeIndexes.get('/')?.find((route) => route.pattern.test('/'))?.html ??
      indexes.get('/')?.toString('utf8');
    const { homeHead } = options;
    if (homeIndex && homeHead) {
      // A callback hook that keeps the request (no `done`) once it has it, as app.ts's page hook (decision 0818).
      app.addHook('onRequest', (request, reply, done) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.split('?')[0] !== '/')
          return done();
        servePage(reply, async (entry) => {
          let extra = { head: '', data: '' };
          let headRead = true;
          try {
            extra = await homeHead();
          } catch (error) {
            // The page still works without it: the client fetches the same data itself.
            request.log.warn({ err: error }, 'home page head data unavailable');
            headRead = false;
          }
          // Slicing, not String.replace: `$&`, `$'`… in offer text must stay text (issue 14).
          const at = homeIndex.indexOf('</head>');
          const withHead = (head: string) =>
            inLocale(
              at >= 0 ? homeIndex.slice(0, at) + head + homeIndex.slice(at) : homeIndex + head,
              pageLocale(request),
            );
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
          // Rendered, the page carries the offers in its query cache: the boot data only if it fails.
          if (request.method === 'GET' && renders('/', homeIndex)) {
            const html = withHead(extra.head);
            return sendRendered(reply, html, async () => extra.data, headRead ? entry : undefined);
          }
          const html = withHead(extra.head + extra.data);
          if (headRead) entry?.store(Buffer.from(html));
          else entry?.release();
          return reply.send(html);
        });
      });
    }

    app.decorate('siteFallback', (url: string, reply: FastifyReply) => {
      const pathname = url.split('?')[0] ?? '/';
      const site = sites.find((candidate) =>
        candidate.prefix === '/' ? true : `${pathname}/`.startsWith(candidate.prefix),
      );
      const lastSegment = pathname.split('/').pop() ?? '';
      if (!site || lastSegment.includes('.')) return false;
      sendIndex(reply, site.prefix, pathname, url.includes('?'));
      return true;
    });
  },
  { name: 'static-sites' },
);

/**
 * A site build may list, per address pattern, the code of the page it opens
 * (route-preloads.json beside index.html, written by apps/web/build/route-preloads.ts): that
 * address gets index.html with those files as <link rel="modulepreload">, so the page's code
 * downloads beside the main bundle rather than after it ran (issue 16, pages on a phone).
 */
interface RouteIndex {
  pattern: RegExp;
  /** index.html with the page's modulepreload links. */
  html: string;
  /** Where </body> starts in html. */
  bodyAt: number;
  /** API URLs the page reads first, `:name` filled from the pattern's named groups. */
  data: string[];
}

/** Only plain ids go into an API URL. */
const ROUTE_PARAM = /^[\w-]{1,100}$/;

function routeDataUrls(route: RouteIndex, pathname: string): string[] {
  const groups = route.pattern.exec(pathname)?.groups ?? {};
  return route.data.flatMap((template) => {
    let ok = true;
    const url = template.replace(/:(\w+)/g, (_match, name: string) => {
      const value = groups[name];
      if (value === undefined || !ROUTE_PARAM.test(value)) ok = false;
      return value ?? '';
    });
    return ok ? [url] : [];
  });
}

/** `head`: markup every page of the site carries in its <head> (the `d3-config` settings). */
function routePreloadIndexes(site: Site, head: string): RouteIndex[] {
  const file = path.join(site.root, 'route-preloads.json');
  const indexFile = path.join(site.root, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const at = html.indexOf('</head>');
  if (at < 0 || html.lastIndexOf('</body>') < at) return [];
  const routes = JSON.parse(readFileSync(file, 'utf8')) as {
    pattern: string;
    files: string[];
    data?: string[];
  }[];
  return routes.map((route) => {
    const links = route.files
      .filter((href) => /^\/[\w./-]+\.js$/.test(href))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
      .join('');
    const added = head + links;
    return {
      pattern: new RegExp(route.pattern, 'i'),
      html: html.slice(0, at) + added + html.slice(at),
      bodyAt: html.lastIndexOf('</body>') + added.length,
      data: (route.data ?? []).filter((url) => url.startsWith('/api/')),
    };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a site route with its index.html; false when the path is not a site route. */
    siteFallback(url: string, reply: FastifyReply): boolean;
  }
}
