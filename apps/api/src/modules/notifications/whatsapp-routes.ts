import { whatsappContract as c } from '@d3/shared/notifications/whatsapp-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signatureMatches } from '../../adapters/whatsapp/whatsapp-wire.js';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';

/**
 * The WhatsApp Cloud API's webhook (issue 36), Meta's to call: no API key. Its own plugin scope,
 * so only here is a JSON body read as text first: the signature is the HMAC-SHA256 of the exact
 * bytes Meta sent, checked (constant time) before the body is parsed or validated — a missing or
 * wrong `X-Hub-Signature-256` is 401 WEBHOOK_SIGNATURE_INVALID whatever the body holds.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance) {
  const { whatsapp } = app;
  const { appSecret, verifyToken } = app.config.whatsapp;
  const channelOff = () => new AppError('NOT_FOUND', 'WhatsApp notifications are off');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (!whatsapp.channel.enabled) return done(channelOff());
      if (!signatureMatches(appSecret, body, request.headers['x-hub-signature-256'])) {
        return done(new AppError('WEBHOOK_SIGNATURE_INVALID'));
      }
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new AppError('VALIDATION_ERROR', 'Body is not JSON'));
      }
    },
  );

  const route = contractRoutes(app);
  const meta = { config: { skipApiKey: true }, logLevel: 'warn' as const };

  route(
    c.verifyWebhook,
    async (request, reply) => {
      if (!whatsapp.channel.enabled) throw channelOff();
      const query = request.query;
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== verifyToken) {
        throw new AppError('WEBHOOK_VERIFY_FAILED');
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
    meta,
  );

  route(
    c.webhook,
    async (request) => {
      await whatsapp.channel.handleWebhook(request.body);
      return { success: true as const };
    },
    meta,
  );
}
