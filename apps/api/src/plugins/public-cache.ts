import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route may be served from the public cache. */
    publicCache?: boolean;
    /**
     * Whether a successful write through this route can change what the cached public reads show
     * (offers, stores, services, reviews, follower counts, slots). Unset: a signed-in write is
     * assumed to (safe default for new routes) and an anonymous one is not. `true` for anonymous
     * writes that do (the M-Pesa callback); `false` for signed-in writes that never do (settings).
     */
    changesPublicData?: boolean;
  }
}

/** How long a reader waits for the same address's answer already being computed, at most. */
const MISS_WAIT_MS = 5_000;

interface CachedAnswer {
  body: string;
  contentType: string;
  etag: string;
}

export interface PublicCacheOptions {
  /** How long an answer may be reused in this process; 0 turns the micro-cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Issue 16: how long a shared cache (CDN) may serve an anonymous answer, and serve it stale while refetching. */
  sharedMaxAgeSeconds?: number;
  staleWhileRevalidateSeconds?: number;
}

/** A weak validator of the body: equal bodies, equal tags, whichever process answered. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || tag === etag.slice(2));
}

/** Anonymous: no bearer token and no session cookie (signed-in answers carry `following` etc.). */
function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookies = request.cookies ?? {};
  return !cookies.access_token && !cookies.merchant_access_token;
}

/**
 * Whether a successful write empties the cache (issue 14 finding 7): an anonymous caller (no
 * verified session: a bare or forged Authorization header does not count) could otherwise empty
 * it at will with a newsletter sign-up or a failed sign-in, and every reader would then hit the
 * database.
 */
export function invalidatesPublicCache(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config?.changesPublicData;
  if (declared !== undefined) return declared;
  return request.session != null;
}

/**
 * Micro-cache for the public catalogue reads (Hot Deals, store detail, search): the same anonymous
 * GET within `ttlMs` gets the answer computed for the first one, from memory, after the API-key and
 * rate-limit hooks ran as usual. Signed-in callers always get a fresh answer. Any successful write
 * that can change public data (see invalidatesPublicCache) through this process empties the cache, so a merchant or customer sees their own change at once;
 * other processes catch up within `ttlMs`. `x-cache: hit|miss` tells which.
 */
export default fp(
  async function publicCache(app: FastifyInstance, options: PublicCacheOptions) {
    const cache =
      options.ttlMs > 0
        ? new LRUCache<string, CachedAnswer>({ max: options.maxEntries ?? 2000, ttl: options.ttlMs })
        : undefined;
    const publicControl = `public, max-age=0, s-maxage=${options.sharedMaxAgeSeconds ?? 10}, stale-while-revalidate=${options.staleWhileRevalidateSeconds ?? 60}`;
    const publicRead = (request: FastifyRequest) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.routeOptions.config?.publicCache === true;
    const cacheable = (request: FastifyRequest) => publicRead(request) && isAnonymous(request);

    /** Anonymous: shared caches may keep it; a matching If-None-Match gets 304 without the body. */
    const answer = (request: FastifyRequest, reply: FastifyReply, etag: string) => {
      reply
        .header('cache-control', publicControl)
        .header('etag', etag)
        .header('vary', 'Authorization, Cookie');
      return matches(request, etag);
    };

    /**
     * Misses of one address in flight: the first computes, the others wait for its answer (at most
     * MISS_WAIT_MS) and are served from the cache (issue 16). Without it, N readers arriving
     * together at an address not yet cached were N database reads — on PGlite, one after another.
     */
    const inFlight = new Map<string, Promise<void>>();
    const finishers = new WeakMap<FastifyRequest, () => void>();
    const finish = async (request: FastifyRequest) => {
      finishers.get(request)?.();
    };

    /** The change count when a miss began computing: an answer read before a write is not kept. */
    const generationAt = new WeakMap<FastifyRequest, number>();

    app.addHook('onRequest', async (request, reply) => {
      if (!cache || !cacheable(request)) return;
      generationAt.set(request, app.publicData.generation);
      // This process's own read for a page it keeps (page-cache.ts): from the database, then kept here.
      if (app.publicData.isFreshRead(request)) return;
      let hit = cache.get(request.url);
      if (!hit) {
        const pending = inFlight.get(request.url);
        if (!pending) {
          let done = () => {};
          inFlight.set(
            request.url,
            new Promise<void>((resolve) => {
              done = resolve;
            }),
          );
          finishers.set(request, () => {
            finishers.delete(request);
            inFlight.delete(request.url);
            done();
          });
          return;
        }
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, MISS_WAIT_MS)))]);
        clearTimeout(timer);
        hit = cache.get(request.url);
        if (!hit) return;
      }
      reply.header('x-cache', 'hit');
      if (answer(request, reply, hit.etag)) return reply.code(304).send();
      return reply.type(hit.contentType).send(hit.body);
    });
    // The first reader's answer is cached in onSend; whatever happens to it, its waiters go on.
    app.addHook('onResponse', finish);
    app.addHook('onRequestAbort', finish);
    app.addHook('onError', finish);

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        if (reply.statusCode < 400 && invalidatesPublicCache(request)) {
          cache?.clear();
          // The server-rendered pages are made from the same data (plugins/page-cache.ts).
          app.publicData.changed();
        }
        return payload;
      }
      if (!publicRead(request) || reply.getHeader('x-cache') === 'hit') return payload;
      // A signed-in reader's answer carries their own flags (following): no shared or stored copy.
      if (!isAnonymous(request)) {
        reply.header('cache-control', 'private, no-store');
        return payload;
      }
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = etagOf(payload);
      if (cache && generationAt.get(request) === app.publicData.generation) {
        cache.set(request.url, {
          body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
          etag,
        });
        reply.header('x-cache', 'miss');
        finishers.get(request)?.();
      }
      if (answer(request, reply, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);
