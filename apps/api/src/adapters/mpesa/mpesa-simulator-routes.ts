import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ZB2CRequest,
  ZReversalRequest,
  ZStkPushRequest,
  ZStkQueryRequest,
  ZTransactionStatusRequest,
} from './daraja-wire.js';
import type { MpesaSimulator } from './mpesa-simulator.js';
import type { SimulatorReply } from './mpesa-simulator-state.js';

/** Daraja's endpoints, mounted under /mpesa-sim outside /api/v1 (no API key). */
export async function mpesaSimulatorRoutes(app: FastifyInstance, options: { simulator: MpesaSimulator }) {
  const { simulator } = options;
  const schema = { hide: true };
  app.get('/oauth/v1/generate', { schema }, async (request, reply) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    const answer = simulator.oauth(request.headers.authorization, grantType);
    return reply.status(answer.status).send(answer.body);
  });
  /** A POST endpoint: Daraja's checks of every request, then the simulator's answer to it. */
  const post = <T>(url: string, body: z.ZodType<T>, handle: (request: T) => SimulatorReply) => {
    app.post(url, { schema }, async (request, reply) => {
      const answer = simulator.answer(request.headers.authorization, request.body, body, handle);
      return reply.status(answer.status).send(answer.body);
    });
  };
  post('/mpesa/stkpush/v1/processrequest', ZStkPushRequest, (request) => simulator.stkPush(request));
  post('/mpesa/b2c/v3/paymentrequest', ZB2CRequest, (request) => simulator.b2cPayment(request));
  post('/mpesa/stkpushquery/v1/query', ZStkQueryRequest, (request) => simulator.stkQuery(request));
  post('/mpesa/reversal/v1/request', ZReversalRequest, (request) => simulator.reversal(request));
  post('/mpesa/transactionstatus/v1/query', ZTransactionStatusRequest, (request) =>
    simulator.transactionStatus(request),
  );
}
