import {
  ZEarningActivitiesResponse,
  ZEarningsResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCustomer } from '../../plugins/auth.js';
import * as service from './referrals-service.js';

/** Referral earnings (issue 12, API-CONTRACT decision 10): seed 001 §7 /users/earnings and /users/earning-activities. */
export default async function referralsRoutes(app: FastifyInstance) {
  service.installReferralCredit();
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['referrals'];
  const customerOnly = { preValidation: requireCustomer };
  const originOf = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  routes.get(
    '/users/earnings',
    { ...customerOnly, schema: { tags, response: { 200: ZEarningsResponse } } },
    async (request) => {
      const earnings = await service.earnings(app.db, request.session!.sub, originOf(request));
      return { success: true as const, earnings, referralLink: earnings.referralLink };
    },
  );

  routes.get(
    '/users/earning-activities',
    { ...customerOnly, schema: { tags, response: { 200: ZEarningActivitiesResponse } } },
    async (request) => ({
      success: true as const,
      activities: await service.earningActivities(app.db, request.session!.sub),
    }),
  );
}
