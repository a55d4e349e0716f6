import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import {
  PAYMENT_MESSAGES,
  type TCreateMpesaPaymentRequest,
  type TCreateMpesaPaymentResponse,
  type TPaymentStatusResponse,
} from '@d3/shared/payments/payments-schemas';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { DarajaError } from '../../adapters/mpesa/daraja-client.js';
import { toDarajaMsisdn } from '../../adapters/mpesa/daraja-wire.js';
import { payments } from '../../db/schema/payments.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import {
  type Executor,
  extendBookingHold,
  findBooking,
  lockBookingAndSlot,
} from '../bookings/booking-settlement.js';
import { blankErasedRefundPhones } from './money-repository.js';
import { publishPayment, releaseShare } from './payment-settlement.js';
import {
  CALLBACK_PATH,
  HOLD_EXTENSION_MS,
  HOUR_MS,
  OTHER_PHONE_PUSHES_PER_HOUR,
  type PaymentRow,
  type PaymentsContext,
} from './payments-context.js';
import * as splits from './splits-repository.js';

export { parseLedgerInstant } from '@d3/shared/payments/payments-schemas';
/** The operator's ledger (issue 34), for the API and `npm run ledger`. */
export { formatLedger, ledgerReport } from './ledger.js';

/**
 * Right to erasure, inside the engagement module's delete-account transaction (after the bookings
 * module has blanked the customer's payments): completed refunds and the customer's split shares
 * keep no phone number. A refund still in flight keeps its number until it lands (B2C pays to it).
 */
export async function eraseCustomerPayments(tx: Executor, userId: string): Promise<void> {
  await blankErasedRefundPhones(tx);
  await splits.blankSharePhonesOf(tx, userId);
}

/** How long a request waits for a concurrent identical request's push to finish. */
const IN_FLIGHT_WAIT_MS = 20_000;

