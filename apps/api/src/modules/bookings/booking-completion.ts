import type { TBookingType } from '@d3/shared/bookings/booking-schemas';
import type { Db } from '../../db/client.js';
import type { DbTransaction, EventBus } from '../../events/event-bus.js';
import * as fees from './booking-fees-repository.js';
import type * as repository from './bookings-repository.js';

/**
 * Completion's work in other modules (issue 12: the referral credit, the quote's request completed)
 * subscribes to 'booking.completing' on the app's event bus. It is published inside the transaction
 * that moves the booking to completed, so those writes commit or roll back with it
 * (docs/decisions/0400).
 */
export async function publishCompletion(
  bus: EventBus,
  tx: DbTransaction,
  booking: repository.BookingRow,
  at: Date,
): Promise<void> {
  const paidFee = booking.accessFeePaid
    ? ((await fees.paidAccessFee(tx, booking.id)) ?? Number(booking.accessFee))
    : 0;
  await bus.publishInTransaction(tx, 'booking.completing', {
    bookingId: booking.id,
    userId: booking.userId,
    bookingType: booking.bookingType as TBookingType,
    quoteId: booking.quoteId,
    paidFee,
    at,
  });
}

/**
 * Access fees paid on the customers' open offer bookings (paid, not yet completed or cancelled):
 * what a referral reward will be computed from once each completes.
 */
export function paidOpenOfferBookingFees(db: Db, userIds: string[]) {
  return fees.paidOpenOfferBookingFees(db, userIds);
}
