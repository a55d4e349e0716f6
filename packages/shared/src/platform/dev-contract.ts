import { z } from 'zod';
import { ZDevGoogleIdTokenRequest, ZDevGoogleIdTokenResponse } from '../accounts/accounts-schemas.js';
import { defineContract } from '../api/contract.js';

export const ZOutboxQuery = z.object({ to: z.string().trim().min(1).max(254).optional() });
export const ZOutboxResponse = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      channel: z.string(),
      body: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export const ZPushesQuery = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^254\d{9}$/),
});
export const ZPushesResponse = z.object({
  pushes: z.array(
    z.object({ checkoutRequestId: z.string(), amount: z.number().int(), answered: z.boolean() }),
  ),
});
export const ZMpesaResultsAnswered = z.object({ success: z.literal(true), answered: z.number().int() });
export const ZMpesaDevParams = z.object({ checkoutRequestId: z.string().trim().min(1).max(100) });
export const ZMpesaDevResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  checkoutRequestId: z.string(),
  resultCode: z.number().int(),
  resultDesc: z.string(),
  /** HTTP status our callback route answered the simulator's callback with. */
  callbackStatus: z.number().int().nullable(),
});

/** A number in E.164 or digits ('+254712345678', '254712345678'). */
const ZDevPhone = z
  .string()
  .trim()
  .regex(/^\+?254\d{9}$/);
export const ZWhatsAppDevQuery = z.object({ to: ZDevPhone });
export const ZWhatsAppDevResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      template: z.string(),
      language: z.string(),
      text: z.string(),
      status: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export const ZWhatsAppInboundRequest = z.object({ from: ZDevPhone, text: z.string().min(1).max(1000) });
export const ZWhatsAppInboundResponse = z.object({
  success: z.literal(true),
  /** HTTP status our webhook answered the simulator's signed post with. */
  webhookStatus: z.number().int(),
});

/**
 * Development-only helpers (never registered when NODE_ENV=production): what the SMS and e-mail
 * simulators "sent", the M-Pesa simulator's prompts and answers, a Google simulator credential.
 * Browser tests use them to walk OTP, reset and payment flows end to end.
 */
export const devContract = defineContract('dev', {
  outbox: {
    method: 'GET',
    path: '/dev/outbox',
    operationId: 'devOutbox',
    summary: 'The SMS and e-mails the simulators sent (to one address)',
    access: 'open',
    query: ZOutboxQuery,
    responses: { 200: ZOutboxResponse },
  },
  approvePush: {
    method: 'POST',
    path: '/dev/mpesa/:checkoutRequestId/approve',
    operationId: 'devApproveMpesaPush',
    summary: 'The simulated customer approves an STK prompt',
    access: 'open',
    params: ZMpesaDevParams,
    responses: { 200: ZMpesaDevResponse },
    errors: [409],
  },
  declinePush: {
    method: 'POST',
    path: '/dev/mpesa/:checkoutRequestId/decline',
    operationId: 'devDeclineMpesaPush',
    summary: 'The simulated customer declines an STK prompt',
    access: 'open',
    params: ZMpesaDevParams,
    responses: { 200: ZMpesaDevResponse },
    errors: [409],
  },
  pushes: {
    method: 'GET',
    path: '/dev/mpesa/pushes',
    operationId: 'devMpesaPushes',
    summary: 'The STK prompts the simulator holds for a number, newest first',
    access: 'open',
    query: ZPushesQuery,
    responses: { 200: ZPushesResponse },
  },
  answerResults: {
    method: 'POST',
    path: '/dev/mpesa/results/answer',
    operationId: 'devAnswerMpesaResults',
    summary: 'Daraja answers every waiting reversal and status request',
    access: 'open',
    responses: { 200: ZMpesaResultsAnswered },
    errors: [404],
  },
  whatsappMessages: {
    method: 'GET',
    path: '/dev/whatsapp/messages',
    operationId: 'devWhatsAppMessages',
    summary: 'The WhatsApp templates the Cloud API simulator received for a number, oldest first',
    access: 'open',
    query: ZWhatsAppDevQuery,
    responses: { 200: ZWhatsAppDevResponse },
    errors: [404],
  },
  whatsappInbound: {
    method: 'POST',
    path: '/dev/whatsapp/inbound',
    operationId: 'devWhatsAppInbound',
    summary: "A customer's WhatsApp message to our number (e.g. 'STOP'), posted signed to our webhook",
    access: 'open',
    body: ZWhatsAppInboundRequest,
    responses: { 200: ZWhatsAppInboundResponse },
    errors: [404],
  },
  googleIdToken: {
    method: 'POST',
    path: '/dev/google/id-token',
    operationId: 'devGoogleIdToken',
    summary: 'A credential from the local Google simulator',
    access: 'open',
    body: ZDevGoogleIdTokenRequest,
    responses: { 200: ZDevGoogleIdTokenResponse },
  },
});
