import type { TBookingStatus, TBookingType } from '@d3/shared/bookings/booking-schemas';
import { isStaffBusy, peakOverlap } from '@d3/shared/bookings/slot-rules';
import { mainBranchId } from '@d3/shared/catalogue/branch-rules';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { capacityOf, loadBookable, resolveBranch } from './bookable.js';
import { bookingEventPayload, type PendingBookingEvent, publishBookingEvents } from './booking-events.js';
import type { Executor } from './booking-view.js';
import * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';

/**
 * What the payments module calls, inside its own transaction, when an access-fee payment settles
 * (API-CONTRACT decision 7). Both take the store's booking lock and then the booking row, in the
 * same order as booking creation and reschedule, so a callback, the reconciliation job and a
 * customer's change never interleave on one booking or deadlock each other.
 * Publish `outcome.events` after the transaction commits: `publishBookingEvents(app.events, outcome.events)`.
 */

export { type PendingBookingEvent, publishBookingEvents } from './booking-events.js';
export type { Executor } from './booking-view.js';

export interface SettlementOutcome {
  bookingId: string;
  /** The booking's status after the call (unchanged when nothing was done). */
  status: TBookingStatus;
  /** False when the call found nothing to do (already paid, already cancelled, unknown booking). */
  changed: boolean;
  /** Events to publish after commit. */
  events: PendingBookingEvent[];
}

/**
 * Row lock, then the slot locks of the booking's interval (the order every booking writer uses):
 * a new booking of an overlapping slot waits, bookings of other slots do not.
 */
export async function lockBookingAndSlot(tx: Executor, bookingId: string) {
  const booking = await repository.lockBooking(tx, bookingId);
  if (!booking) return undefined;
  await capacityRepository.lockSlots(tx, await capacityRepository.slotLockTargetOf(tx, booking));
  return booking;
}

const lockForSettlement = lockBookingAndSlot;

/**
 * Is the booking's slot still its own? Yes while its hold runs; once the hold lapsed the slot
 * counted as free, so another booking may have taken it: check capacity and staff again.
 */
async function slotStillHeld(tx: Executor, booking: repository.BookingRow, now: Date): Promise<boolean> {
  if (booking.holdExpiresAt === null || booking.holdExpiresAt.getTime() > now.getTime()) return true;
  const type = booking.bookingType as TBookingType;
  const entityId = type === 'offer' ? booking.offerId : booking.serviceId;
  if (!entityId) return false;
  const bookable = await loadBookable(tx, type, entityId);
  let branch: Awaited<ReturnType<typeof resolveBranch>>;
  try {
    branch = await resolveBranch(tx, bookable.store, booking.branchId ?? mainBranchId(booking.storeId));
  } catch {
    return false;
  }
  const window = { from: booking.startTime, to: booking.endTime, now, excludeBookingId: booking.id };
  const others = await capacityRepository.liveResourceBookings(
    tx,
    booking.storeId,
    branch.dbId,
    bookable.resource,
    window,
  );
  const places = booking.partySize;
  if (
    peakOverlap(others, booking.startTime, booking.endTime) + places >
    (await capacityOf(tx, bookable, branch))
  )
    return false;
  if (booking.staffId) {
    const staffBookings = await capacityRepository.liveStaffBookings(tx, booking.staffId, window);
    if (isStaffBusy(staffBookings, booking.staffId, booking.startTime, booking.endTime)) return false;
  }
  return true;
}

/**
 * The access fee is paid: mark it paid, clear the hold and confirm the booking (it stays pending
 * when the store confirms by hand: the booked service, or the offer's service, has
 * `auto_confirm_bookings` false). Idempotent: a booking already paid is left as it is.
 * A payment that lands after its booking was released (cancelled), or after its hold lapsed and
 * the slot went to someone else, marks the fee paid with `refundRequested` and the booking stays
 * (or becomes) cancelled: the slot is never oversold.
 */
