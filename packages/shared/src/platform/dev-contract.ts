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
