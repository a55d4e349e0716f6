import { bookingTypeOf } from '@d3/shared/bookings/booking-policies';
import {
  BOOKING_MESSAGES,
  type TBooking,
  type TBookingStatus,
  type TBookingType,
  type TCreateBookingRequest,
} from '@d3/shared/bookings/booking-schemas';
import { bookingEnd } from '@d3/shared/bookings/slot-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { assertBookable, assertStaff, capacityOf, loadBookable, resolveBranch } from './bookable.js';
import {
  bookingEventPayload as eventPayload,
  type PendingBookingEvent,
  publishBookingEvents,
} from './booking-events.js';
import { assertSlotFree, parseStart } from './booking-slots.js';
import { bookingViews } from './booking-view.js';
import * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';
import { holdsLiveOffer } from './live-offer-check.js';
import { slotQueueFor, type TReportVerdict } from './slot-queue.js';
import { markWaitBooked } from './waitlist.js';
import { waitsSeen } from './waitlist-holds.js';

// Creating an offer or service booking (issue 6): one create per slot at a time, the hold cap,
// auto-confirm.

/** Unpaid offer bookings one customer may hold at a time (issue 14: slot hoarding). */
export const MAX_UNPAID_HOLDS = 3;

/** How long an unpaid offer booking holds its slot while the M-Pesa payment is made (decision 7). */
export const PAYMENT_HOLD_MINUTES = 15;

/** The booking's contact: what the customer typed in, else their account's name, e-mail and phone. */
export async function clientContact(
  db: Db,
  userId: string,
  typed: TCreateBookingRequest['clientInfo'],
): Promise<Pick<repository.NewBooking, 'clientName' | 'clientEmail' | 'clientPhone'>> {
  const account = await repository.userContact(db, userId);
  const client = typed ?? {};
  return {
    clientName: client.name || (account ? `${account.firstName} ${account.lastName}`.trim() : null),
    clientEmail: client.email || account?.email || null,
    clientPhone: client.phone || account?.phoneNumber || null,
  };
}

export interface CreateBookingResult {
  booking: TBooking;
  message: string;
  paymentRequired: boolean;
}

/**
 * A group's booking (issue 34, the payments module's split between friends): `partySize` places of
 * one slot, the access fee of every place, held for `holdMs` (the usual 15 minutes by default).
 */
export interface GroupBooking {
  partySize: number;
  holdMs?: number;
}

export async function createBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TCreateBookingRequest,
  pathType?: TBookingType,
  now = new Date(),
  group?: GroupBooking,
): Promise<CreateBookingResult> {
  // The path decides when it names a kind; the body's ids decide on the fallback path.
  const type: TBookingType = pathType ?? bookingTypeOf(body);
  const entityId = type === 'offer' ? body.offerId : body.serviceId;
  if (!entityId) {
    const field = type === 'offer' ? 'offerId' : 'serviceId';
    throw new AppError('VALIDATION_ERROR', `${field === 'offerId' ? 'offerId' : 'serviceId'} is required`, {
      [field]: `${field} is required`,
    });
  }
  const start = parseStart(body.startTime, 'startTime', now);
  // Same-slot creates queue in the process; one that comes after the slot filled answers at once.
  // A customer claiming the place held for them from the waitlist (issue 36) does not wait behind,
  // nor take the "full" answer of, the others' creates: the place is theirs. A slot found full while
  // nobody held an offer for it is full for everyone: no need to ask (decision 0811).
  const queue = slotQueueFor(bus);
  const slot = [type, entityId, body.branchId ?? '', body.staffId ?? '', start.getTime()].join('|');
  if (queue.known.isFullForAll(`${slot}|`)) throw new AppError('SLOT_TAKEN');
  const claiming = await holdsLiveOffer(db, userId, start, now);
  return queue.run(
    `${slot}|${claiming ? userId : ''}`,
    (verdict) => createBookingInLine(db, bus, userId, body, { type, entityId, start, now, verdict, group }),
    () => {
      throw new AppError('SLOT_TAKEN');
    },
  );
}

