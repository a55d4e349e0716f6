import { platformContract as c } from '@d3/shared/platform/platform-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';

export interface HealthRoutesOptions {
  /** Registered at the site root as well as under /api/v1: the root copy's operationId suffix. */
  operationIdSuffix?: string;
}

/** GET /health on the site root and under /api/v1: 200 when every dependency answers, else 503. */
export default async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions) {
  contractRoutes(app)(
    c.health,
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
    {
      config: { skipApiKey: true, rateLimit: false },
      ...(options.operationIdSuffix ? { operationIdSuffix: options.operationIdSuffix } : {}),
    },
  );
}
