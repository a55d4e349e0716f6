import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chooseMpesa, MPESA_SIMULATOR_PREFIX, type MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import { mpesaSimulatorRoutes } from '../../adapters/mpesa/mpesa-simulator.js';
import { PaymentReconciliation } from './payment-reconciliation.js';
import { PaymentsService } from './payments-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Daraja client (and the simulator outside production). */
    mpesa: MpesaSetup;
    payments: PaymentsService;
    /** server.ts starts it once listening; tests call runOnce(). */
    paymentReconciliation: PaymentReconciliation;
  }
}

/**
 * Registered on the root app (before /api/v1): builds the M-Pesa client, the payments service
 * and the reconciliation job, and mounts the Daraja simulator at /mpesa-sim (no API key) when
 * MPESA_ENV=simulator.
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
    app.decorate('mpesa', mpesa);
    app.decorate('payments', service);
    app.decorate('paymentReconciliation', reconciliation);
    if (mpesa.simulator) {
      await app.register(mpesaSimulatorRoutes, {
        prefix: MPESA_SIMULATOR_PREFIX,
        simulator: mpesa.simulator,
      });
    }
    app.addHook('onClose', async () => {
      mpesa.simulator?.close();
      await reconciliation.stop();
    });
  },
  { name: 'payments-setup' },
);
