import { createHash, timingSafeEqual } from 'node:crypto';
import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import {
  PAYMENT_MESSAGES,
  type TCreateMpesaPaymentRequest,
  type TCreateMpesaPaymentResponse,
  type TPaymentStatusResponse,
} from '@d3/shared/payments/payments-schemas';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import { DarajaError, type StkQueryResult } from '../../adapters/mpesa/daraja-client.js';
import {
  callbackMetadata,
  RELEASING_RESULT_CODES,
  toDarajaMsisdn,
  ZStkCallback,
} from '../../adapters/mpesa/daraja-wire.js';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/payments.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { armJobs } from '../../jobs/job-queue.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import {
  type Executor,
  extendBookingHold,
  findBooking,
  lockBookingAndSlot,
  type PendingBookingEvent,
  publishBookingEvents,
  releaseUnpaidBooking,
  settleAccessFee,
} from '../bookings/booking-settlement.js';
import { blankErasedRefundPhones, markPaymentChecking } from './money-repository.js';
import * as splits from './splits-repository.js';

export type PaymentRow = typeof payments.$inferSelect;
export { parseLedgerInstant } from '@d3/shared/payments/payments-schemas';
/** The operator's ledger (issue 34), for the API and `npm run ledger`. */
export { formatLedger, ledgerReport } from './ledger.js';

/** A push extends the booking's hold to at least this long from now. */
/**
 * Right to erasure, inside the engagement module's delete-account transaction (after the bookings
 * module has blanked the customer's payments): completed refunds and the customer's split shares
 * keep no phone number. A refund still in flight keeps its number until it lands (B2C pays to it).
 */
export async function eraseCustomerPayments(tx: Executor, userId: string): Promise<void> {
  await blankErasedRefundPhones(tx);
  await splits.blankSharePhonesOf(tx, userId);
}

export const HOLD_EXTENSION_MS = 5 * 60_000;
/**
 * A payment still pending this long after its push (no callback, the query gives no final
 * answer) has timed out: the customer's own waiting screen gives up after the same 5 minutes.
 */
const PENDING_PAYMENT_TIMEOUT_MS = HOLD_EXTENSION_MS;
/**
 * STK pushes to a number other than the account's verified phone: at most this many per
 * customer per rolling hour (issue 14: prompt spam to strangers' phones).
 */
export const OTHER_PHONE_PUSHES_PER_HOUR = 3;
const HOUR_MS = 3_600_000;
/** How long a request waits for a concurrent identical request's push to finish. */
const IN_FLIGHT_WAIT_MS = 20_000;

export const CALLBACK_PATH = '/api/v1/payments/mpesa/callback';
/** Where Daraja posts the result / queue time-out of our Reversal, B2C refund and status requests. */
export const RESULT_PATH = '/api/v1/payments/mpesa/result';
export const TIMEOUT_PATH = '/api/v1/payments/mpesa/timeout';

export interface PaymentsServiceDeps {
  db: Db;
  events: EventBus;
  mpesa: MpesaSetup;
  callbackToken: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

/** A final answer about a payment, from a callback, an STK query or Transaction Status. */
export type Outcome =
  | { kind: 'completed'; receipt: string | null; paidAmount: number; resultDesc: string }
  | { kind: 'failed'; resultCode: number | null; resultDesc: string; release: string | undefined }
  /** Paid less than the fee: recorded, not paid, the booking keeps its hold. */
  | { kind: 'underpaid'; receipt: string | null; paidAmount: number; resultDesc: string };

/**
 * M-Pesa payments of booking access fees (API-CONTRACT decisions 7 and 8): the push, the
 * callback, the status the site polls, and the settlement both the callback and the
 * reconciliation job end in.
 */
export class PaymentsService {
  readonly #tokenDigest: Buffer;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.#tokenDigest = digest(deps.callbackToken);
  }

