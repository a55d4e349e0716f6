import { dashboardContract as c } from '@d3/shared/merchant/dashboard-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import { merchantDashboard } from './merchant-dashboard-service.js';

/** GET /merchant/dashboard: the signed-in merchant's figures in one call (issue 13). */
export default async function merchantDashboardRoutes(app: FastifyInstance) {
  contractRoutes(app)(c.get, async (request) => ({
    success: true as const,
    data: await merchantDashboard(app.db, request.session!.sub),
  }));
}
