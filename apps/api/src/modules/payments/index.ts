import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@d3/shared/bookings/booking-schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { routeKit } from '../../plugins/route-kit.js';
import {
  parseLedgerInstant,
  ZCreateMpesaPaymentHeaders,
  ZCreateMpesaPaymentRequest,
  ZCreateMpesaPaymentResponse,
  ZLedgerQuery,
  ZLedgerResponse,
  ZMpesaCallbackParams,
  ZMpesaCallbackResponse,
  ZMpesaResultParams,
  ZPaymentIdParams,
  ZPaymentStatusResponse,
} from './payments-schemas.js';
import { ledgerReport } from './payments-service.js';
import { splitRoutes } from './split-routes.js';

/**
 * M-Pesa payments of booking access fees (seed 001 §4 "Payment flow", §7 "Payments";
 * API-CONTRACT decisions 7 and 8). The service itself is built on the root app (payments-setup.ts).
 */
export default async function paymentsRoutes(app: FastifyInstance) {
  const { routes, open, customerOnly, subOf } = routeKit(app, 'payments');
  await splitRoutes(app);

  routes.post(
    '/payments/mpesa',
    customerOnly({
      headers: ZCreateMpesaPaymentHeaders,
      body: ZCreateMpesaPaymentRequest,
      response: { 201: ZCreateMpesaPaymentResponse },
    }),
    async (request, reply) => {
      const answer = await app.payments.initiate(
        subOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(answer);
    },
  );

  routes.get(
    '/payments/:id/status',
    customerOnly({ params: ZPaymentIdParams, response: { 200: ZPaymentStatusResponse } }),
    async (request) => app.payments.status(subOf(request), request.params.id),
  );

  // Safaricom posts here: no API key, a secret path token instead. The body is read only after
  // the token matched, and Daraja always gets its 'Accepted' (a retry would change nothing).
  routes.post(
    '/payments/mpesa/callback/:token',
    {
      ...open({ params: ZMpesaCallbackParams, response: { 200: ZMpesaCallbackResponse } }),
      // Anonymous, yet a paid booking changes slot counts the public cache shows.
      config: { skipApiKey: true, changesPublicData: true },
      // The URL carries the secret: keep it out of the info-level request logs.
      logLevel: 'warn',
    },
    async (request) => {
      if (!app.payments.callbackTokenMatches(request.params.token)) throw new AppError('FORBIDDEN');
      try {
        await app.payments.handleCallback(request.body);
      } catch (error) {
        // The reconciliation job asks Daraja about the payment again within a few minutes.
        request.log.error({ err: error }, 'M-Pesa callback could not be processed');
      }
      return { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };
    },
  );

  // Results of our asynchronous requests (reversals, B2C refunds, Transaction Status): the secret
  // token as above, then the id of the request the result belongs to (we put it in the URL).
  for (const route of ['result', 'timeout'] as const) {
    routes.post(
      `/payments/mpesa/${route}/:token/:requestId`,
      {
        ...open({ params: ZMpesaResultParams, response: { 200: ZMpesaCallbackResponse } }),
        config: { skipApiKey: true, changesPublicData: true },
        logLevel: 'warn',
      },
      async (request) => {
        if (!app.payments.callbackTokenMatches(request.params.token)) throw new AppError('FORBIDDEN');
        const { requestId } = request.params;
        try {
          if (isUuid(requestId)) await app.moneyJobs.handle(route, requestId, request.body);
        } catch (error) {
          // The status checks ask about the request again once its deadline passes.
          request.log.error({ err: error, requestId }, `M-Pesa ${route} could not be processed`);
        }
        return { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };
      },
    );
  }

  // The operator's ledger (issue 34): off unless OPERATOR_TOKEN is set; then that bearer token only.
  const operatorDigest = app.config.operatorToken ? digest(app.config.operatorToken) : undefined;
  routes.get(
    '/operator/ledger',
    {
      ...open({ querystring: ZLedgerQuery, response: { 200: ZLedgerResponse } }),
      config: { changesPublicData: false },
    },
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
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
