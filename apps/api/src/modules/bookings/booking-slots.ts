import { BOOKING_MESSAGES, type TBookingType } from '@d3/shared/bookings/booking-schemas';
import type { TSlotsResponse } from '@d3/shared/bookings/booking-slot-schemas';
import {
  daySlots,
  findSlot,
  isStaffBusy,
  nairobiDateKey,
  nairobiDayBounds,
  parseBookingStartTime,
  type SlotRuleResult,
} from '@d3/shared/bookings/slot-rules';
import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import {
  assertBookable,
  assertStaff,
  type Bookable,
  capacityOf,
  loadBookable,
  type ResolvedBranch,
  resolveBranch,
} from './bookable.js';
import type * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';
import { type HoldsView, waitlistHolds } from './waitlist-holds.js';

// Slots: the slot engine fed with a branch's live bookings of a day, and the check a booking writer
// makes under its lock.

export interface DayContext {
  bookable: Bookable;
  branch: ResolvedBranch;
  capacity: number;
  staffId?: string | undefined;
  excludeBookingId?: string | undefined;
  now: Date;
  /** Whose places the waitlist's holds are counted for (issue 36); everyone else's when absent. */
  holdsFor?: HoldsView | undefined;
}

/** The slot engine fed with the branch's live bookings of that day. */
export async function computeDay(
  db: repository.Executor,
  date: string,
  context: DayContext,
): Promise<SlotRuleResult> {
  const { start, end } = nairobiDayBounds(date);
  const window = { from: start, to: end, now: context.now, excludeBookingId: context.excludeBookingId };
  // The resource's bookings and its waitlist in one statement; a staff member's in another.
  const [{ booked, waits }, staffBusy] = await Promise.all([
    capacityRepository.liveBookingsAndWaits(
      db,
      context.bookable.store.id,
      context.branch.dbId,
      context.bookable.resource,
      window,
    ),
    context.staffId
      ? capacityRepository.liveStaffBookings(db, context.staffId, window)
      : Promise.resolve(undefined),
  ]);
  const held = waitlistHolds(waits, context, context.holdsFor ?? {});
  const busy = held.length ? [...booked, ...held] : booked;
  const hours = context.branch.view;
  return endAtExpiry(
    context.bookable,
    daySlots({
      date,
      workingDays: hours.workingDays,
      openingTime: hours.openingTime,
      closingTime: hours.closingTime,
      durationMinutes: context.bookable.durationMinutes,
      capacity: context.capacity,
      bookings: busy,
      staffId: context.staffId,
      staffBookings: staffBusy,
      now: context.now,
    }),
  );
}

/** Whether an offer's expiry falls at or before `start`: no slot from then on is offered or booked. */
function startsAfterExpiry(bookable: Bookable, start: Date): boolean {
  return bookable.offer !== null && start.getTime() >= bookable.offer.expirationDate.getTime();
}

/**
 * Issue 15: an offer's day ends at its expiry. Slots starting at or after it are dropped; a day
 * left with none says 'This offer is no longer available.'.
 */
function endAtExpiry(bookable: Bookable, day: SlotRuleResult): SlotRuleResult {
  if (!bookable.offer) return day;
  const slots = day.slots.filter((slot) => !startsAfterExpiry(bookable, slot.start));
  if (slots.length === day.slots.length) return day;
  const availableSlots = slots.filter((slot) => slot.available > 0).map((slot) => slot.time);
  if (slots.length) return { ...day, slots, availableSlots };
  return {
    ...day,
    slots: [],
    availableSlots: [],
    reason: 'offer_expired',
    message: BOOKING_MESSAGES.offerUnavailable,
  };
}

export interface SlotsRequest {
  type: TBookingType;
  id: string;
  date: string;
  branchId?: string | undefined;
  staffId?: string | undefined;
  /** The signed-in customer asking: a waitlist place held for them is theirs to book (issue 36). */
  viewerId?: string | undefined;
}

