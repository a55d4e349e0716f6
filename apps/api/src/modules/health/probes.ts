import { platformContract as c } from '@d3/shared/platform/platform-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';

/** A dependency that has not answered in this long counts as down (a probe must answer quickly). */
const CHECK_TIMEOUT_MS = 2000;
/** What a 503 from /readyz tells a client or proxy to wait. */
const RETRY_AFTER_SECONDS = '5';

function withTimeout(check: Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.then(() => 'ok' as const), timeout])
    .catch(() => 'down' as const)
    .finally(() => clearTimeout(timer));
}

/**
 * Kubernetes-style probes (issue 35), plain routes outside /api/v1 (no API key, no rate limit):
 * `/livez` answers 200 while the process serves requests at all; `/readyz` answers 200 when the
 * database and Redis (when configured) answer within 2 s, else 503 with Retry-After and which one
 * failed. The proxy (deploy/haproxy.cfg) sends traffic only to processes whose /readyz is 200.
 */
export default async function probeRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const quiet = { config: { rateLimit: false as const }, logLevel: 'warn' as const };
  route(c.live, async () => ({ status: 'ok' as const }), quiet);

  route(
    c.ready,
    async (request, reply) => {
      const [db, redis] = await Promise.all([
        withTimeout(app.database.ping()),
        app.redis ? withTimeout(app.redis.ping()) : Promise.resolve(undefined),
      ]);
      const ready = db === 'ok' && redis !== 'down';
      if (!ready) {
        request.log.warn({ db, redis }, 'not ready');
        reply.header('retry-after', RETRY_AFTER_SECONDS);
      }
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'unavailable', checks: { db, ...(redis ? { redis } : {}) } });
    },
    quiet,
  );
}
