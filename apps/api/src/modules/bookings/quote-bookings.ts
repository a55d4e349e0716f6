import { BOOKING_MESSAGES, type TQuoteBookRequest } from '@d3/shared/bookings/booking-schemas';
import type { TSlotsResponse } from '@d3/shared/bookings/booking-slot-schemas';
import { bookingEnd } from '@d3/shared/bookings/slot-rules';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { type Bookable, bookableBranches, capacityOf, resolveBranch } from './bookable.js';
import {
  bookingEventPayload as eventPayload,
  type PendingBookingEvent,
  publishBookingEvents,
} from './booking-events.js';
import { assertSlotFree, parseStart, slotsOf } from './booking-slots.js';
import { bookingViews } from './booking-view.js';
import * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';
import { type CreateBookingResult, clientContact } from './create-booking.js';

// Quote bookings (issue 12; decision "Booking an accepted quote")

/**
 * An accepted service-request quote as the service-requests module checked it (its owner, its
 * accepted state) and hands it over: the quoting store and the minutes the visit holds.
 */
export interface QuoteBookingInfo {
  quoteId: string;
  storeId: string;
  durationMinutes: number;
}

/** The quoting store's branch hours, the quote's duration, no access fee, confirmed on booking. */
async function quoteBookable(db: repository.Executor, info: QuoteBookingInfo): Promise<Bookable> {
  const store = await repository.findStore(db, info.storeId);
  if (!store) throw new AppError('QUOTE_NOT_FOUND', BOOKING_MESSAGES.quoteNotFound);
  return {
    type: 'quote',
    offer: null,
    service: null,
    store,
    durationMinutes: info.durationMinutes,
    accessFee: 0,
    autoConfirm: true,
    resource: { serviceId: null, offerId: null },
  };
}

export async function quoteSlots(
  db: Db,
  info: QuoteBookingInfo,
  request: { date: string; branchId?: string | undefined },
  now = new Date(),
): Promise<TSlotsResponse> {
  return slotsOf(db, await quoteBookable(db, info), request, now);
}

export async function quoteBranches(db: Db, info: QuoteBookingInfo) {
  const bookable = await quoteBookable(db, info);
  const branches = await bookableBranches(db, bookable.store);
  const branch = branches.find((candidate) => candidate.isMainBranch) ?? branches[0]!;
  return { branches, branch };
}

/** The live booking already made from a quote (the wizard links to it), or null. */
export function liveQuoteBookingId(db: Db, quoteId: string): Promise<string | null> {
  return repository.liveQuoteBooking(db, quoteId);
}

function isLiveQuoteConflict(error: unknown): boolean {
  return uniqueViolation(error)?.includes('bookings_live_quote_key') ?? false;
}

/**
 * Books an accepted quote at its store: a slot of the branch hours, the quote's duration, no
 * access fee, confirmed at once (the store offered the work). One live booking per quote: the
 * partial unique index answers a second (or a racing) one with 409 QUOTE_ALREADY_BOOKED.
 */
export async function createQuoteBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  info: QuoteBookingInfo,
  body: TQuoteBookRequest,
  now = new Date(),
): Promise<CreateBookingResult> {
  const start = parseStart(body.startTime, 'startTime', now);
  if (await repository.liveQuoteBooking(db, info.quoteId)) {
    throw new AppError('QUOTE_ALREADY_BOOKED', BOOKING_MESSAGES.quoteAlreadyBooked);
  }
  const bookable = await quoteBookable(db, info);
  const branch = await resolveBranch(db, bookable.store, body.branchId);
  const capacity = await capacityOf(db, bookable, branch);
  const contact = await clientContact(db, userId, body.clientInfo);
  let created: { row: repository.BookingRow; events: PendingBookingEvent[] };
  try {
    created = await db.transaction(async (tx) => {
      await capacityRepository.lockSlots(tx, {
        resource: { serviceId: null, offerId: info.quoteId },
        branchId: branch.dbId,
        staffId: null,
        from: start,
        to: bookingEnd(start, bookable.durationMinutes),
      });
      const { end } = await assertSlotFree(tx, start, { bookable, branch, capacity, now }, 'startTime');
      const row = await repository.insertBooking(tx, {
        userId,
        storeId: bookable.store.id,
        branchId: branch.dbId,
        staffId: null,
        offerId: null,
        serviceId: null,
        quoteId: info.quoteId,
        bookingType: 'quote',
        status: 'confirmed',
        startTime: start,
        endTime: end,
        accessFee: '0.00',
        accessFeePaid: false,
        holdExpiresAt: null,
        notes: body.notes || null,
        specialRequests: body.specialRequests || null,
        ...contact,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await repository.insertEvents(tx, [
        { bookingId: row.id, type: 'created', actor: 'customer', detail: 'Accepted quote', createdAt: now },
        { bookingId: row.id, type: 'confirmed', actor: 'system', detail: 'Quote accepted', createdAt: now },
      ]);
      const events: PendingBookingEvent[] = [
        { name: 'booking.created', payload: eventPayload(row, 'confirmed', 'customer', now) },
        {
          name: 'booking.confirmed',
          payload: eventPayload(row, 'confirmed', 'system', now, 'Quote accepted'),
        },
      ];
      return { row, events };
    });
  } catch (error) {
    if (isLiveQuoteConflict(error)) {
      throw new AppError('QUOTE_ALREADY_BOOKED', BOOKING_MESSAGES.quoteAlreadyBooked);
    }
    throw error;
  }
  publishBookingEvents(bus, created.events);
  const [booking] = await bookingViews(db, [created.row.id], now);
  return { booking: booking!, paymentRequired: false, message: BOOKING_MESSAGES.created };
}
