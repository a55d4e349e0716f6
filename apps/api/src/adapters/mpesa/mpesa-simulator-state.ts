import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TB2CResult, TDarajaError, TDarajaResult, TStkCallback } from './daraja-wire.js';

/**
 * What the M-Pesa simulator keeps and answers with: its options, the requests and transactions
 * it records, and the small pieces of Daraja's replies every endpoint shares.
 */

export interface MpesaSimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** approve / decline every push after `autoDelayMs`; none: only the dev routes answer. */
  auto: 'approve' | 'decline' | 'none';
  autoDelayMs: number;
  /** An unanswered prompt times out after this long (Daraja: about a minute), ResultCode 1037. */
  promptTimeoutMs?: number;
  /** Timestamps further than this from the simulator's clock are refused. */
  timestampToleranceMs?: number;
  tokenLifetimeSeconds?: number;
  now?: () => Date;
  /** How callbacks are posted (the global fetch: real HTTP to CallBackURL). */
  fetch?: typeof fetch;
  /**
   * The initiators allowed to reverse and to ask Transaction Status (name and SecurityCredential);
   * a request by anyone else gets Daraja's result 2001 'The initiator information is invalid.'.
   * Unset: any initiator is accepted.
   */
  reversalInitiator?: { name: string; credential: string };
  statusInitiator?: { name: string; credential: string };
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface SimulatedPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phoneNumber: string;
  partyB: string;
  transactionType: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
  createdAt: Date;
  /** Undefined until the (simulated) customer answers or the prompt times out. */
  resultCode: number | undefined;
  resultDesc: string | undefined;
  mpesaReceiptNumber: string | undefined;
  /** The last callback body posted for this push (tests re-post it to test idempotency). */
  callback: TStkCallback | undefined;
}

export interface SimulatedPayout {
  conversationId: string;
  originatorConversationId: string;
  amount: number;
  phoneNumber: string;
  resultUrl: string;
  timeoutUrl: string;
  createdAt: Date;
  resultCode: number | undefined;
  transactionId: string | undefined;
  /** The last result body posted (tests re-post it to test idempotency). */
  result: TB2CResult | undefined;
}

/** A money movement M-Pesa completed: what Reversal and Transaction Status look up. */
export interface SimulatedTransaction {
  receipt: string;
  kind: 'stk' | 'b2c' | 'reversal';
  amount: number;
  /** The customer's number (the payer of an STK push, the payee of a B2C payment or reversal). */
  phoneNumber: string;
  /** For B2C and reversals: the request's OriginatorConversationID and ConversationID. */
  originatorConversationId: string | undefined;
  conversationId: string | undefined;
  completedAt: Date;
  /** The receipt of the reversal that gave this payment back. */
  reversedBy: string | undefined;
  /** For a reversal: the receipt it reversed. */
  reverses: string | undefined;
}

/** A Reversal or Transaction Status request the simulator accepted; its result follows on ResultURL. */
export interface SimulatedOrgRequest {
  kind: 'reversal' | 'status';
  conversationId: string;
  originatorConversationId: string;
  resultUrl: string;
  timeoutUrl: string;
  createdAt: Date;
  /** Reversal: the receipt to reverse and the amount; status: the receipt or request asked about. */
  transactionId: string | undefined;
  originalConversationId: string | undefined;
  amount: number | undefined;
  initiatorValid: boolean;
  /** Set once answered (the result posted, or timed out in the queue). */
  resultCode: string | undefined;
  result: TDarajaResult | undefined;
}

export interface SimulatorReply {
  status: number;
  body: unknown;
}

export class SimulatorError extends Error {
  constructor(
    readonly reason: 'unknown' | 'answered',
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

/** What answering a request reads and changes of the simulator. */
export interface AnswerContext {
  /** Completed money movements by receipt. */
  transactions: Map<string, SimulatedTransaction>;
  now: () => Date;
  shortcode: string;
  /** Every reversal refused with this ResultCode; undefined: the real rules. */
  refuseReversalsWith: string | undefined;
}

/** What M-Pesa posts to a QueueTimeOutURL: the request was never processed. */
export const QUEUE_TIMEOUT = 1;
const RECEIPT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A Kenyan mobile number as Daraja takes it: 2547… or 2541…. */
export const MSISDN = /^254[17]\d{8}$/;
/** M-Pesa's limit for one customer payment (KES). */
export const MAX_AMOUNT = 250_000;

function requestId(): string {
  return `${randomInt(1000, 99_999)}-${randomInt(1_000_000, 99_999_999)}-1`;
}

export function error(status: number, body: Omit<TDarajaError, 'requestId'>): SimulatorReply {
  return { status, body: { requestId: requestId(), ...body } };
}

export function badRequest(errorMessage: string): SimulatorReply {
  return error(400, { errorCode: '400.002.02', errorMessage });
}

/** The request, not yet answered; a SimulatorError for an unknown or an answered one. */
export function unanswered<T extends { resultCode: number | string | undefined }>(
  request: T | undefined,
  unknown: string,
  answered: string,
): T {
  if (!request) throw new SimulatorError('unknown', unknown);
  if (request.resultCode !== undefined) throw new SimulatorError('answered', answered);
  return request;
}

/** The body Daraja posts to a QueueTimeOutURL. */
export function queueTimeout(originatorConversationId: string, conversationId: string): TDarajaResult {
  return {
    Result: {
      ResultType: 0,
      ResultCode: QUEUE_TIMEOUT,
      ResultDesc: 'The request timed out in the queue and was not processed.',
      OriginatorConversationID: originatorConversationId,
      ConversationID: conversationId,
    },
  };
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Ten characters, a letter first, like 'TKL3X8QW2P'. */
function receiptNumber(): string {
  let text = RECEIPT_ALPHABET.charAt(randomInt(0, 26));
  for (let index = 1; index < 10; index += 1)
    text += RECEIPT_ALPHABET.charAt(randomInt(0, RECEIPT_ALPHABET.length));
  return text;
}

/** The callback URL's last segment is a secret: keep it out of logs. */
export function redactToken(url: string): string {
  return url.replace(/\/[^/]+$/, '/[token]');
}

/**
 * A money movement M-Pesa completed now, under a new receipt (returned): what Reversal and
 * Transaction Status find.
 */
export function completeTransaction(
  context: AnswerContext,
  entry: Omit<SimulatedTransaction, 'receipt' | 'completedAt' | 'reversedBy' | 'reverses'> & {
    reverses?: string;
  },
): string {
  const receipt = receiptNumber();
  context.transactions.set(receipt, {
    reverses: undefined,
    receipt,
    ...entry,
    completedAt: context.now(),
    reversedBy: undefined,
  });
  return receipt;
}