/** `POST /payments/mpesa`: one STK push per booking at a time, replayable by Idempotency-Key. */
export async function initiatePayment(
  ctx: PaymentsContext,
  userId: string,
  input: TCreateMpesaPaymentRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<TCreateMpesaPaymentResponse> {
  const phone = toDarajaMsisdn(input.phoneNumber)!;
  const verified = await customerVerifiedPhone(ctx.db, userId);
  const ownPhone = (verified && toDarajaMsisdn(verified)) || null;
  let claim: { replay: PaymentRow } | { push: PaymentRow };
  try {
    claim = await ctx.db.transaction((tx) =>
      claimPush(ctx, tx, userId, input, phone, ownPhone, idempotencyKey, now),
    );
  } catch (error) {
    // The same key raced in for another booking (different row locks): replay what won.
    if (!idempotencyKey || uniqueViolation(error) === undefined) throw error;
    const [existing] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    if (!existing) throw error;
    if (existing.bookingId !== input.bookingId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    claim = { replay: existing };
  }
  if ('replay' in claim) return replayPayment(ctx, claim.replay);
  return pushToPhone(ctx, claim.push, input.bookingId);
}

async function claimPush(
  ctx: PaymentsContext,
  tx: Executor,
  userId: string,
  input: TCreateMpesaPaymentRequest,
  phone: string,
  ownPhone: string | null,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ replay: PaymentRow } | { push: PaymentRow }> {
  const found = await findBooking(tx, input.bookingId);
  if (!found) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.bookingNotFound);
  if (found.userId !== userId) throw new AppError('FORBIDDEN');
  // The booking row, then its slot's locks (the order every booking writer uses): pushes for
  // one booking are serialised across processes, and extending the hold cannot race a new
  // booking of the same slot.
  const booking = await lockBookingAndSlot(tx, input.bookingId);
  if (!booking) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.bookingNotFound);

  if (idempotencyKey) {
    const [existing] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    if (existing) {
      if (existing.bookingId !== booking.id) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { replay: existing };
    }
  }

  const amount = mpesaAmount(booking.accessFee);
  if (booking.bookingType !== 'offer' || amount <= 0) {
    throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.noFee);
  }
  if (booking.accessFeePaid) throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.alreadyPaid);
  if (booking.status === 'cancelled') throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.cancelled);
  if ((booking.status !== 'pending' && booking.status !== 'confirmed') || booking.startTime <= now) {
    throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.notPayable);
  }
  // A lapsed hold no longer counts against capacity: the slot may be someone else's by now.
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) {
    throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.holdExpired);
  }
  if (input.amount !== undefined && input.amount !== amount) {
    throw new AppError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch(amount), {
      amount: PAYMENT_MESSAGES.amountMismatch(amount),
    });
  }

  // A prompt is already on its way to the customer's phone: answer with it, never push twice.
  const [pending] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (pending) return { replay: pending };
  if (phone !== ownPhone) await assertOtherPhonePushAllowed(tx, userId, ownPhone, now);

  const [payment] = await tx
    .insert(payments)
    .values({
      bookingId: booking.id,
      userId,
      amount,
      phoneNumber: phone,
      status: 'pending',
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const holdUntil = new Date(now.getTime() + HOLD_EXTENSION_MS);
  if (!booking.holdExpiresAt || booking.holdExpiresAt < holdUntil) {
    await extendBookingHold(tx, booking.id, holdUntil, now);
  }
  return { push: payment! };
}

export async function pushToPhone(
  ctx: PaymentsContext,
  payment: PaymentRow,
  bookingId: string,
): Promise<TCreateMpesaPaymentResponse> {
  let accepted: { merchantRequestId: string; checkoutRequestId: string };
  try {
    accepted = await ctx.mpesa.gateway.stkPush({
      amount: payment.amount,
      phoneNumber: payment.phoneNumber!,
      callbackUrl: `${ctx.mpesa.callbackOrigin()}${CALLBACK_PATH}/${ctx.callbackToken}`,
      accountReference: `BK${bookingId.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      transactionDesc: 'Access fee',
    });
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id }, 'M-Pesa STK push failed');
    const failedAt = new Date();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', resultDesc: PAYMENT_MESSAGES.initiationFailed, updatedAt: failedAt })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      if (payment.shareId) await releaseShare(tx, payment, false, failedAt);
    });
    publishPayment(ctx, { ...payment, status: 'failed' }, failedAt);
    throw initiationError(error);
  }
  const [saved] = await ctx.db
    .update(payments)
    .set({
      merchantRequestId: accepted.merchantRequestId,
      checkoutRequestId: accepted.checkoutRequestId,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return created(saved!);
}

/** The first answer again: waits for a concurrent request's push still under way. */
export async function replayPayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
): Promise<TCreateMpesaPaymentResponse> {
  let current = payment;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  while (current.status === 'pending' && !current.checkoutRequestId && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, current.id));
    if (!row) break;
    current = row;
  }
  // The first push never reached M-Pesa: the first answer was that error.
  if (current.status === 'failed' && !current.checkoutRequestId) {
    throw new AppError('PAYMENT_INITIATION_FAILED');
  }
  return created(current);
}

/** `GET /payments/{id}/status`, for the payment's own customer only. */
export async function paymentStatus(
  ctx: PaymentsContext,
  userId: string,
  paymentId: string,
): Promise<TPaymentStatusResponse> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
  if (payment.userId !== userId) throw new AppError('FORBIDDEN', PAYMENT_MESSAGES.notYourPayment);
  return {
    success: true,
    payment: {
      id: payment.id,
      status: payment.status as 'pending' | 'completed' | 'failed',
      amount: payment.amount,
      bookingId: payment.bookingId,
      mpesaReceiptNumber: payment.mpesaReceiptNumber,
      resultDesc: payment.resultDesc,
      checking: payment.status === 'pending' && payment.checkingSince !== null,
    },
  };
}

function created(payment: PaymentRow): TCreateMpesaPaymentResponse {
  return {
    success: true,
    message: PAYMENT_MESSAGES.initiated,
    payment: {
      id: payment.id,
      status: payment.status as 'pending' | 'completed' | 'failed',
      amount: payment.amount,
      checkoutRequestId: payment.checkoutRequestId,
    },
  };
}

/**
 * Inside the claim transaction: pushes of this customer to numbers other than their verified
 * phone in the last hour, counted under a per-customer lock so parallel requests (or processes)
 * cannot all pass at 2. The verified number itself is never limited here.
 */
async function assertOtherPhonePushAllowed(
  tx: Executor,
  userId: string,
  ownPhone: string | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stk-other:${userId}`}, 0))`);
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await tx
    .select({ createdAt: payments.createdAt, phoneNumber: payments.phoneNumber })
    .from(payments)
    .where(and(eq(payments.userId, userId), gt(payments.createdAt, since)))
    .orderBy(payments.createdAt);
  const others = recent.filter((row) => row.phoneNumber !== ownPhone);
  if (others.length < OTHER_PHONE_PUSHES_PER_HOUR) return;
  // The oldest counted push leaves the window first.
  const oldest = others[others.length - OTHER_PHONE_PUSHES_PER_HOUR]!;
  const wait = Math.max(1, Math.ceil((oldest.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new AppError('STK_PUSH_LIMIT', undefined, undefined, { 'retry-after': String(wait) });
}

function initiationError(error: unknown): AppError {
  if (error instanceof DarajaError && error.kind === 'rejected')
    return new AppError('PAYMENT_INITIATION_FAILED');
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
}