/** The create itself, its turn come: `verdict` tells the slot's queue whether it left the slot full. */
async function createBookingInLine(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TCreateBookingRequest,
  turn: {
    type: TBookingType;
    entityId: string;
    start: Date;
    now: Date;
    verdict: TReportVerdict;
    group: GroupBooking | undefined;
  },
): Promise<CreateBookingResult> {
  const { type, entityId, start, now } = turn;
  const places = turn.group?.partySize ?? 1;
  const holdMs = turn.group?.holdMs ?? PAYMENT_HOLD_MINUTES * 60_000;
  // The contact is read beside the bookable, not after it: each round trip of a rush's winner
  // holds back the creates queued behind it (issue 38). (The embedded database has one connection,
  // so it is read before the transaction, not inside it.)
  const [bookable, contact] = await Promise.all([
    loadBookable(db, type, entityId),
    clientContact(db, userId, body.clientInfo),
  ]);
  assertBookable(bookable, now);
  const branch = await resolveBranch(db, bookable.store, body.branchId);
  if (body.staffId) await assertStaff(db, bookable.store, branch, body.staffId);
  const capacity = await capacityOf(db, bookable, branch);

  const paymentRequired = type === 'offer' && bookable.accessFee > 0;
  const status: TBookingStatus = paymentRequired || !bookable.autoConfirm ? 'pending' : 'confirmed';

  // A group finding fewer places than it needs has not found the slot full (issue 34).
  const slotFull = (error: unknown) => {
    if (error instanceof AppError && error.code === 'SLOT_TAKEN' && places === 1) {
      turn.verdict('full', bookable.store.id, seen.liveOffer);
    }
    throw error;
  };
  // Waitlist holds (issue 36) count against the slot, except this customer's own offered place.
  const seen = waitsSeen();
  const holdsFor = { customerId: userId, seen };
  // No check before the transaction (issue 38): the creates of a rush wait for the slot in this
  // process's queue, not in the database, and a slot that fills answers the rest of its queue at
  // once; the check under the lock decides.

  const { row, events } = await db
    .transaction(async (tx) => {
      if (paymentRequired) {
        // Customer lock first (only here), then the store lock every booking writer takes: two
        // concurrent bookings of one customer cannot both see 2 holds and both make a 4th.
        await capacityRepository.lockCustomerHolds(tx, userId);
        const held = await capacityRepository.countUnpaidHolds(tx, userId, now);
        if (held >= MAX_UNPAID_HOLDS) throw new AppError('TOO_MANY_HELD_BOOKINGS');
      }
      await capacityRepository.lockSlots(tx, {
        resource: bookable.resource,
        branchId: branch.dbId,
        staffId: body.staffId ?? null,
        from: start,
        to: bookingEnd(start, bookable.durationMinutes),
      });
      const { end, available } = await assertSlotFree(
        tx,
        start,
        { bookable, branch, capacity, staffId: body.staffId, now, holdsFor },
        'startTime',
        places,
      ).catch(slotFull);
      const history: repository.NewBookingEvent[] = [
        {
          type: 'created',
          actor: 'customer',
          detail: paymentRequired
            ? 'Awaiting access fee payment'
            : status === 'pending'
              ? 'Awaiting store review'
              : null,
        },
      ];
      if (status === 'confirmed')
        history.push({ type: 'confirmed', actor: 'system', detail: 'Auto-confirmed' });
      const row = await repository.insertNewBooking(
        tx,
        {
          userId,
          storeId: bookable.store.id,
          branchId: branch.dbId,
          staffId: body.staffId ?? null,
          offerId: bookable.offer?.id ?? null,
          serviceId: type === 'service' ? bookable.service!.id : null,
          bookingType: type,
          status,
          startTime: start,
          endTime: end,
          // A group pays the fee of every place (issue 34).
          accessFee: ((Math.round(bookable.accessFee * 100) * places) / 100).toFixed(2),
          accessFeePaid: false,
          partySize: places,
          holdExpiresAt: paymentRequired ? new Date(now.getTime() + holdMs) : null,
          notes: body.notes || null,
          specialRequests: body.specialRequests || null,
          ...contact,
          confirmedAt: status === 'confirmed' ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        history,
      );
      // The customer's place on this slot's waitlist (offered or waiting), if the reads under the
      // lock showed one, is now their booking.
      if (seen.ownStarts.has(start.getTime())) {
        await markWaitBooked(tx, bookable, branch, start, userId, row.id, now);
      }
      const events: PendingBookingEvent[] = [
        { name: 'booking.created', payload: eventPayload(row, status, 'customer', now) },
      ];
      if (status === 'confirmed') {
        events.push({
          name: 'booking.confirmed',
          payload: eventPayload(row, 'confirmed', 'system', now, 'Auto-confirmed'),
        });
      }
      return { row, events, available };
    })
    .then(({ row, events, available }) => {
      // Committed: the creates queued behind this one learn whether it took the slot's last place.
      turn.verdict(available <= places ? 'full' : 'open', bookable.store.id, seen.liveOffer);
      return { row, events };
    });
  publishBookingEvents(bus, events);

  const [booking] = await bookingViews(db, [row.id], now);
  return {
    booking: booking!,
    paymentRequired,
    message: paymentRequired
      ? BOOKING_MESSAGES.createdPendingPayment
      : status === 'pending'
        ? BOOKING_MESSAGES.createdPendingReview
        : BOOKING_MESSAGES.created,
  };
}
