import { ZMerchantDashboardResponse } from '@d3/shared/merchant/dashboard-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMerchant } from '../../plugins/auth.js';
import { merchantDashboard } from './merchant-dashboard-service.js';

/** GET /merchant/dashboard: the signed-in merchant's figures in one call (issue 13). */
export default async function merchantDashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/merchant/dashboard',
    {
      preValidation: requireMerchant,
      schema: { tags: ['merchant'], response: { 200: ZMerchantDashboardResponse } },
    },
    async (request) => ({
      success: true as const,
      data: await merchantDashboard(app.db, request.session!.sub),
    }),
  );
}
