import { devContract as c } from '@d3/shared/platform/dev-contract';
import type { FastifyInstance } from 'fastify';
import { SimulatorError } from '../../adapters/mpesa/mpesa-simulator.js';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { recentOutboxMessages } from '../support/support-service.js';

/**
 * Development-only helpers (never registered when NODE_ENV=production): read what the SMS and
 * e-mail simulators "sent", so browser tests can walk OTP and reset flows end to end.
 */
export default async function devRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  route(c.outbox, async (request) => {
    const rows = await recentOutboxMessages(app.db, request.query.to);
    return {
      messages: rows.map((row) => ({
        to: row.to,
        channel: row.channel,
        body: row.body,
        createdAt: row.createdAt.toISOString().replace('Z', '+00:00'),
      })),
    };
  });

  // The simulated customer answers the STK prompt: the simulator posts the matching Daraja
  // callback (ResultCode 0, or 1032 'Request cancelled by user') to our callback URL.
  for (const [answer, endpoint] of [
    ['approve', c.approvePush],
    ['decline', c.declinePush],
  ] as const) {
    route(endpoint, async (request) => {
      const simulator = app.mpesa.simulator;
      if (!simulator) {
        throw new AppError(
          'NOT_FOUND',
          `The M-Pesa simulator is not in use (MPESA_ENV=${app.config.mpesa.env})`,
        );
      }
      const { checkoutRequestId } = request.params;
      try {
        const { push, callbackStatus } =
          answer === 'approve'
            ? await simulator.approve(checkoutRequestId)
            : await simulator.decline(checkoutRequestId);
        return {
          success: true as const,
          message: answer === 'approve' ? 'Payment approved' : 'Payment declined',
          checkoutRequestId,
          resultCode: push.resultCode!,
          resultDesc: push.resultDesc!,
          callbackStatus: callbackStatus ?? null,
        };
      } catch (error) {
        if (error instanceof SimulatorError) {
          throw new AppError(error.reason === 'unknown' ? 'NOT_FOUND' : 'CONFLICT', error.message);
        }
        throw error;
      }
    });
  }

  // The WhatsApp Cloud API simulator (issue 36): what it received for a number, and a customer's
  // message to our number (their 'STOP'), posted signed to our webhook as Meta would.
  const whatsappSimulator = () => {
    const simulator = app.whatsapp.simulator;
    if (!simulator) throw new AppError('NOT_FOUND', 'The WhatsApp simulator is not in use');
    return simulator;
  };
  route(c.whatsappMessages, async (request) => ({
    messages: whatsappSimulator()
      .sentTo(request.query.to)
      .map((message) => ({
        id: message.id,
        template: message.template,
        language: message.language,
        text: message.text,
        status: message.status,
        createdAt: message.createdAt.toISOString().replace('Z', '+00:00'),
      })),
  }));
  route(c.whatsappInbound, async (request) => ({
    success: true as const,
    webhookStatus: await whatsappSimulator().inbound(request.body.from, request.body.text),
  }));

  // The STK prompts the simulator holds for a number, newest first (issue 34: a browser test finds
  // the prompt a split sent to the organiser's phone and answers it with the route above).
  route(c.pushes, async (request) => {
    const pushes = [...(app.mpesa.simulator?.pushes.values() ?? [])]
      .filter((push) => push.phoneNumber === request.query.phone)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((push) => ({
        checkoutRequestId: push.checkoutRequestId,
        amount: push.amount,
        answered: push.resultCode !== undefined,
      }));
    return { pushes };
  });

  // Daraja answers every Reversal and Transaction Status request still waiting (issue 34): what
  // MPESA_SIMULATOR_AUTO does after its delay, on demand for browser tests that run with 'none'.
  route(c.answerResults, async () => {
    const simulator = app.mpesa.simulator;
    if (!simulator) {
      throw new AppError(
        'NOT_FOUND',
        `The M-Pesa simulator is not in use (MPESA_ENV=${app.config.mpesa.env})`,
      );
    }
    const waiting = [...simulator.orgRequests.values()].filter((request) => request.resultCode === undefined);
    for (const request of waiting) await simulator.answerOrgRequest(request.conversationId);
    return { success: true as const, answered: waiting.length };
  });
}
