import { DarajaError } from '../../adapters/mpesa/daraja-client.js';
import {
  ALREADY_REVERSED_CODE,
  type DarajaResult,
  resultParameter,
} from '../../adapters/mpesa/daraja-wire.js';
import { backoffMs } from '../../jobs/job-queue.js';
import * as money from './money-repository.js';
import type { PaymentsContext } from './payments-context.js';

/**
 * Refunds paid automatically (issue 34; docs/decisions/0600-refunds-reversal-then-b2c.md).
 *
 * A refund is first a Reversal of the original receipt (Daraja gives the whole payment back to the
 * number that paid; a second reversal of the same receipt is refused with R000001, so repeating
 * one can never pay twice). When Daraja refuses the reversal for good, it is paid by B2C to that
 * number — and a B2C payment, which nothing on Daraja's side stops from paying twice, is sent
 * again only after its first one is known not to have paid (a failure result, or Transaction
 * Status finding nothing once its deadline passed). With no automatic way left the refund fails
 * with a support reference.
 */

export const REFUND_JOB = 'refund';
export const refundJobKey = (refundId: string) => `${REFUND_JOB}:${refundId}`;
/** Daraja's smallest B2C payment (KES): a smaller refund that cannot be reversed goes to support. */
export const B2C_MINIMUM_KES = 10;
/** B2C payments tried per refund before support takes over. */
export const MAX_B2C_ATTEMPTS = 3;
/** Reversals sent per refund while Daraja cannot be reached (repeating one is safe). */
export const MAX_REVERSAL_ATTEMPTS = 6;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;
const REMARKS = 'D3 Deals access fee refund';