export async function slotsFor(db: Db, request: SlotsRequest, now = new Date()): Promise<TSlotsResponse> {
  const bookable = await loadBookable(db, request.type, request.id);
  assertBookable(bookable, now);
  return slotsOf(db, bookable, request, now);
}

export async function slotsOf(
  db: Db,
  bookable: Bookable,
  request: Omit<SlotsRequest, 'type' | 'id'>,
  now: Date,
): Promise<TSlotsResponse> {
  const branch = await resolveBranch(db, bookable.store, request.branchId);
  if (request.staffId) await assertStaff(db, bookable.store, branch, request.staffId);
  const capacity = await capacityOf(db, bookable, branch);
  const result = await computeDay(db, request.date, {
    bookable,
    branch,
    capacity,
    staffId: request.staffId,
    now,
    holdsFor: request.viewerId ? { customerId: request.viewerId } : undefined,
  });
  const { store } = bookable;
  return {
    success: true,
    date: request.date,
    availableSlots: result.availableSlots,
    detailedSlots: result.slots.map(({ time, startTime, available, total }) => ({
      time,
      startTime,
      available,
      total,
    })),
    bookingRules: { serviceDuration: result.durationMinutes, maxConcurrentBookings: result.capacity },
    storeInfo: {
      id: store.id,
      name: store.name,
      workingDays: store.workingDays,
      openingTime: store.openingTime,
      closingTime: store.closingTime,
    },
    branchInfo: {
      id: branch.id,
      name: branch.view.name,
      workingDays: branch.view.workingDays,
      openingTime: branch.view.openingTime,
      closingTime: branch.view.closingTime,
    },
    accessFee: bookable.accessFee,
    accessFeeAmount: mpesaAmount(bookable.accessFee),
    ...(result.message ? { message: result.message } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
  };
}

// The start time and the slot it takes

export function startTimeError(message: string, field = 'startTime'): AppError {
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}

export function parseStart(text: string, field: string, now: Date): Date {
  const start = parseBookingStartTime(text);
  if (!start) throw startTimeError(BOOKING_MESSAGES.startTimeInvalid, field);
  if (start.getTime() <= now.getTime()) throw startTimeError(BOOKING_MESSAGES.timeInPast, field);
  return start;
}

/**
 * Inside the caller's transaction, after `lockSlots` on the interval: the start must be one of that day's
 * slots, the chosen staff free and the slot not full (409 otherwise).
 */
export async function assertSlotFree(
  tx: repository.Executor,
  start: Date,
  context: DayContext,
  field: string,
  places = 1,
): Promise<{ end: Date; available: number }> {
  if (startsAfterExpiry(context.bookable, start)) {
    throw new AppError('OFFER_UNAVAILABLE', BOOKING_MESSAGES.offerUnavailable, {
      [field]: BOOKING_MESSAGES.offerUnavailable,
    });
  }
  const date = nairobiDateKey(start);
  const day = await computeDay(tx, date, { ...context, staffId: undefined });
  const found = findSlot(day, start);
  if (!found.slot) {
    if (found.reason === 'no_slots') {
      throw new AppError('SLOT_UNAVAILABLE', day.message ?? BOOKING_MESSAGES.noSlots, {
        [field]: day.message ?? BOOKING_MESSAGES.noSlots,
      });
    }
    throw startTimeError(BOOKING_MESSAGES.notASlot, field);
  }
  const end = found.slot.end;
  if (context.staffId) {
    const staffBookings = await capacityRepository.liveStaffBookings(tx, context.staffId, {
      from: start,
      to: end,
      now: context.now,
      excludeBookingId: context.excludeBookingId,
    });
    if (isStaffBusy(staffBookings, context.staffId, start, end)) throw new AppError('STAFF_TAKEN');
  }
  // A group's booking (issue 34) needs all its places free.
  if (found.slot.available < places) throw new AppError('SLOT_TAKEN');
  return { end, available: found.slot.available };
}
