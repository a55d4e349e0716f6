import { PAYMENT_MESSAGES } from '@d3/shared/payments/payments-schemas';
import { and, eq } from 'drizzle-orm';
import type { StkQueryResult } from '../../adapters/mpesa/daraja-client.js';
import { callbackMetadata, RELEASING_RESULT_CODES, ZStkCallback } from '../../adapters/mpesa/daraja-wire.js';
import { payments } from '../../db/schema/payments.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { armJobs } from '../../jobs/job-queue.js';
import {
  type Executor,
  lockBookingAndSlot,
  type PendingBookingEvent,
  publishBookingEvents,
  releaseUnpaidBooking,
  settleAccessFee,
} from '../bookings/booking-settlement.js';
import { markPaymentChecking } from './money-repository.js';
import { HOLD_EXTENSION_MS, type PaymentRow, type PaymentsContext } from './payments-context.js';
import * as splits from './splits-repository.js';

/**
 * How a payment ends (API-CONTRACT decisions 7 and 8): Daraja's callback, the reconciliation job's
 * STK query, and the settlement both end in (booking row, then payment row, in one transaction).
 */

/**
 * A payment still pending this long after its push (no callback, the query gives no final
 * answer) has timed out: the customer's own waiting screen gives up after the same 5 minutes.
 */
const PENDING_PAYMENT_TIMEOUT_MS = HOLD_EXTENSION_MS;

/** A final answer about a payment, from a callback, an STK query or Transaction Status. */
export type Outcome =
  | { kind: 'completed'; receipt: string | null; paidAmount: number; resultDesc: string }
  | { kind: 'failed'; resultCode: number | null; resultDesc: string; release: string | undefined }
  /** Paid less than the fee: recorded, not paid, the booking keeps its hold. */
  | { kind: 'underpaid'; receipt: string | null; paidAmount: number; resultDesc: string };

/**
 * Daraja's callback (after the token check). Idempotent on CheckoutRequestID and on
 * MpesaReceiptNumber; a success is confirmed with an STK query before the fee counts as paid.
 */
export async function handleStkCallback(
  ctx: PaymentsContext,
  body: unknown,
  now = new Date(),
): Promise<void> {
  const parsed = ZStkCallback.safeParse(body);
  if (!parsed.success) {
    ctx.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'M-Pesa callback ignored: unreadable body');
    return;
  }
  const callback = parsed.data.Body.stkCallback;
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutRequestId, callback.CheckoutRequestID));
  if (!payment) {
    // Unknown, or its push is still being saved: the reconciliation job queries it later.
    ctx.log.warn({ checkoutRequestId: callback.CheckoutRequestID }, 'M-Pesa callback for an unknown request');
    return;
  }
  if (payment.status === 'completed') return;

  if (callback.ResultCode !== 0) {
    if (payment.status !== 'pending') return;
    await settlePayment(ctx, payment, failure(callback.ResultCode, callback.ResultDesc), now, {
      callback: true,
    });
    return;
  }

  const meta = callbackMetadata(parsed.data);
  const receipt = meta.mpesaReceiptNumber ?? null;
  if (receipt) {
    const [seen] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.mpesaReceiptNumber, receipt));
    // The same receipt again is a duplicate, unless it is this payment's own unconfirmed
    // success (recorded when the query could not confirm it): then try confirming again.
    if (seen && (seen.id !== payment.id || payment.status !== 'pending')) return;
  }
  const paidAmount = meta.amount ?? payment.amount;
  if (paidAmount < payment.amount) {
    if (payment.status !== 'pending') return;
    await settlePayment(
      ctx,
      payment,
      {
        kind: 'underpaid',
        receipt,
        paidAmount,
        resultDesc: PAYMENT_MESSAGES.paidTooLittle(paidAmount, payment.amount),
      },
      now,
      { callback: true },
    );
    return;
  }

  const confirmation = await queryStk(ctx, payment.checkoutRequestId!);
  if (confirmation?.status === 'completed') {
    await settlePayment(
      ctx,
      payment,
      { kind: 'completed', receipt, paidAmount, resultDesc: callback.ResultDesc },
      now,
      { callback: true },
    );
  } else if (confirmation?.status === 'failed') {
    // Daraja's own record says it did not go through: the callback is not believed.
    ctx.log.warn({ paymentId: payment.id }, 'M-Pesa success callback contradicted by the STK query');
    if (payment.status === 'pending') {
      await settlePayment(ctx, payment, failure(confirmation.resultCode, confirmation.resultDesc), now, {
        callback: true,
      });
    }
  } else if (payment.status === 'pending') {
    // Not confirmable now: keep what the callback said; the reconciliation job confirms it.
    await ctx.db
      .update(payments)
      .set({ mpesaReceiptNumber: receipt, paidAmount, callbackReceivedAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .catch((error: unknown) => {
        if (uniqueViolation(error) === undefined) throw error;
      });
  }
}

/**
 * The reconciliation job's (and the status checks') step for one payment left pending: ask
 * Daraja, settle on a final answer. Past its deadline without one it is handed to the status
 * checks ('Checking with M-Pesa'), never failed on the time-out while the money may have moved
 * (issue 34) — unless the push itself never reached Daraja.
 */
export async function reconcilePayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
  now: Date,
): Promise<'completed' | 'failed' | 'pending'> {
  const answer = payment.checkoutRequestId ? await queryStk(ctx, payment.checkoutRequestId) : undefined;
  if (answer?.status === 'completed') {
    const settled = await settlePayment(
      ctx,
      payment,
      {
        kind: 'completed',
        receipt: payment.mpesaReceiptNumber,
        paidAmount: payment.paidAmount ?? payment.amount,
        resultDesc: answer.resultDesc,
      },
      now,
    );
    return settled ? 'completed' : 'pending';
  }
  if (answer?.status === 'failed') {
    const settled = await settlePayment(ctx, payment, failure(answer.resultCode, answer.resultDesc), now);
    return settled ? 'failed' : 'pending';
  }
  if (now.getTime() - payment.createdAt.getTime() < PENDING_PAYMENT_TIMEOUT_MS) return 'pending';
  if (payment.checkoutRequestId) {
    await markPaymentChecking(ctx.db, payment.id, now);
    return 'pending';
  }
  // The push itself never finished (the process stopped mid-push): nothing reached the phone.
  const settled = await settlePayment(
    ctx,
    payment,
    { kind: 'failed', resultCode: null, resultDesc: PAYMENT_MESSAGES.initiationFailed, release: undefined },
    now,
  );
  return settled ? 'failed' : 'pending';
}

