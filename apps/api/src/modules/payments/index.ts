import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@d3/shared/bookings/booking-schemas';
import { paymentsContract as c } from '@d3/shared/payments/payments-contract';
import { parseLedgerInstant } from '@d3/shared/payments/payments-schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { handleStkCallback } from './payment-settlement.js';
import { callbackTokenMatches } from './payments-context.js';
import { initiatePayment, ledgerReport, paymentStatus } from './payments-service.js';
import { splitRoutes } from './split-routes.js';

/**
 * M-Pesa payments of booking access fees (seed 001 §4 "Payment flow", §7 "Payments";
 * API-CONTRACT decisions 7 and 8). The context the use cases take is built on the root app (payments-setup.ts).
 */
export default async function paymentsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;
  await splitRoutes(app);

  route(c.payAccessFee, async (request, reply) => {
    const answer = await initiatePayment(
      app.payments,
      subOf(request),
      request.body,
      request.headers['idempotency-key'],
    );
    return reply.status(201).send(answer);
  });
  route(c.status, async (request) => paymentStatus(app.payments, subOf(request), request.params.id));

  // Safaricom posts here: no API key, a secret path token instead. The body is read only after
  // the token matched, and Daraja always gets its 'Accepted' (a retry would change nothing).
  const daraja = {
    // Anonymous, yet a paid booking changes slot counts the public cache shows.
    config: { skipApiKey: true, changesPublicData: true },
    // The URL carries the secret: keep it out of the info-level request logs.
    logLevel: 'warn' as const,
  };
  route(
    c.stkCallback,
    async (request) => {
      if (!callbackTokenMatches(app.payments, request.params.token)) throw new AppError('FORBIDDEN');
      try {
        await handleStkCallback(app.payments, request.body);
      } catch (error) {
        // The reconciliation job asks Daraja about the payment again within a few minutes.
        request.log.error({ err: error }, 'M-Pesa callback could not be processed');
      }
      return { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };
    },
    daraja,
  );

  // Results of our asynchronous requests (reversals, B2C refunds, Transaction Status): the secret
  // token as above, then the id of the request the result belongs to (we put it in the URL).
  for (const [kind, endpoint] of [
    ['result', c.resultCallback],
    ['timeout', c.timeoutCallback],
  ] as const) {
    route(
      endpoint,
      async (request) => {
        if (!callbackTokenMatches(app.payments, request.params.token)) throw new AppError('FORBIDDEN');
        const { requestId } = request.params;
        try {
          if (isUuid(requestId)) await app.moneyJobs.handle(kind, requestId, request.body);
        } catch (error) {
          // The status checks ask about the request again once its deadline passes.
          request.log.error({ err: error, requestId }, `M-Pesa ${kind} could not be processed`);
        }
        return { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };
      },
      daraja,
    );
  }

  // The operator's ledger (issue 34): off unless OPERATOR_TOKEN is set; then that bearer token only.
  const operatorDigest = app.config.operatorToken ? digest(app.config.operatorToken) : undefined;
  route(
    c.ledger,
    async (request, reply) => {
      if (!operatorDigest) throw new AppError('NOT_FOUND');
      const header = request.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!timingSafeEqual(digest(presented), operatorDigest)) throw new AppError('UNAUTHENTICATED');
      const to = request.query.to ? parseLedgerInstant(request.query.to)! : new Date();
      const from = request.query.from ? parseLedgerInstant(request.query.from)! : new Date(0);
      reply.header('cache-control', 'no-store');
      return { success: true as const, ledger: await ledgerReport(app.db, { from, to }) };
    },
    { config: { changesPublicData: false } },
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
