import type { FastifyInstance, FastifyRequest } from 'fastify';
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

interface CachedAnswer {
  body: string;
  contentType: string;
}

export interface PublicCacheOptions {
  /** How long an answer may be reused; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
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
    if (options.ttlMs <= 0) return;
    const cache = new LRUCache<string, CachedAnswer>({ max: options.maxEntries ?? 2000, ttl: options.ttlMs });
    const cacheable = (request: FastifyRequest) =>
      request.method === 'GET' && request.routeOptions.config?.publicCache === true && isAnonymous(request);

    app.addHook('onRequest', async (request, reply) => {
      if (!cacheable(request)) return;
      const hit = cache.get(request.url);
      if (!hit) return;
      return reply.header('x-cache', 'hit').type(hit.contentType).send(hit.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        if (reply.statusCode < 400 && invalidatesPublicCache(request)) cache.clear();
        return payload;
      }
      if (!cacheable(request) || reply.statusCode !== 200 || reply.getHeader('x-cache')) return payload;
      if (typeof payload === 'string') {
        cache.set(request.url, {
          body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
        });
        reply.header('x-cache', 'miss');
      }
      return payload;
    });
  },
  { name: 'public-cache' },
);
