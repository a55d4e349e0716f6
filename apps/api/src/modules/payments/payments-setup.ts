import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chooseMpesa, MPESA_SIMULATOR_PREFIX, type MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import { mpesaSimulatorRoutes } from '../../adapters/mpesa/mpesa-simulator-routes.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { MoneyWorker } from './money-worker.js';
import { PaymentReconciliation } from './payment-reconciliation.js';
import { createPaymentsContext, type PaymentsContext } from './payments-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Daraja client (and the simulator outside production). */
    mpesa: MpesaSetup;
    /** What the payments use cases work with (payments, refunds, splits, status checks take it first). */
    payments: PaymentsContext;
    /** server.ts starts it once listening; tests call runOnce(). */
    paymentReconciliation: PaymentReconciliation;
    /** Refunds, M-Pesa status checks and split vouchers (issue 34): server.ts starts it; tests call runOnce(). */
    moneyJobs: MoneyWorker;
  }
}

/**
 * Registered on the root app (before /api/v1; docs/decisions/0402): builds the M-Pesa client, the
 * payments context, the reconciliation job and the money jobs (refunds, status checks, split
 * vouchers), and mounts the Daraja simulator at /mpesa-sim (no API key) when MPESA_ENV=simulator.
 */
export default fp(
  async function paymentsSetup(app: FastifyInstance) {
    const mpesa = chooseMpesa(app.config, () => app.server.address(), app.log);
    const payments = createPaymentsContext({
      db: app.db,
      events: app.events,
      mpesa,
      callbackToken: app.config.mpesa.callbackToken,
      deadlineMs: app.config.mpesa.resultDeadlineMs,
      splitHoldMs: app.config.splitHoldMs,
      sms: chooseMessageSenders(app.config, app.db).sms,
      wakeRefund: (refundId) => worker.wakeRefund(refundId),
      log: app.log,
    });
    const reconciliation = new PaymentReconciliation({
      database: app.database,
      payments,
      events: app.events,
      intervalMs: app.config.mpesa.reconcileIntervalMs,
      log: app.log,
    });
    const worker: MoneyWorker = new MoneyWorker({
      db: app.db,
      payments,
      intervalMs: app.config.mpesa.moneyJobsIntervalMs,
      deadlineMs: app.config.mpesa.resultDeadlineMs,
      log: app.log,
    });
    app.decorate('mpesa', mpesa);
    app.decorate('payments', payments);
    app.decorate('paymentReconciliation', reconciliation);
    app.decorate('moneyJobs', worker);
    if (mpesa.simulator) {
      await app.register(mpesaSimulatorRoutes, {
        prefix: MPESA_SIMULATOR_PREFIX,
        simulator: mpesa.simulator,
      });
    }
    app.addHook('onClose', async () => {
      mpesa.simulator?.close();
      await reconciliation.stop();
      await worker.stop();
    });
  },
  { name: 'payments-setup' },
);
