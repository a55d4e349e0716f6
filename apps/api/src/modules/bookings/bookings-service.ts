import type { TBooking } from '@d3/shared/bookings/booking-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { bookingEventPayload as eventPayload, type PendingBookingEvent } from './booking-events.js';
import { bookingViews } from './booking-view.js';
import * as repository from './bookings-repository.js';
import { cancellation } from './change-booking.js';

/**
 * What the bookings module offers the other modules (the only file of it they import, with
 * booking-settlement.ts for payments). The module's own jobs live beside it, one file each:
 * bookable.ts (what is booked, branches, staff, capacity), booking-slots.ts, create-booking.ts,
 * quote-bookings.ts, booking-reads.ts, change-booking.ts (cancel, reschedule),
 * merchant-bookings.ts (lists, status, dashboard) and booking-completion.ts.
 */

export { paidOpenOfferBookingFees } from './booking-completion.js';
/** Published so modules that change bookings in their own transaction publish the events after commit. */
export { publishBookingEvents } from './booking-events.js';
export type { CreateBookingResult } from './create-booking.js';
/** A group's booking of N places (issue 34): the payments module's split between friends books it. */
export { createBooking } from './create-booking.js';
export { merchantDashboardBookings } from './merchant-bookings.js';
export {
  createQuoteBooking,
  liveQuoteBookingId,
  type QuoteBookingInfo,
  quoteBranches,
  quoteSlots,
} from './quote-bookings.js';

/**
 * Right to erasure, inside the engagement module's delete-account transaction: the customer's
 * future pending/confirmed bookings are cancelled (the store is not left waiting for someone who
 * no longer exists) and the name, e-mail, phone, notes and payment phone numbers are blanked.
 * The booking rows stay (a store's history is never lost). Publish the returned events after commit.
 */
export async function eraseCustomerBookings(
  tx: repository.Executor,
  userId: string,
  now = new Date(),
): Promise<PendingBookingEvent[]> {
  const reason = 'Customer account deleted';
  const future = await repository.futureLiveBookingsOf(tx, userId, now);
  const events: PendingBookingEvent[] = [];
  for (const booking of future) {
    const updated = await repository.updateBooking(tx, booking.id, cancellation(booking, reason, now));
    events.push({
      name: 'booking.cancelled',
      payload: eventPayload(updated, 'cancelled', 'system', now, reason),
    });
  }
  await repository.insertEvents(
    tx,
    future.map((booking) => ({
      bookingId: booking.id,
      type: 'cancelled',
      actor: 'system' as const,
      detail: reason,
      createdAt: now,
    })),
  );
  await repository.blankCustomerData(tx, userId);
  return events;
}

export const STORE_HAS_UPCOMING_BOOKINGS =
  'This store has upcoming bookings and cannot be deleted. Cancel or complete them first.';

/** 409 instead of a foreign-key error: a store with bookings is never deleted (bookings are kept). */
export async function assertStoreDeletable(
  db: repository.Executor,
  storeId: string,
  now = new Date(),
): Promise<void> {
  if (await repository.storeHasFutureBookings(db, storeId, now)) {
    throw new AppError('STORE_HAS_BOOKINGS', STORE_HAS_UPCOMING_BOOKINGS);
  }
  if (await repository.storeHasBookings(db, storeId)) throw new AppError('STORE_HAS_BOOKINGS');
}

/** Review eligibility (engagement): has this customer a completed booking at this store? */
export async function hasCompletedBookingAt(db: Db, userId: string, storeId: string): Promise<boolean> {
  return repository.hasCompletedBooking(db, userId, storeId);
}

/** How many bookings a customer has (profile statistics). */
export async function countCustomerBookings(db: Db, userId: string): Promise<number> {
  return (await repository.bookingSummary(db, userId, new Date())).total;
}

/** The booking's view for a notification or reminder (no owner check: the caller is the system); null when gone. */
export async function bookingForNotification(db: Db, id: string, now = new Date()): Promise<TBooking | null> {
  const [booking] = await bookingViews(db, [id], now);
  return booking ?? null;
}

/** Several bookings as their owners see them, for a batch of notifications (missing ids left out). */
export function bookingsForNotification(
  db: Db,
  ids: readonly string[],
  now = new Date(),
): Promise<TBooking[]> {
  return bookingViews(db, ids, now);
}
