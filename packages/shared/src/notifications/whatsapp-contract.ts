import { z } from 'zod';
import { defineContract } from '../api/contract.js';

/** Meta's subscription check: `hub.mode=subscribe`, our verify token, and a challenge to echo. */
export const ZWhatsAppVerifyQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** The Cloud API's webhook: a delivery status of a message we sent, or a message a customer sent us. */
const ZWebhookStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
});
const ZWebhookMessage = z
  .object({
    from: z.string(),
    id: z.string(),
    timestamp: z.string().optional(),
    type: z.string(),
    text: z.object({ body: z.string() }).optional(),
    button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  })
  .loose();
export const ZWhatsAppWebhook = z
  .object({
    object: z.string(),
    entry: z.array(
      z
        .object({
          id: z.string().optional(),
          changes: z.array(
            z
              .object({
                field: z.string(),
                value: z
                  .object({
                    messaging_product: z.string().optional(),
                    metadata: z
                      .object({ display_phone_number: z.string().optional(), phone_number_id: z.string() })
                      .optional(),
                    statuses: z.array(ZWebhookStatus.loose()).optional(),
                    messages: z.array(ZWebhookMessage).optional(),
                  })
                  .loose(),
              })
              .loose(),
          ),
        })
        .loose(),
    ),
  })
  .loose();
export type TWhatsAppWebhook = z.infer<typeof ZWhatsAppWebhook>;

export const ZWhatsAppWebhookResponse = z.object({ success: z.literal(true) });

/**
 * WhatsApp Business Cloud API webhooks (issue 36). Meta calls them: no API key. The GET answers
 * the subscription check with the challenge when the verify token matches (403 otherwise); the
 * POST is accepted only with `X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)`
 * (401 WEBHOOK_SIGNATURE_INVALID otherwise). Both answer 404 while the channel is off.
 */
export const whatsappContract = defineContract('whatsapp', {
  verifyWebhook: {
    method: 'GET',
    path: '/webhooks/whatsapp',
    operationId: 'verifyWhatsAppWebhook',
    summary: "Meta's webhook subscription check (echoes hub.challenge)",
    access: 'open',
    query: ZWhatsAppVerifyQuery,
    responses: { 200: z.string() },
    produces: 'text/plain',
    errors: [403, 404],
  },
  webhook: {
    method: 'POST',
    path: '/webhooks/whatsapp',
    operationId: 'whatsAppWebhook',
    summary: 'Message statuses and inbound messages from the WhatsApp Cloud API (signed by Meta)',
    access: 'open',
    body: ZWhatsAppWebhook,
    responses: { 200: ZWhatsAppWebhookResponse },
    errors: [401, 404],
  },
});
