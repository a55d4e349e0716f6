import { cancelPolicy, reschedulePolicy } from '@d3/shared/bookings/booking-policies';
import {
  BOOKING_MESSAGES,
  type TBooking,
  type TBookingStatus,
  type TBookingType,
  type TCancelBookingRequest,
  type TRescheduleBookingRequest,
  type TRescheduleOptionsResponse,
} from '@d3/shared/bookings/booking-schemas';
import { addDays, bookingEnd, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { mainBranchId } from '@d3/shared/catalogue/branch-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { assertStaff, type Bookable, capacityOf, loadBookable, resolveBranch } from './bookable.js';
import {
  bookingEventPayload as eventPayload,
  type PendingBookingEvent,
  publishBookingEvents,
} from './booking-events.js';
import { ownedBooking } from './booking-reads.js';
import { assertSlotFree, computeDay, parseStart, startTimeError } from './booking-slots.js';
import { bookingViews } from './booking-view.js';
import * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';

// What a customer changes on a booking: cancel, reschedule (and the options to reschedule to).

export const RESCHEDULE_OPTION_DAYS = 7;

/** A customer-side cancellation's changes: a paid access fee is refunded whenever a cancellation is
 * allowed (docs/decisions.md, issue 15), and an unpaid hold ends with it. */
export function cancellation(booking: repository.BookingRow, reason: string, now: Date) {
  return {
    status: 'cancelled',
    cancelReason: reason,
    refundRequested: booking.accessFeePaid,
    cancelledAt: now,
    holdExpiresAt: null,
    updatedAt: now,
  } as const;
}

export async function cancelBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  id: string,
  body: TCancelBookingRequest,
  now = new Date(),
): Promise<TBooking> {
  const context = await ownedBooking(db, userId, id);
  const events = await db.transaction(async (tx) => {
    const booking = (await repository.lockBooking(tx, id))!;
    const decision = cancelPolicy(
      {
        status: booking.status,
        startTime: booking.startTime,
        bookingType: booking.bookingType,
        minCancellationHours: context.minCancellationHours,
      },
      now,
    );
    if (!decision.allowed) throw new AppError('CANCELLATION_NOT_ALLOWED', BOOKING_MESSAGES.cancelNotAllowed);
    const reason = body.reason || 'Cancelled by customer';
    const updated = await repository.updateBooking(tx, id, cancellation(booking, reason, now));
    await repository.insertEvents(tx, [
      { bookingId: id, type: 'cancelled', actor: 'customer', detail: reason, createdAt: now },
    ]);
    return [
      { name: 'booking.cancelled', payload: eventPayload(updated, 'cancelled', 'customer', now, reason) },
    ] as PendingBookingEvent[];
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}

/** An unpaid offer booking whose hold lapsed no longer has a slot to move. */
function holdLapsed(booking: repository.BookingRow, now: Date): boolean {
  return (
    !booking.accessFeePaid &&
    booking.holdExpiresAt !== null &&
    booking.holdExpiresAt.getTime() <= now.getTime()
  );
}

async function bookableOf(db: repository.Executor, booking: repository.BookingRow): Promise<Bookable> {
  const type = booking.bookingType as TBookingType;
  if (type === 'quote') {
    throw new AppError('RESCHEDULE_NOT_ALLOWED', BOOKING_MESSAGES.quoteRescheduleNotAllowed);
  }
  const entityId = type === 'offer' ? booking.offerId : booking.serviceId;
  if (!entityId) {
    throw new AppError(
      'RESCHEDULE_NOT_ALLOWED',
      `The booked ${type} no longer exists, so this booking cannot be rescheduled.`,
    );
  }
  return loadBookable(db, type, entityId);
}

async function branchOf(db: repository.Executor, bookable: Bookable, booking: repository.BookingRow) {
  return resolveBranch(db, bookable.store, booking.branchId ?? mainBranchId(booking.storeId));
}

export async function rescheduleOptions(
  db: Db,
  userId: string,
  id: string,
  now = new Date(),
): Promise<TRescheduleOptionsResponse['options']> {
  const { booking } = await ownedBooking(db, userId, id);
  const decision = reschedulePolicy(booking, now);
  if (!decision.allowed || holdLapsed(booking, now) || booking.bookingType === 'quote') return [];
  const bookable = await bookableOf(db, booking);
  const branch = await branchOf(db, bookable, booking);
  const capacity = await capacityOf(db, bookable, branch);
  const today = nairobiDateKey(now);
  const options: TRescheduleOptionsResponse['options'] = [];
  for (let offset = 0; offset < RESCHEDULE_OPTION_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const day = await computeDay(db, date, {
      bookable,
      branch,
      capacity,
      staffId: booking.staffId ?? undefined,
      excludeBookingId: booking.id,
      now,
    });
    const slots = day.slots
      .filter((slot) => slot.available > 0 && slot.start.getTime() !== booking.startTime.getTime())
      .map(({ time, startTime }) => ({ time, startTime }));
    if (slots.length) options.push({ date, slots });
  }
  return options;
}

export async function rescheduleBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  id: string,
  body: TRescheduleBookingRequest,
  now = new Date(),
): Promise<TBooking> {
  const { booking: current } = await ownedBooking(db, userId, id);
  const start = parseStart(body.newStartTime, 'newStartTime', now);
  const bookable = await bookableOf(db, current);
  const branch = await branchOf(db, bookable, current);
  const staffId = body.newStaffId ?? current.staffId ?? undefined;
  if (body.newStaffId) await assertStaff(db, bookable.store, branch, body.newStaffId);
  const capacity = await capacityOf(db, bookable, branch);

  const events = await db.transaction(async (tx) => {
    // Row first, then the cells of the new interval (the order every booking writer uses).
    const booking = (await repository.lockBooking(tx, id))!;
    await capacityRepository.lockSlots(tx, {
      resource: bookable.resource,
      branchId: branch.dbId,
      staffId: staffId ?? null,
      from: start,
      to: bookingEnd(start, bookable.durationMinutes),
    });
    if (!reschedulePolicy(booking, now).allowed || holdLapsed(booking, now)) {
      throw new AppError('RESCHEDULE_NOT_ALLOWED', BOOKING_MESSAGES.rescheduleNotAllowed);
    }
    if (booking.startTime.getTime() === start.getTime() && (staffId ?? null) === booking.staffId) {
      throw startTimeError('Please choose a time different from the current booking.', 'newStartTime');
    }
    const { end } = await assertSlotFree(
      tx,
      start,
      { bookable, branch, capacity, staffId, excludeBookingId: id, now },
      'newStartTime',
    );
    const detail = `From ${booking.startTime.toISOString()}${body.reason ? `: ${body.reason}` : ''}`;
    const updated = await repository.updateBooking(tx, id, {
      startTime: start,
      endTime: end,
      staffId: staffId ?? null,
      rescheduleCount: booking.rescheduleCount + 1,
      updatedAt: now,
    });
    await repository.insertEvents(tx, [
      { bookingId: id, type: 'rescheduled', actor: 'customer', detail, createdAt: now },
    ]);
    return [
      {
        name: 'booking.rescheduled',
        payload: eventPayload(updated, updated.status as TBookingStatus, 'customer', now, detail),
      },
    ] as PendingBookingEvent[];
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}
