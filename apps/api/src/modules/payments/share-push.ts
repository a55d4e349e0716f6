import { PAYMENT_MESSAGES, type TCreateMpesaPaymentResponse } from '@d3/shared/payments/payments-schemas';
import { sql } from 'drizzle-orm';
import { toDarajaMsisdn } from '../../adapters/mpesa/daraja-wire.js';
import { payments } from '../../db/schema/payments.js';
import { AppError } from '../../errors/app-error.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import { type Executor, extendBookingHold, lockBookingAndSlot } from '../bookings/booking-settlement.js';
import {
  HOLD_EXTENSION_MS,
  HOUR_MS,
  OTHER_PHONE_PUSHES_PER_HOUR,
  type PaymentRow,
  type PaymentsContext,
} from './payments-context.js';
import { pushToPhone, replayPayment } from './payments-service.js';
import * as splits from './splits-repository.js';

/**
 * An STK push for one share of a split (issue 34; docs/decisions/0603-split-with-friends.md):
 * `shareId`'s amount to `phone`, sent by the organiser (`requesterId`) or through the share link (null). The group's hold is extended as
 * any push extends it; the per-number limit (3 prompts an hour to a number not the requester's
 * own) and a cap per split stop a link or an organiser from spamming strangers' phones.
 */
export async function pushSharePayment(
  ctx: PaymentsContext,
  input: { shareId: string; phone: string; requesterId: string | null; holdMs: number },
  now = new Date(),
): Promise<TCreateMpesaPaymentResponse> {
  const phone = toDarajaMsisdn(input.phone);
  if (!phone)
    throw new AppError('VALIDATION_ERROR', PAYMENT_MESSAGES.invalidPhone, {
      phoneNumber: PAYMENT_MESSAGES.invalidPhone,
    });
  const verified = input.requesterId ? await customerVerifiedPhone(ctx.db, input.requesterId) : null;
  const ownPhone = (verified && toDarajaMsisdn(verified)) || null;
  const claim = await ctx.db.transaction(
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
  if ('replay' in claim) return replayPayment(ctx, claim.replay);
  return pushToPhone(ctx, claim.push, claim.push.bookingId);
}

/** Prompts a split may send per place, in all (issue 34: the link cannot prompt without end). */
const SPLIT_PUSHES_PER_PLACE = 3;

const SHARE_PROMPT_OUT =
  'A payment prompt for this share is already on its way. Wait a minute and try again.';

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
