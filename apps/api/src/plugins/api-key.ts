import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes Safaricom or a load balancer call without our client key. */
    skipApiKey?: boolean;
  }
}

/** Every /api/v1 call carries one of the configured public client keys (API-CONTRACT "Transport"). */
export default fp(
  async function apiKey(app: FastifyInstance, options: { keys: string[] }) {
    const keys = new Set(options.keys);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.skipApiKey) return;
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || !keys.has(key)) throw new AppError('INVALID_API_KEY');
    });
  },
  { name: 'api-key' },
);
