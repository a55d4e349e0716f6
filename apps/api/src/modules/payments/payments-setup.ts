import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chooseMpesa, MPESA_SIMULATOR_PREFIX, type MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import { mpesaSimulatorRoutes } from '../../adapters/mpesa/mpesa-simulator.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { MoneyWorker } from './money-worker.js';
import { PaymentReconciliation } from './payment-reconciliation.js';
import { PaymentsService, RESULT_PATH, TIMEOUT_PATH } from './payments-service.js';
import { RefundsService } from './refunds.js';
import { SplitsService } from './splits.js';
import { StatusChecks } from './status-checks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Daraja client (and the simulator outside production). */
    mpesa: MpesaSetup;
    payments: PaymentsService;
    /** server.ts starts it once listening; tests call runOnce(). */
    paymentReconciliation: PaymentReconciliation;
    /** Refunds and M-Pesa status checks (issue 34): server.ts starts it; tests call runOnce(). */
    moneyJobs: MoneyWorker;
    /** Splitting a booking's access fee between friends (issue 34). */
    splits: SplitsService;
  }
}

/**
 * Registered on the root app (before /api/v1): builds the M-Pesa client, the payments service,
 * the reconciliation job and the money jobs (refunds, status checks), and mounts the Daraja
 * simulator at /mpesa-sim (no API key) when MPESA_ENV=simulator.
 */
export default fp(
  async function paymentsSetup(app: FastifyInstance) {
    const mpesa = chooseMpesa(app.config, () => app.server.address(), app.log);
    const service = new PaymentsService({
      db: app.db,
      events: app.events,
      mpesa,
      callbackToken: app.config.mpesa.callbackToken,
      log: app.log,
    });
    const reconciliation = new PaymentReconciliation({
      database: app.database,
      service,
      events: app.events,
      intervalMs: app.config.mpesa.reconcileIntervalMs,
      log: app.log,
    });
    const { callbackToken, resultDeadlineMs: deadlineMs } = app.config.mpesa;
    const resultUrl = (requestId: string) =>
      `${mpesa.callbackOrigin()}${RESULT_PATH}/${callbackToken}/${requestId}`;
    const timeoutUrl = (requestId: string) =>
      `${mpesa.callbackOrigin()}${TIMEOUT_PATH}/${callbackToken}/${requestId}`;
    const refunds = new RefundsService({
      db: app.db,
      events: app.events,
      mpesa,
      resultUrl,
      timeoutUrl,
      deadlineMs,
      wake: (refundId) => worker.wakeRefund(refundId),
      log: app.log,
    });
    const checks = new StatusChecks({
      db: app.db,
      mpesa,
      payments: service,
      refunds,
      resultUrl,
      timeoutUrl,
      deadlineMs,
      log: app.log,
    });
    const splits = new SplitsService({
      db: app.db,
      events: app.events,
      payments: service,
      sms: chooseMessageSenders(app.config, app.db).sms,
      holdMs: app.config.splitHoldMs,
      log: app.log,
    });
    const worker: MoneyWorker = new MoneyWorker({
      db: app.db,
      refunds,
      checks,
      splits,
      intervalMs: app.config.mpesa.moneyJobsIntervalMs,
      deadlineMs,
      log: app.log,
    });
    app.decorate('mpesa', mpesa);
    app.decorate('payments', service);
    app.decorate('paymentReconciliation', reconciliation);
    app.decorate('moneyJobs', worker);
    app.decorate('splits', splits);
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