  /** `POST /payments/mpesa`: one STK push per booking at a time, replayable by Idempotency-Key. */
  async initiate(
    userId: string,
    input: TCreateMpesaPaymentRequest,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<TCreateMpesaPaymentResponse> {
    const phone = toDarajaMsisdn(input.phoneNumber)!;
    const verified = await customerVerifiedPhone(this.deps.db, userId);
    const ownPhone = (verified && toDarajaMsisdn(verified)) || null;
    let claim: { replay: PaymentRow } | { push: PaymentRow };
    try {
      claim = await this.deps.db.transaction((tx) =>
        this.#claim(tx, userId, input, phone, ownPhone, idempotencyKey, now),
      );
    } catch (error) {
      // The same key raced in for another booking (different row locks): replay what won.
      if (!idempotencyKey || uniqueViolation(error) === undefined) throw error;
      const [existing] = await this.deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
      if (!existing) throw error;
      if (existing.bookingId !== input.bookingId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      claim = { replay: existing };
    }
    if ('replay' in claim) return this.#replay(claim.replay);
    return this.#push(claim.push, input.bookingId);
  }

  async #claim(
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

  async #push(payment: PaymentRow, bookingId: string): Promise<TCreateMpesaPaymentResponse> {
    let accepted: { merchantRequestId: string; checkoutRequestId: string };
    try {
      accepted = await this.deps.mpesa.gateway.stkPush({
        amount: payment.amount,
        phoneNumber: payment.phoneNumber!,
        callbackUrl: `${this.deps.mpesa.callbackOrigin()}${CALLBACK_PATH}/${this.deps.callbackToken}`,
        accountReference: `BK${bookingId.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
        transactionDesc: 'Access fee',
      });
    } catch (error) {
      this.deps.log.warn({ err: error, paymentId: payment.id }, 'M-Pesa STK push failed');
      const failedAt = new Date();
      await this.deps.db.transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ status: 'failed', resultDesc: PAYMENT_MESSAGES.initiationFailed, updatedAt: failedAt })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
        if (payment.shareId) await releaseShare(tx, payment, false, failedAt);
      });
      this.#publishPayment({ ...payment, status: 'failed' }, failedAt);
      throw initiationError(error);
    }
    const [saved] = await this.deps.db
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
  async #replay(payment: PaymentRow): Promise<TCreateMpesaPaymentResponse> {
    let current = payment;
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    while (current.status === 'pending' && !current.checkoutRequestId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await this.deps.db.select().from(payments).where(eq(payments.id, current.id));
      if (!row) break;
      current = row;
    }
    // The first push never reached M-Pesa: the first answer was that error.
    if (current.status === 'failed' && !current.checkoutRequestId) {
      throw new AppError('PAYMENT_INITIATION_FAILED');
    }
    return created(current);
  }

  /**
   * An STK push for one share of a split (issue 34): `shareId`'s amount to `phone`, sent by the
   * organiser (`requesterId`) or through the share link (null). The group's hold is extended as
   * any push extends it; the per-number limit (3 prompts an hour to a number not the requester's
   * own) and a cap per split stop a link or an organiser from spamming strangers' phones.
   */
  async pushShare(
    input: { shareId: string; phone: string; requesterId: string | null; holdMs: number },
    now = new Date(),
  ): Promise<TCreateMpesaPaymentResponse> {
    const phone = toDarajaMsisdn(input.phone);
    if (!phone)
      throw new AppError('VALIDATION_ERROR', PAYMENT_MESSAGES.invalidPhone, {
        phoneNumber: PAYMENT_MESSAGES.invalidPhone,
      });
    const verified = input.requesterId ? await customerVerifiedPhone(this.deps.db, input.requesterId) : null;
    const ownPhone = (verified && toDarajaMsisdn(verified)) || null;
    const claim = await this.deps.db.transaction(
      async (tx): Promise<{ replay: PaymentRow } | { push: PaymentRow }> => {
        const found = await splits.findShare(tx, input.shareId);
        const split = found && (await splits.findSplit(tx, found.splitId));
        if (!found || !split) throw new AppError('SPLIT_NOT_FOUND');
        // The order every booking writer uses: booking row, its slot's cells, then the share.
        const booking = await lockBookingAndSlot(tx, split.bookingId);
        const share = await splits.lockShare(tx, input.shareId);
        if (!booking || !share) throw new AppError('SPLIT_NOT_FOUND');
        if (split.status !== 'open' || booking.status === 'cancelled' || booking.accessFeePaid) {
          throw new AppError('SPLIT_CLOSED');
        }
        if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new AppError('SPLIT_CLOSED');
        if (share.status === 'paid') throw new AppError('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.alreadyPaid);
        const pending = await splits.pendingPaymentOfShare(tx, share.id);
        if (pending) {
          if (pending.phoneNumber === phone) return { replay: pending };
          throw new AppError('CONFLICT', SHARE_PROMPT_OUT);
        }
        if (phone !== ownPhone) await assertSplitPushAllowed(tx, phone, now);
        if ((await splits.countSplitPushes(tx, split.id)) >= SPLIT_PUSHES_PER_PLACE * split.partySize) {
          throw new AppError('SPLIT_PUSH_LIMIT');
        }
        const [payment] = await tx
          .insert(payments)
          .values({
            bookingId: booking.id,
            // The organiser's own share is theirs; a friend's is the friend's (no account here), so
            // its refund tells the friend's number, not the organiser's account.
            userId: share.position === 0 ? split.organiserId : null,
            amount: share.amount,
            phoneNumber: phone,
            status: 'pending',
            shareId: share.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await splits.updateShare(tx, share.id, { status: 'pending', phoneNumber: phone, updatedAt: now });
        const holdUntil = new Date(now.getTime() + Math.min(HOLD_EXTENSION_MS, input.holdMs));
        if (!booking.holdExpiresAt || booking.holdExpiresAt < holdUntil) {
          await extendBookingHold(tx, booking.id, holdUntil, now);
        }
        return { push: payment! };
      },
    );
    if ('replay' in claim) return this.#replay(claim.replay);
    return this.#push(claim.push, claim.push.bookingId);
  }

  /** `GET /payments/{id}/status`, for the payment's own customer only. */
  async status(userId: string, paymentId: string): Promise<TPaymentStatusResponse> {
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.id, paymentId));
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

  /** Constant-time comparison of the callback URL's secret path token. */
  callbackTokenMatches(token: string): boolean {
    return timingSafeEqual(digest(token), this.#tokenDigest);
  }

  /**
   * Daraja's callback (after the token check). Idempotent on CheckoutRequestID and on
   * MpesaReceiptNumber; a success is confirmed with an STK query before the fee counts as paid.
   */
  async handleCallback(body: unknown, now = new Date()): Promise<void> {
    const parsed = ZStkCallback.safeParse(body);
    if (!parsed.success) {
      this.deps.log.warn(
        { issues: parsed.error.issues.slice(0, 3) },
        'M-Pesa callback ignored: unreadable body',
      );
      return;
    }
    const callback = parsed.data.Body.stkCallback;
    const [payment] = await this.deps.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutRequestId, callback.CheckoutRequestID));
    if (!payment) {
      // Unknown, or its push is still being saved: the reconciliation job queries it later.
      this.deps.log.warn(
        { checkoutRequestId: callback.CheckoutRequestID },
        'M-Pesa callback for an unknown request',
      );
      return;
    }
    if (payment.status === 'completed') return;

    if (callback.ResultCode !== 0) {
      if (payment.status !== 'pending') return;
      await this.settle(payment, failure(callback.ResultCode, callback.ResultDesc), now, { callback: true });
      return;
    }

    const meta = callbackMetadata(parsed.data);
    const receipt = meta.mpesaReceiptNumber ?? null;
    if (receipt) {
      const [seen] = await this.deps.db
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
      await this.settle(
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

    const confirmation = await this.#query(payment.checkoutRequestId!);
    if (confirmation?.status === 'completed') {
      await this.settle(
        payment,
        { kind: 'completed', receipt, paidAmount, resultDesc: callback.ResultDesc },
        now,
        { callback: true },
      );
    } else if (confirmation?.status === 'failed') {
      // Daraja's own record says it did not go through: the callback is not believed.
      this.deps.log.warn({ paymentId: payment.id }, 'M-Pesa success callback contradicted by the STK query');
      if (payment.status === 'pending') {
        await this.settle(payment, failure(confirmation.resultCode, confirmation.resultDesc), now, {
          callback: true,
        });
      }
    } else if (payment.status === 'pending') {
      // Not confirmable now: keep what the callback said; the reconciliation job confirms it.
      await this.deps.db
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
  async reconcile(payment: PaymentRow, now: Date): Promise<'completed' | 'failed' | 'pending'> {
    const answer = payment.checkoutRequestId ? await this.#query(payment.checkoutRequestId) : undefined;
    if (answer?.status === 'completed') {
      const settled = await this.settle(
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
      const settled = await this.settle(payment, failure(answer.resultCode, answer.resultDesc), now);
      return settled ? 'failed' : 'pending';
    }
    if (now.getTime() - payment.createdAt.getTime() < PENDING_PAYMENT_TIMEOUT_MS) return 'pending';
    if (payment.checkoutRequestId) {
      await markPaymentChecking(this.deps.db, payment.id, now);
      return 'pending';
    }
    // The push itself never finished (the process stopped mid-push): nothing reached the phone.
    const settled = await this.settle(
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
  async settle(
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
      updated = await this.deps.db.transaction(async (tx) => {
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
        this.deps.log.warn({ paymentId: payment.id }, 'M-Pesa receipt already recorded on another payment');
        return false;
      }
      throw error;
    }
    if (!updated) return false;
    this.#publishPayment(updated, now);
    publishBookingEvents(this.deps.events, bookingEvents);
    return true;
  }

  async #query(checkoutRequestId: string): Promise<StkQueryResult | undefined> {
    try {
      return await this.deps.mpesa.gateway.stkQuery(checkoutRequestId);
    } catch (error) {
      this.deps.log.warn({ err: error, checkoutRequestId }, 'M-Pesa STK query failed');
      return undefined;
    }
  }

  #publishPayment(payment: PaymentRow, at: Date): void {
    if (payment.status !== 'completed' && payment.status !== 'failed') return;
    this.deps.events.publish(payment.status === 'completed' ? 'payment.completed' : 'payment.failed', {
      paymentId: payment.id,
      bookingId: payment.bookingId,
      userId: payment.userId,
      amount: payment.amount,
      status: payment.status,
      at,
    });
  }
}

/** Daraja's ResultCode when the customer cancels the prompt. */
const DECLINED = 1032;
/** Prompts a split may send per place, in all (issue 34: the link cannot prompt without end). */
const SPLIT_PUSHES_PER_PLACE = 3;
const SHARE_PROMPT_OUT =
  'A payment prompt for this share is already on its way. Wait a minute and try again.';
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
async function releaseShare(tx: Executor, payment: PaymentRow, declined: boolean, now: Date): Promise<void> {
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

/**
 * Prompts for split shares to one number: at most 3 in a rolling hour, counted under a lock on the
 * number so parallel requests cannot all pass (the same limit today's pushes to other numbers have).
 */
async function assertSplitPushAllowed(tx: Executor, phone: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stk-number:${phone}`}, 0))`);
  const recent = await splits.splitPushesTo(tx, phone, new Date(now.getTime() - HOUR_MS));
  if (recent.length < OTHER_PHONE_PUSHES_PER_HOUR) return;
  const oldest = recent[recent.length - OTHER_PHONE_PUSHES_PER_HOUR]!;
  const wait = Math.max(1, Math.ceil((oldest.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new AppError('SPLIT_PUSH_LIMIT', undefined, undefined, { 'retry-after': String(wait) });
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

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
