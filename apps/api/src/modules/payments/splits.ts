import { randomBytes } from 'node:crypto';
import { maskPhone } from '@d3/shared/accounts/phone-rules';
import type { TBooking } from '@d3/shared/bookings/booking-schemas';
import { parseBookingStartTime } from '@d3/shared/bookings/slot-rules';
import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { bookingWhenText, notificationText, smsText } from '@d3/shared/i18n/server-texts';
import {
  SPLIT_MESSAGES,
  splitShares,
  type TCreateSplitRequest,
  type TPayShareResponse,
  type TSplitView,
  ZCreateSplitRequest,
} from '@d3/shared/payments/split-schemas';
import { toDarajaMsisdn } from '../../adapters/mpesa/daraja-wire.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import { phoneLocale } from '../accounts/accounts-service.js';
import { publishBookingEvents, releaseUnpaidBooking } from '../bookings/booking-settlement.js';
import { bookingForNotification, createBooking } from '../bookings/bookings-service.js';
import type { PaymentsContext } from './payments-context.js';
import { pushSharePayment } from './share-push.js';
import * as repository from './splits-repository.js';

/**
 * Split the access fee between friends (issue 34; docs/decisions/0603-split-with-friends.md). The
 * organiser books N places of one slot (the same hold rules and limits as any offer booking) and
 * pays their own share; each friend gets an STK push for theirs — named by number, or through the
 * share link — and the organiser's share absorbs the rounding. Every share paid: the booking is
 * confirmed and each payer gets the voucher by SMS. The hold lapses first: the places are released
 * and every share already paid is refunded automatically (refunds.ts).
 */

const RELEASED = 'Split not created: cancelled';

/**
 * `POST /payments/splits`: books the N places, records the split and sends the prompts (the
 * organiser's own and one per named friend). A prompt Daraja refuses or cannot take leaves its
 * share open (the organiser sends it again, or the link takes it); the split stands.
 */
