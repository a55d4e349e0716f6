import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route may be served from the public cache. */
    publicCache?: boolean;
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
 * Micro-cache for the public catalogue reads (Hot Deals, store detail, search): the same anonymous
 * GET within `ttlMs` gets the answer computed for the first one, from memory, after the API-key and
 * rate-limit hooks ran as usual. Signed-in callers always get a fresh answer. Any successful write
 * through this process empties the cache, so a merchant or customer sees their own change at once;
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
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        cache.clear();
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