export async function settleAccessFee(
  tx: Executor,
  bookingId: string,
  now: Date,
): Promise<SettlementOutcome> {
  const booking = await lockForSettlement(tx, bookingId);
  if (!booking) return { bookingId, status: 'cancelled', changed: false, events: [] };
  const current = booking.status as TBookingStatus;
  if (booking.accessFeePaid) return { bookingId, status: current, changed: false, events: [] };

  const lateRefund = 'Access fee paid after the booking was released; refund requested';
  if (current === 'cancelled' || current === 'completed') {
    await repository.updateBooking(tx, bookingId, {
      accessFeePaid: true,
      refundRequested: current === 'cancelled' ? true : booking.refundRequested,
      holdExpiresAt: null,
      updatedAt: now,
    });
    await repository.insertEvents(tx, [
      { bookingId, type: 'payment_completed', actor: 'system', detail: lateRefund, createdAt: now },
    ]);
    return { bookingId, status: current, changed: true, events: [] };
  }

  if (!(await slotStillHeld(tx, booking, now))) {
    const reason =
      'Payment arrived after the slot hold expired and the slot was taken; the access fee will be refunded';
    return cancelBySystem(
      tx,
      bookingId,
      reason,
      now,
      { accessFeePaid: true, refundRequested: true },
      { type: 'payment_completed', actor: 'system', detail: lateRefund, createdAt: now },
    );
  }

  const type = booking.bookingType as TBookingType;
  const entityId = type === 'offer' ? booking.offerId : booking.serviceId;
  const autoConfirm = entityId ? (await loadBookable(tx, type, entityId)).autoConfirm : true;
  const confirm = current === 'pending' && autoConfirm;
  const status: TBookingStatus = confirm ? 'confirmed' : current;
  const updated = await repository.updateBooking(tx, bookingId, {
    accessFeePaid: true,
    holdExpiresAt: null,
    status,
    ...(confirm ? { confirmedAt: now } : {}),
    updatedAt: now,
  });
  const rows: Parameters<typeof repository.insertEvents>[1] = [
    { bookingId, type: 'payment_completed', actor: 'system', detail: 'Access fee paid', createdAt: now },
  ];
  const events: PendingBookingEvent[] = [];
  if (confirm) {
    rows.push({ bookingId, type: 'confirmed', actor: 'system', detail: 'Access fee paid', createdAt: now });
    events.push({
      name: 'booking.confirmed',
      payload: bookingEventPayload(updated, 'confirmed', 'system', now, 'Access fee paid'),
    });
  }
  await repository.insertEvents(tx, rows);
  return { bookingId, status, changed: true, events };
}

/**
 * The payment failed or timed out: cancel the booking with `reason` as its cancelReason
 * (e.g. 'Payment failed: Request cancelled by user') and clear the hold, releasing the slot.
 * A no-op when the fee is already paid, the booking needs no fee, or it is no longer pending or
 * confirmed.
 */
export async function releaseUnpaidBooking(
  tx: Executor,
  bookingId: string,
  reason: string,
  now: Date,
): Promise<SettlementOutcome> {
  const booking = await lockForSettlement(tx, bookingId);
  if (!booking) return { bookingId, status: 'cancelled', changed: false, events: [] };
  const current = booking.status as TBookingStatus;
  if (
    booking.accessFeePaid ||
    Number(booking.accessFee) <= 0 ||
    (current !== 'pending' && current !== 'confirmed')
  ) {
    return { bookingId, status: current, changed: false, events: [] };
  }
  return cancelBySystem(tx, bookingId, reason, now);
}

/**
 * Cancels the booking as the system with `reason` and clears its hold (with `patch` besides),
 * records `earlier` event rows (if any) before the cancellation, and publishes booking.cancelled.
 */
async function cancelBySystem(
  tx: Executor,
  bookingId: string,
  reason: string,
  now: Date,
  patch: { accessFeePaid?: boolean; refundRequested?: boolean } = {},
  ...earlier: Array<Omit<Parameters<typeof repository.insertEvents>[1][number], 'bookingId'>>
): Promise<SettlementOutcome> {
  const updated = await repository.updateBooking(tx, bookingId, {
    status: 'cancelled',
    ...patch,
    cancelReason: reason,
    cancelledAt: now,
    holdExpiresAt: null,
    updatedAt: now,
  });
  await repository.insertEvents(tx, [
    ...earlier.map((row) => ({ bookingId, ...row })),
    { bookingId, type: 'cancelled', actor: 'system', detail: reason, createdAt: now },
  ]);
  return {
    bookingId,
    status: 'cancelled',
    changed: true,
    events: [
      {
        name: 'booking.cancelled',
        payload: bookingEventPayload(updated, 'cancelled', 'system', now, reason),
      },
    ],
  };
}

/**
 * Cancels unpaid offer bookings whose hold lapsed with no payment pending (the customer never
 * started or finished paying). Meant for a periodic job; returns how many were released.
 */
export async function releaseLapsedHolds(
  db: Db,
  bus: EventBus,
  now = new Date(),
  limit = 100,
): Promise<number> {
  let released = 0;
  for (const { id } of await repository.lapsedHolds(db, now, limit)) {
    const outcome = await db.transaction((tx) =>
      releaseUnpaidBooking(tx, id, 'Payment not completed in time', now),
    );
    if (outcome.changed) released += 1;
    publishBookingEvents(bus, outcome.events);
  }
  return released;
}

/** The booking row, unlocked (payments check its owner before taking the locks). */
export const findBooking = repository.findBooking;

/** Holds the slot of an unpaid booking until `holdUntil` (its STK push is on its way). */
export async function extendBookingHold(tx: Executor, bookingId: string, holdUntil: Date, now: Date) {
  await repository.updateBooking(tx, bookingId, { holdExpiresAt: holdUntil, updatedAt: now });
}
