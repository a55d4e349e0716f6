import { referralsContract as c } from '@d3/shared/payments/payments-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './referrals-service.js';
import {
  handleWithdrawalResult,
  handleWithdrawalTimeout,
  withdraw,
  withdrawalTokenMatches,
} from './referrals-withdrawals.js';

/** Referral earnings (issue 12, API-CONTRACT decision 10): seed 001 §7 /users/earnings and /users/earning-activities. */
export default async function referralsRoutes(app: FastifyInstance) {
  app.events.onInTransaction('booking.completing', service.creditReferralReward);
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;
  const originOf = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  route(c.earnings, async (request) => {
    const earnings = await service.earnings(app.db, subOf(request), originOf(request));
    return { success: true as const, earnings, referralLink: earnings.referralLink };
  });
  route(c.activities, async (request) => ({
    success: true as const,
    activities: await service.earningActivities(app.db, subOf(request)),
  }));

  // app.withdrawals is decorated on the root app (referrals-setup.ts) before /api/v1 is registered.
  const withdrawals = app.withdrawals;
  route(c.withdraw, async (request, reply) => {
    const withdrawal = await withdraw(withdrawals, subOf(request), request.body?.amount);
    return reply.code(202).send({ success: true as const, withdrawal });
  });

  // Safaricom posts the B2C result here: no API key, the secret path token instead (as the STK
  // callback). Daraja always gets its 'Accepted'; a replay or an unknown id changes nothing.
  const darajaRoute = { config: { skipApiKey: true }, logLevel: 'warn' as const };
  const accepted = { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };
  /** One Daraja callback: 403 for a wrong token; `handle` the body, logging `failure` if it throws. */
  const darajaCallback = (
    endpoint: typeof c.payoutResult | typeof c.payoutTimeout,
    handle: (body: unknown) => Promise<unknown>,
    failure: string,
  ) =>
    route(
      endpoint,
      async (request) => {
        if (!withdrawalTokenMatches(withdrawals, request.params.token)) throw new AppError('FORBIDDEN');
        try {
          await handle(request.body);
        } catch (error) {
          request.log.error({ err: error }, failure);
        }
        return accepted;
      },
      darajaRoute,
    );
  darajaCallback(
    c.payoutResult,
    (body) => handleWithdrawalResult(withdrawals, body),
    'B2C result could not be processed',
  );
  darajaCallback(
    c.payoutTimeout,
    (body) => handleWithdrawalTimeout(withdrawals, body),
    'B2C queue timeout could not be processed',
  );
}
