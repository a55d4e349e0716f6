import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Per-IP request budget for the API. Counters live in Redis when configured so every
 * instance behind the load balancer shares one budget; otherwise in process memory.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: { max: number; redis: Redis | undefined }) {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      ...(options.redis ? { redis: options.redis, nameSpace: 'd3:rl:' } : {}),
      skipOnError: true,
      // Thrown errors go through the one error handler, which renders the envelope.
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