/**
 * Applies a final answer in one transaction (booking row, then payment row, both locked), then
 * publishes the events. False when another callback or job run got there first.
 */
export async function settlePayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
  outcome: Outcome,
  now: Date,
  options: { callback?: boolean } = {},
): Promise<boolean> {
  const bookingEvents: PendingBookingEvent[] = [];
  let updated: PaymentRow | undefined;
  try {
    // Lock order: payment row, then (inside the settlement calls) store lock and booking row.
    // Nothing takes a payment row lock while holding those, so this cannot deadlock.
    updated = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (!current || current.status === 'completed') return undefined;
      if (current.status === 'failed') {
        // Only a confirmed success may overturn a failure (money that arrived after a time-out),
        // and not the receipt the failure already recorded.
        if (outcome.kind !== 'completed') return undefined;
        if (outcome.receipt && current.mpesaReceiptNumber === outcome.receipt) return undefined;
      }
      const callbackAt = { ...(options.callback ? { callbackReceivedAt: now } : {}), checkingSince: null };
      let row: PaymentRow | undefined;
      if (outcome.kind === 'failed') {
        [row] = await tx
          .update(payments)
          .set({
            status: 'failed',
            resultCode: outcome.resultCode,
            resultDesc: outcome.resultDesc,
            updatedAt: now,
            ...callbackAt,
          })
          .where(eq(payments.id, current.id))
          .returning();
        if (current.shareId) {
          // A friend's share failed or was declined: it waits for someone to pay it, at no cost
          // to anyone, and the group's places stay held (issue 34).
          await releaseShare(tx, current, outcome.resultCode === DECLINED, now);
        } else if (outcome.release) {
          const released = await releaseUnpaidBooking(tx, current.bookingId, outcome.release, now);
          bookingEvents.push(...released.events);
        }
      } else {
        [row] = await tx
          .update(payments)
          .set({
            status: outcome.kind === 'completed' ? 'completed' : 'failed',
            resultCode: 0,
            resultDesc: outcome.resultDesc,
            mpesaReceiptNumber: outcome.receipt ?? current.mpesaReceiptNumber,
            paidAmount: outcome.paidAmount,
            ...(outcome.kind === 'completed' ? { completedAt: now } : {}),
            updatedAt: now,
            ...callbackAt,
          })
          .where(eq(payments.id, current.id))
          .returning();
        if (outcome.kind === 'completed' && current.shareId) {
          bookingEvents.push(...(await settleShare(tx, current, now)));
        } else if (outcome.kind === 'completed') {
          const settled = await settleAccessFee(tx, current.bookingId, now);
          bookingEvents.push(...settled.events);
        } else if (current.shareId) {
          await releaseShare(tx, current, false, now);
        }
      }
      return row;
    });
  } catch (error) {
    // The receipt is already on another payment: that one holds the money.
    if (uniqueViolation(error) !== undefined) {
      ctx.log.warn({ paymentId: payment.id }, 'M-Pesa receipt already recorded on another payment');
      return false;
    }
    throw error;
  }
  if (!updated) return false;
  publishPayment(ctx, updated, now);
  publishBookingEvents(ctx.events, bookingEvents);
  return true;
}

