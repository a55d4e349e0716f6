import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWithdrawalsContext, type WithdrawalsContext } from './referrals-withdrawals.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the referral withdrawals (M-Pesa B2C, issue 12) work with; their use cases take it first. */
    withdrawals: WithdrawalsContext;
  }
}

/**
 * Registered on the root app after payments-setup (whose M-Pesa client it uses; docs/decisions/0402):
 * the withdrawals' context — the B2C gateway, where Daraja posts its results, the callback token.
 */
export default fp(
  async function referralsSetup(app: FastifyInstance) {
    app.decorate(
      'withdrawals',
      createWithdrawalsContext({
        db: app.db,
        payouts: app.mpesa.gateway,
        callbackOrigin: () => app.mpesa.callbackOrigin(),
        callbackToken: app.config.mpesa.callbackToken,
        log: app.log,
      }),
    );
  },
  { name: 'referrals-setup', dependencies: ['payments-setup'] },
);
