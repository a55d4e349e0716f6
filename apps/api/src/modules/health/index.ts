import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down']).optional(),
});

/** GET /health on the site root and under /api/v1: 200 when every dependency answers, else 503. */
export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { skipApiKey: true, rateLimit: false },
      schema: { tags: ['platform'], response: { 200: ZHealthResponse, 503: ZHealthResponse } },
    },
    async (request, reply) => {
      const db = await app.database
        .ping()
        .then(() => 'ok' as const)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'database health check failed');
          return 'down' as const;
        });
      const redis = app.redis
        ? await app.redis
            .ping()
            .then(() => 'ok' as const)
            .catch(() => 'down' as const)
        : undefined;
      const healthy = db === 'ok' && redis !== 'down';
      return reply
        .status(healthy ? 200 : 503)
        .send({ status: healthy ? 'ok' : 'error', db, ...(redis ? { redis } : {}) });
    },
  );
}