async function queryStk(
  ctx: PaymentsContext,
  checkoutRequestId: string,
): Promise<StkQueryResult | undefined> {
  try {
    return await ctx.mpesa.gateway.stkQuery(checkoutRequestId);
  } catch (error) {
    ctx.log.warn({ err: error, checkoutRequestId }, 'M-Pesa STK query failed');
    return undefined;
  }
}

export function publishPayment(ctx: PaymentsContext, payment: PaymentRow, at: Date): void {
  if (payment.status !== 'completed' && payment.status !== 'failed') return;
  ctx.events.publish(payment.status === 'completed' ? 'payment.completed' : 'payment.failed', {
    paymentId: payment.id,
    bookingId: payment.bookingId,
    userId: payment.userId,
    amount: payment.amount,
    status: payment.status,
    at,
  });
}

/** Daraja's ResultCode when the customer cancels the prompt. */
const DECLINED = 1032;

export const SPLIT_VOUCHER_JOB = 'split_voucher';

/**
 * A share's payment completed (inside the settlement's transaction): the share is paid; when it
 * was the last one the booking is settled as any paid booking is (confirmed, its hold cleared) and
 * the vouchers job armed. A share already paid, or a booking already cancelled, leaves the payment
 * to the refunds (the sweep finds it). Returns the booking events to publish.
 */
async function settleShare(tx: Executor, payment: PaymentRow, now: Date): Promise<PendingBookingEvent[]> {
  const booking = await lockBookingAndSlot(tx, payment.bookingId);
  const share = await splits.lockShare(tx, payment.shareId!);
  if (!booking || !share || share.status === 'paid') return [];
  await splits.updateShare(tx, share.id, {
    status: 'paid',
    paymentId: payment.id,
    paidAt: now,
    updatedAt: now,
  });
  if (booking.status === 'cancelled' || booking.status === 'completed') return [];
  const unpaid = (await splits.sharesOf(tx, share.splitId)).filter((other) => other.status !== 'paid');
  if (unpaid.length > 0) return [];
  const settled = await settleAccessFee(tx, booking.id, now);
  if (settled.status !== 'cancelled') {
    await splits.updateSplit(tx, share.splitId, { status: 'paid', closedAt: now, updatedAt: now });
    await armJobs(tx, [
      {
        key: `${SPLIT_VOUCHER_JOB}:${share.splitId}`,
        kind: SPLIT_VOUCHER_JOB,
        runAt: now,
        payload: { splitId: share.splitId },
      },
    ]);
  }
  return settled.events;
}

/**
 * A share's prompt failed: the share is open again (unless paid meanwhile). Declined: its number
 * is forgotten too, so the link offers the share to whoever comes next.
 */
export async function releaseShare(
  tx: Executor,
  payment: PaymentRow,
  declined: boolean,
  now: Date,
): Promise<void> {
  const share = await splits.lockShare(tx, payment.shareId!);
  if (share?.status !== 'pending') return;
  const other = await splits.pendingPaymentOfShare(tx, share.id);
  if (other && other.id !== payment.id) return;
  await splits.updateShare(tx, share.id, {
    status: 'open',
    ...(declined && share.position > 0 ? { phoneNumber: null } : {}),
    updatedAt: now,
  });
}

function failure(resultCode: number, resultDesc: string): Outcome {
  return {
    kind: 'failed',
    resultCode,
    resultDesc,
    // 1, 1032, 1037, 2001, 1019 end the attempt for good; other codes (e.g. 1001 "a transaction is
    // already in process") leave the hold, so the customer can try again until it expires.
    release: RELEASING_RESULT_CODES.has(resultCode) ? `Payment failed: ${resultDesc}` : undefined,
  };
}
