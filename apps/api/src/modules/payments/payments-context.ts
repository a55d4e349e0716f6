import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { Db } from '../../db/client.js';
import type { payments } from '../../db/schema/payments.js';
import type { EventBus } from '../../events/event-bus.js';

export type PaymentRow = typeof payments.$inferSelect;

export const CALLBACK_PATH = '/api/v1/payments/mpesa/callback';
/** Where Daraja posts the result / queue time-out of our Reversal, B2C refund and status requests. */
export const RESULT_PATH = '/api/v1/payments/mpesa/result';
export const TIMEOUT_PATH = '/api/v1/payments/mpesa/timeout';

/** A push extends the booking's hold to at least this long from now. */
export const HOLD_EXTENSION_MS = 5 * 60_000;
/**
 * STK pushes to a number other than the account's verified phone: at most this many per
 * customer per rolling hour (issue 14: prompt spam to strangers' phones).
 */
export const OTHER_PHONE_PUSHES_PER_HOUR = 3;
export const HOUR_MS = 3_600_000;

/** What the payments module's use cases need beyond the database (docs/decisions/0402). */
export interface PaymentsDependencies {
  db: Db;
  events: EventBus;
  /** The Daraja client (and the simulator outside production). */
  mpesa: MpesaSetup;
  /** The secret path token of every Daraja callback URL. */
  callbackToken: string;
  /** MPESA_RESULT_DEADLINE_MS: a request with no result after this long is asked about. */
  deadlineMs: number;
  /** SPLIT_HOLD_MS: how long a split's places are held for its shares to be paid. */
  splitHoldMs: number;
  /** The split invitations and vouchers. */
  sms: MessageSender;
  /** Wakes a refund's job at once (a result arrived and the refund has a next step). */
  wakeRefund: (refundId: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

/**
 * The payments module's one context (payments, refunds, splits, status checks): built once per app
 * in payments-setup.ts; every use case takes it first.
 */
export interface PaymentsContext extends PaymentsDependencies {
  /** The callback token's digest, for a constant-time comparison. */
  tokenDigest: Buffer;
  /** Where Daraja posts the result and the queue time-out of the request with this id. */
  resultUrl: (requestId: string) => string;
  timeoutUrl: (requestId: string) => string;
}

export function createPaymentsContext(deps: PaymentsDependencies): PaymentsContext {
  const { mpesa, callbackToken } = deps;
  return {
    ...deps,
    tokenDigest: digest(callbackToken),
    resultUrl: (requestId) => `${mpesa.callbackOrigin()}${RESULT_PATH}/${callbackToken}/${requestId}`,
    timeoutUrl: (requestId) => `${mpesa.callbackOrigin()}${TIMEOUT_PATH}/${callbackToken}/${requestId}`,
  };
}

/** Constant-time comparison of a callback URL's secret path token. */
export function callbackTokenMatches(ctx: PaymentsContext, token: string): boolean {
  return timingSafeEqual(digest(token), ctx.tokenDigest);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