export async function createSplit(
  ctx: PaymentsContext,
  userId: string,
  body: TCreateSplitRequest,
  link: (token: string) => string,
  now = new Date(),
) {
  const input = ZCreateSplitRequest.parse(body);
  const own = toDarajaMsisdn(input.phoneNumber);
  if (!own) throw phoneError('phoneNumber');
  const friends = input.friends.map((friend, index) => {
    const phone = toDarajaMsisdn(friend.phoneNumber);
    if (!phone) throw phoneError(`friends.${index}.phoneNumber`);
    return phone;
  });
  if (friends.length > input.partySize - 1) {
    throw new AppError('VALIDATION_ERROR', SPLIT_MESSAGES.tooManyFriends, {
      friends: SPLIT_MESSAGES.tooManyFriends,
    });
  }
  if (new Set([own, ...friends]).size !== friends.length + 1) {
    throw new AppError('VALIDATION_ERROR', SPLIT_MESSAGES.sameNumber, {
      friends: SPLIT_MESSAGES.sameNumber,
    });
  }
  // One open split per organiser per slot: refused before any places are taken (the unique
  // index decides between two racing requests).
  const start = parseBookingStartTime(input.startTime);
  if (start && (await repository.openSplitOf(ctx.db, userId, input.offerId, start))) {
    throw new AppError('SPLIT_ALREADY_OPEN');
  }

  const created = await createBooking(
    ctx.db,
    ctx.events,
    userId,
    {
      offerId: input.offerId,
      startTime: input.startTime,
      branchId: input.branchId,
      staffId: input.staffId,
      notes: input.notes,
      bookingType: 'offer',
    },
    'offer',
    now,
    { partySize: input.partySize, holdMs: ctx.splitHoldMs },
  );
  const booking = created.booking;
  const total = mpesaAmount(booking.accessFee);
  if (!created.paymentRequired || total <= 0) {
    await releasePlaces(ctx, booking.id, now);
    throw new AppError('SPLIT_NOT_ALLOWED');
  }

  let split: repository.SplitRow;
  let shares: repository.ShareRow[];
  try {
    ({ split, shares } = await ctx.db.transaction(async (tx) => {
      const row = await repository.insertSplit(tx, {
        bookingId: booking.id,
        organiserId: userId,
        token: randomBytes(24).toString('base64url'),
        partySize: input.partySize,
        totalAmount: total,
        offerId: input.offerId,
        startTime: new Date(booking.startTime),
        createdAt: now,
        updatedAt: now,
      });
      const amounts = splitShares(total, input.partySize);
      const phones = [own, ...friends];
      const rows = await repository.insertShares(
        tx,
        amounts.map((amount, position) => ({
          splitId: row.id,
          position,
          amount,
          phoneNumber: phones[position] ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      );
      return { split: row, shares: rows };
    }));
  } catch (error) {
    // The organiser already has an open split of this slot: the places just taken go back.
    await releasePlaces(ctx, booking.id, now);
    if (uniqueViolation(error) === 'payment_splits_open_slot_key') throw new AppError('SPLIT_ALREADY_OPEN');
    throw error;
  }

  for (const share of shares.filter((row) => row.phoneNumber)) {
    await promptShare(ctx, share, userId, now);
    if (share.position > 0) await inviteFriend(ctx, share, booking, link(split.token), split.organiserId);
  }
  return splitView(ctx, split, booking, { organiser: true });
}

/** `GET /payments/splits/{id}`: the organiser's view, live (who has paid). */
export async function splitForOrganiser(
  ctx: PaymentsContext,
  userId: string,
  splitId: string,
  now = new Date(),
): Promise<TSplitView> {
  const split = await repository.findSplit(ctx.db, splitId);
  if (!split) throw new AppError('SPLIT_NOT_FOUND');
  if (split.organiserId !== userId) throw new AppError('FORBIDDEN');
  return splitView(ctx, split, await bookingOfSplit(ctx, split, now), { organiser: true });
}

/** `GET /payments/splits/link/{token}`: what a friend with the link sees. */
export async function splitByLink(
  ctx: PaymentsContext,
  token: string,
  now = new Date(),
): Promise<TSplitView> {
  const split = await splitOfToken(ctx, token);
  return splitView(ctx, split, await bookingOfSplit(ctx, split, now), { organiser: false });
}

/** `POST /payments/splits/{id}/shares/{position}/push`: the organiser sends a share's prompt (again). */
export async function pushShareByOrganiser(
  ctx: PaymentsContext,
  userId: string,
  splitId: string,
  position: number,
  phoneNumber: string | undefined,
  now = new Date(),
) {
  const split = await repository.findSplit(ctx.db, splitId);
  if (!split) throw new AppError('SPLIT_NOT_FOUND');
  if (split.organiserId !== userId) throw new AppError('FORBIDDEN');
  const share = (await repository.sharesOf(ctx.db, split.id)).find((row) => row.position === position);
  if (!share) throw new AppError('NOT_FOUND');
  const phone = phoneNumber ?? (share.phoneNumber ? `+${share.phoneNumber}` : undefined);
  if (!phone) throw phoneError('phoneNumber');
  return pushAndAnswer(ctx, share, phone, userId, now);
}

/**
 * `POST /payments/splits/link/{token}/pay`: a friend pays through the link — the share already
 * named with their number, else the first share nobody has taken (a share taken meanwhile by
 * someone else is skipped).
 */
export async function payShareByLink(
  ctx: PaymentsContext,
  token: string,
  phoneNumber: string,
  now = new Date(),
): Promise<TPayShareResponse> {
  const split = await splitOfToken(ctx, token);
  const phone = toDarajaMsisdn(phoneNumber);
  if (!phone) throw phoneError('phoneNumber');
  const shares = (await repository.sharesOf(ctx.db, split.id)).filter((share) => share.position > 0);
  const mine = shares.find((share) => share.phoneNumber === phone);
  if (mine?.status === 'paid') throw new AppError('PAYMENT_NOT_ALLOWED', 'You have already paid your share.');
  const candidates = mine ? [mine] : shares.filter((share) => share.status === 'open' && !share.phoneNumber);
  if (!candidates.length) throw new AppError('SPLIT_FULLY_CLAIMED');
  for (const share of candidates) {
    try {
      return await pushAndAnswer(ctx, share, phone, null, now);
    } catch (error) {
      // Another friend took this share a moment ago: the next open one.
      if (!mine && error instanceof AppError && error.code === 'CONFLICT') continue;
      throw error;
    }
  }
  throw new AppError('SPLIT_FULLY_CLAIMED');
}

/** The vouchers job: every payer of a split now paid gets the booking's voucher by SMS. */
export async function sendSplitVouchers(
  ctx: PaymentsContext,
  splitId: string,
  now = new Date(),
): Promise<void> {
  const split = await repository.findSplit(ctx.db, splitId);
  if (split?.status !== 'paid') return;
  const booking = await bookingOfSplit(ctx, split, now);
  for (const share of await repository.sharesOf(ctx.db, split.id)) {
    if (!share.phoneNumber) continue;
    const locale = await phoneLocale(ctx.db, share.phoneNumber, split.organiserId);
    const text = smsText(locale, 'splitVoucher', {
      what: booking.Offer?.title ?? notificationText(locale, 'anOffer'),
      store: booking.Store.name,
      when: bookingWhenText(booking.startTime, locale, ','),
      party: split.partySize,
      voucher: booking.voucherCode,
    });
    await ctx.sms.send(`+${share.phoneNumber}`, text);
  }
}

async function promptShare(
  ctx: PaymentsContext,
  share: repository.ShareRow,
  userId: string,
  now: Date,
): Promise<void> {
  try {
    await pushSharePayment(
      ctx,
      { shareId: share.id, phone: `+${share.phoneNumber}`, requesterId: userId, holdMs: ctx.splitHoldMs },
      now,
    );
  } catch (error) {
    ctx.log.warn({ err: error, shareId: share.id }, 'split prompt not sent');
  }
}

async function inviteFriend(
  ctx: PaymentsContext,
  share: repository.ShareRow,
  booking: TBooking,
  link: string,
  organiserId: string | null,
): Promise<void> {
  try {
    const locale = await phoneLocale(ctx.db, share.phoneNumber ?? '', organiserId);
    const text = smsText(locale, 'splitInvite', {
      what: booking.Offer?.title ?? notificationText(locale, 'anOffer'),
      store: booking.Store.name,
      when: bookingWhenText(booking.startTime, locale, ','),
      amount: share.amount,
      link,
    });
    await ctx.sms.send(`+${share.phoneNumber}`, text);
  } catch (error) {
    ctx.log.warn({ err: error, shareId: share.id }, 'split invitation SMS not sent');
  }
}

async function releasePlaces(ctx: PaymentsContext, bookingId: string, now: Date): Promise<void> {
  const outcome = await ctx.db.transaction((tx) => releaseUnpaidBooking(tx, bookingId, RELEASED, now));
  publishBookingEvents(ctx.events, outcome.events);
}

async function splitOfToken(ctx: PaymentsContext, token: string): Promise<repository.SplitRow> {
  const split = /^[\w-]{20,64}$/.test(token) ? await repository.findSplitByToken(ctx.db, token) : undefined;
  if (!split) throw new AppError('SPLIT_NOT_FOUND');
  return split;
}

async function bookingOfSplit(
  ctx: PaymentsContext,
  split: repository.SplitRow,
  now: Date,
): Promise<TBooking> {
  const booking = await bookingForNotification(ctx.db, split.bookingId, now);
  if (!booking) throw new AppError('SPLIT_NOT_FOUND');
  return booking;
}

/** Sends a share's prompt (the organiser's, or a friend's through the link) and answers with it. */
async function pushAndAnswer(
  ctx: PaymentsContext,
  share: repository.ShareRow,
  phone: string,
  requesterId: string | null,
  now: Date,
): Promise<TPayShareResponse> {
  const pushed = await pushSharePayment(
    ctx,
    { shareId: share.id, phone, requesterId, holdMs: ctx.splitHoldMs },
    now,
  );
  return {
    success: true,
    message: pushed.message,
    share: { position: share.position, amount: share.amount },
    payment: {
      id: pushed.payment.id,
      status: pushed.payment.status,
      checkoutRequestId: pushed.payment.checkoutRequestId,
    },
  };
}

async function splitView(
  ctx: PaymentsContext,
  split: repository.SplitRow,
  booking: TBooking,
  options: { organiser: boolean },
): Promise<TSplitView> {
  const shares = await repository.sharesOf(ctx.db, split.id);
  const refunds = await repository.refundsOfPayments(
    ctx.db,
    shares.flatMap((share) => (share.paymentId ? [share.paymentId] : [])),
  );
  const status =
    split.status === 'open' && booking.status === 'cancelled'
      ? booking.cancelReason === 'Payment not completed in time'
        ? 'lapsed'
        : 'cancelled'
      : split.status;
  return {
    id: split.id,
    status: status as TSplitView['status'],
    partySize: split.partySize,
    totalAmount: split.totalAmount,
    paidAmount: shares
      .filter((share) => share.status === 'paid')
      .reduce((sum, share) => sum + share.amount, 0),
    holdExpiresAt: status === 'open' ? booking.holdExpiresAt : null,
    token: options.organiser ? split.token : null,
    booking: {
      id: booking.id,
      status: booking.status,
      startTime: booking.startTime,
      offerTitle: booking.Offer?.title ?? null,
      storeName: booking.Store.name,
      voucherCode: status === 'paid' ? booking.voucherCode : null,
    },
    shares: shares.map((share) => {
      const refund = share.paymentId ? refunds.get(share.paymentId) : undefined;
      // A paid share of a split that closed unpaid goes back (the money job makes its refund, a
      // completed payment of a cancelled booking); until the job has run it is already on its way.
      const goingBack = refund !== undefined || status === 'lapsed' || status === 'cancelled';
      return {
        position: share.position,
        amount: share.amount,
        status:
          share.status === 'paid' && goingBack
            ? refund?.status === 'completed'
              ? 'refunded'
              : 'refund_pending'
            : (share.status as 'open' | 'pending' | 'paid'),
        phoneNumber: share.phoneNumber ? maskPhone(`+${share.phoneNumber}`) : null,
        isOrganiser: share.position === 0,
        refundReceipt: refund?.status === 'completed' ? refund.receipt : null,
      };
    }),
  };
}

function phoneError(field: string): AppError {
  return new AppError('VALIDATION_ERROR', SPLIT_MESSAGES.invalidPhone, {
    [field]: SPLIT_MESSAGES.invalidPhone,
  });
}

/** 'Sat 6 Dec, 09:00' in Nairobi, for the SMS. */
