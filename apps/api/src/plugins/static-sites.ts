import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

interface Site {
  /** URL prefix with trailing slash: '/' or '/merchant/'. */
  prefix: string;
  root: string;
}

const HASHED_ASSET = /\/assets\//;

/** Vite's hashed bundles never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('index.html')) return 'no-cache';
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * Serves the built customer site at / and the merchant site at /merchant/. A path without a
 * file extension that matches no file is a client-side route: it gets the site's index.html.
 */
export interface StaticSitesOptions {
  sites: Site[];
  /**
   * Extra <head> markup for the customer home page (GET /): the data its first screen needs and
   * a preload of its largest image, so neither waits for the JavaScript to run first.
   */
  homeHead?: () => Promise<string>;
  /** Markup for every page of the customer site's <head> (the `d3-config` settings, issue 15). */
  siteHead?: string;
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

    function sendIndex(reply: FastifyReply, prefix: string) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexes.get(prefix));
    }

    const homeIndex = indexes.get('/')?.toString('utf8');
    const { homeHead } = options;
    if (homeIndex && homeHead) {
      app.addHook('onRequest', async (request, reply) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.split('?')[0] !== '/')
          return;
        let head = '';
        try {
          head = await homeHead();
        } catch (error) {
          // The page still works without it: the client fetches the same data itself.
          request.log.warn({ err: error }, 'home page head data unavailable');
        }
        // Slicing, not String.replace: `$&`, `$'`… in offer text must stay text (issue 14).
        const at = homeIndex.indexOf('</head>');
        const html = at >= 0 ? homeIndex.slice(0, at) + head + homeIndex.slice(at) : homeIndex + head;
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      });
    }

    app.decorate('siteFallback', (url: string, reply: FastifyReply) => {
      const pathname = url.split('?')[0] ?? '/';
      const site = sites.find((candidate) =>
        candidate.prefix === '/' ? true : `${pathname}/`.startsWith(candidate.prefix),
      );
      const lastSegment = pathname.split('/').pop() ?? '';
      if (!site || lastSegment.includes('.')) return false;
      sendIndex(reply, site.prefix);
      return true;
    });
  },
  { name: 'static-sites' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a site route with its index.html; false when the path is not a site route. */
    siteFallback(url: string, reply: FastifyReply): boolean;
  }
}