/** 'RF-' and the first 8 hex digits of the refund's (random) id, upper case: what the customer quotes. */
export function supportReference(refundId: string): string {
  return `RF-${refundId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

type Plan =
  | { kind: 'final' }
  | { kind: 'wait'; until: Date }
  | { kind: 'submit'; refund: money.RefundRow; request: money.MpesaRequestRow }
  | { kind: 'failed'; refund: money.RefundRow };

/** What to do next for a refund with no request under way. */
type Next =
  | { kind: 'send'; method: 'reversal' | 'b2c' }
  | { kind: 'later'; until: Date }
  | { kind: 'give_up'; why: string };

/**
 * One step of a refund's job: sends its next request when none is under way. Answers when the
 * job should look again (undefined: the refund is final).
 */
export async function advanceRefund(
  ctx: PaymentsContext,
  refundId: string,
  now: Date,
): Promise<Date | undefined> {
  // A synchronous refusal moves on to the next way at once (reversal refused → B2C).
  for (let step = 0; step < MAX_REVERSAL_ATTEMPTS + MAX_B2C_ATTEMPTS; step++) {
    const plan = await planRefund(ctx, refundId, now);
    if (plan.kind === 'final') return undefined;
    if (plan.kind === 'wait') return plan.until;
    if (plan.kind === 'failed') {
      publishRefund(ctx, plan.refund, now);
      return undefined;
    }
    const sent = await submitRefundRequest(ctx, plan.refund, plan.request, now);
    if (sent !== 'refused') return sent;
  }
  return new Date(now.getTime() + RETRY_MAX_MS);
}

async function planRefund(ctx: PaymentsContext, refundId: string, now: Date): Promise<Plan> {
  return ctx.db.transaction(async (tx): Promise<Plan> => {
    const refund = await money.lockRefund(tx, refundId);
    if (!refund || refund.status === 'completed' || refund.status === 'failed') return { kind: 'final' };
    const history = await money.requestsOfRefund(tx, refundId);
    const open = history.find((request) => isOpen(request));
    // The status checks ask about a request whose result is overdue; until then, wait for it.
    if (open) {
      return {
        kind: 'wait',
        until: new Date(Math.max(now.getTime(), open.createdAt.getTime() + ctx.deadlineMs)),
      };
    }
    const next = nextStep(refund, history, now);
    if (next.kind === 'later') return { kind: 'wait', until: next.until };
    if (next.kind === 'give_up') {
      ctx.log.warn({ refundId, why: next.why }, 'refund handed to support');
      const failed = await money.updateRefund(tx, refundId, {
        status: 'failed',
        supportReference: supportReference(refundId),
        resultDesc: next.why,
        checkingSince: null,
        updatedAt: now,
      });
      return { kind: 'failed', refund: failed! };
    }
    const request = await money.insertRequest(tx, {
      kind: next.method,
      refundId,
      amount: refund.amount,
      status: 'sending',
      createdAt: now,
    });
    const updated = await money.updateRefund(tx, refundId, {
      status: 'processing',
      method: next.method,
      updatedAt: now,
    });
    return { kind: 'submit', refund: updated!, request };
  });
}

/** Sends the committed request; 'refused' when Daraja refused it at once (the next way is due). */
async function submitRefundRequest(
  ctx: PaymentsContext,
  refund: money.RefundRow,
  request: money.MpesaRequestRow,
  now: Date,
): Promise<Date | 'refused'> {
  const { gateway } = ctx.mpesa;
  const urls = { resultUrl: ctx.resultUrl(request.id), timeoutUrl: ctx.timeoutUrl(request.id) };
  try {
    const accepted =
      request.kind === 'reversal'
        ? await gateway.reversal({
            receipt: refund.originalReceipt!,
            amount: refund.amount,
            remarks: REMARKS,
            occasion: `Refund ${supportReference(refund.id)}`,
            ...urls,
          })
        : await gateway.b2cPayment({
            originatorConversationId: request.id,
            amount: refund.amount,
            phoneNumber: refund.phoneNumber!,
            remarks: REMARKS,
            occasion: `Refund ${supportReference(refund.id)}`,
            ...urls,
          });
    await money.markAccepted(ctx.db, request.id, accepted);
    return new Date(now.getTime() + ctx.deadlineMs);
  } catch (error) {
    const refused = error instanceof DarajaError && error.kind === 'rejected';
    ctx.log.warn({ err: error, refundId: refund.id, requestId: request.id }, 'refund request not accepted');
    if (refused || request.kind === 'reversal') {
      // A refusal is final for this request. An unreachable Daraja may still have taken a
      // reversal; sending another later is safe (R000001), so it fails now with no result code.
      await money.settleRequest(ctx.db, request.id, {
        status: 'failed',
        resultCode: refused ? 'refused' : null,
        resultDesc: (error as Error).message.slice(0, 300),
        settledAt: now,
      });
      return refused ? 'refused' : new Date(now.getTime() + backoffMs(1, RETRY_BASE_MS, RETRY_MAX_MS));
    }
    // A B2C payment that may have reached Daraja stays 'sending': only Transaction Status,
    // after its deadline, may say it did not pay.
    return new Date(now.getTime() + ctx.deadlineMs);
  }
}

/**
 * Daraja's result for a refund's reversal or B2C payment. Idempotent: a request already settled
 * is left as it is, whatever is replayed.
 */
export async function applyRefundResult(
  ctx: PaymentsContext,
  requestId: string,
  result: DarajaResult,
  now: Date,
): Promise<'completed' | 'failed' | 'ignored'> {
  const success = result.ResultCode === '0';
  const alreadyReversed = result.ResultCode === ALREADY_REVERSED_CODE;
  const outcome = await ctx.db.transaction(async (tx) => {
    const request = await money.lockRequest(tx, requestId);
    if (!request || (request.kind !== 'reversal' && request.kind !== 'b2c') || !request.refundId)
      return undefined;
    if (request.conversationId && request.conversationId !== result.ConversationID) return undefined;
    if (request.status === 'completed') return undefined;
    if (request.status === 'failed' && request.resultCode !== null) return undefined;
    if (!(success || (alreadyReversed && request.kind === 'reversal'))) {
      if (request.status === 'failed') return undefined;
      await money.settleRequest(tx, request.id, {
        status: 'failed',
        resultCode: result.ResultCode,
        resultDesc: result.ResultDesc.slice(0, 300),
        conversationId: result.ConversationID,
        settledAt: now,
      });
      return { kind: 'failed' as const, refundId: request.refundId };
    }
    const receipt = success
      ? ((request.kind === 'b2c' ? resultParameter(result, 'TransactionReceipt') : undefined) ??
        result.TransactionID ??
        null)
      : null;
    await money.settleRequest(tx, request.id, {
      status: 'completed',
      resultCode: result.ResultCode,
      resultDesc: result.ResultDesc.slice(0, 300),
      receipt,
      answer: alreadyReversed ? 'already reversed' : null,
      conversationId: result.ConversationID,
      settledAt: now,
    });
    const refund = await completeRefund(ctx, tx, request, receipt, now);
    return { kind: 'completed' as const, refund };
  });
  if (!outcome) return 'ignored';
  if (outcome.kind === 'failed') {
    await ctx.wakeRefund(outcome.refundId);
    return 'failed';
  }
  if (outcome.refund) publishRefund(ctx, outcome.refund, now);
  return 'completed';
}

/**
 * What Transaction Status found about an overdue refund request: the money moved (its receipt), or
 * it did not (asked after the deadline) — the request failed with no result code, so a reversal
 * may be sent again and a B2C payment counts as one attempt.
 */
export async function resolveRefundRequest(
  ctx: PaymentsContext,
  requestId: string,
  found: { moved: true; receipt: string | null } | { moved: false },
  now: Date,
): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const request = await money.lockRequest(tx, requestId);
    if (!request?.refundId || !isOpen(request)) return undefined;
    if (!found.moved) {
      await money.settleRequest(tx, request.id, {
        status: 'failed',
        resultCode: null,
        resultDesc: 'M-Pesa has no record of it (Transaction Status)',
        answer: 'not found',
        settledAt: now,
      });
      return { refundId: request.refundId, refund: undefined };
    }
    await money.settleRequest(tx, request.id, {
      status: 'completed',
      resultCode: '0',
      resultDesc: 'Completed (Transaction Status)',
      receipt: found.receipt,
      answer: 'Completed',
      settledAt: now,
    });
    return { refundId: request.refundId, refund: await completeRefund(ctx, tx, request, found.receipt, now) };
  });
  if (!outcome) return;
  if (outcome.refund) publishRefund(ctx, outcome.refund, now);
  else await ctx.wakeRefund(outcome.refundId);
}

/** Daraja's queue time-out for a refund request: nothing is concluded; Transaction Status is asked. */
export async function refundRequestTimedOut(
  ctx: PaymentsContext,
  requestId: string,
  conversationId: string,
  now: Date,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const request = await money.lockRequest(tx, requestId);
    if (!request || (request.status !== 'sending' && request.status !== 'accepted')) return false;
    if (request.conversationId && request.conversationId !== conversationId) return false;
    await money.settleRequest(tx, request.id, { status: 'timed_out', settledAt: now });
    if (request.refundId)
      await money.updateRefund(tx, request.refundId, { checkingSince: now, updatedAt: now });
    return true;
  });
}

/** Marks the refund paid (once: a second payout of one refund is logged loudly, never hidden). */
async function completeRefund(
  ctx: PaymentsContext,
  tx: money.Executor,
  request: money.MpesaRequestRow,
  receipt: string | null,
  now: Date,
): Promise<money.RefundRow | undefined> {
  const refund = await money.lockRefund(tx, request.refundId!);
  if (!refund) return undefined;
  if (refund.status === 'completed') {
    ctx.log.error(
      { refundId: refund.id, requestId: request.id },
      'a second payout of an already completed refund',
    );
    return undefined;
  }
  // An account erased while its refund was in flight: the number was kept to pay it, and goes now.
  const payment = await money.findPayment(tx, refund.paymentId);
  return money.updateRefund(tx, refund.id, {
    status: 'completed',
    ...(payment && payment.phoneNumber === null ? { phoneNumber: null } : {}),
    method: request.kind as 'reversal' | 'b2c',
    receipt,
    resultCode: '0',
    resultDesc: null,
    checkingSince: null,
    completedAt: now,
    updatedAt: now,
  });
}

function publishRefund(ctx: PaymentsContext, refund: money.RefundRow, at: Date): void {
  if (refund.status !== 'completed' && refund.status !== 'failed') return;
  ctx.events.publish(refund.status === 'completed' ? 'refund.completed' : 'refund.failed', {
    refundId: refund.id,
    bookingId: refund.bookingId,
    userId: refund.userId,
    phoneNumber: refund.phoneNumber,
    amount: refund.amount,
    status: refund.status,
    receipt: refund.receipt,
    supportReference: refund.supportReference,
    at,
  });
}

function isOpen(request: money.MpesaRequestRow): boolean {
  return (money.OPEN_REQUEST_STATES as readonly string[]).includes(request.status);
}

/**
 * The next way to pay a refund with no request under way: reverse the receipt until Daraja refuses
 * it (a failure with a result code; a failure without one — unreachable, or no record — may be
 * repeated), then B2C to the paying number, each repetition after a back-off.
 */
function nextStep(refund: money.RefundRow, history: money.MpesaRequestRow[], now: Date): Next {
  const reversals = history.filter((request) => request.kind === 'reversal');
  const payouts = history.filter((request) => request.kind === 'b2c');
  const refused = reversals.some((request) => request.status === 'failed' && request.resultCode !== null);
  const after = (tries: money.MpesaRequestRow[]): Next | undefined => {
    const last = tries.at(-1);
    if (!last) return undefined;
    const until = new Date(
      (last.settledAt ?? last.createdAt).getTime() + backoffMs(tries.length, RETRY_BASE_MS, RETRY_MAX_MS),
    );
    return until.getTime() > now.getTime() ? { kind: 'later', until } : undefined;
  };
  if (refund.originalReceipt && !refused && payouts.length === 0) {
    if (reversals.length >= MAX_REVERSAL_ATTEMPTS)
      return { kind: 'give_up', why: 'M-Pesa could not be reached to reverse the payment' };
    return after(reversals) ?? { kind: 'send', method: 'reversal' };
  }
  if (!refund.phoneNumber) return { kind: 'give_up', why: 'No number to pay the refund to' };
  if (refund.amount < B2C_MINIMUM_KES) {
    return { kind: 'give_up', why: `The reversal was refused and B2C pays at least KES ${B2C_MINIMUM_KES}` };
  }
  if (payouts.length >= MAX_B2C_ATTEMPTS)
    return { kind: 'give_up', why: 'M-Pesa refused the refund payments' };
  return after(payouts) ?? { kind: 'send', method: 'b2c' };
}
