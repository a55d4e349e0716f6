import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings.js';
import { payments } from '../../db/schema/payments.js';
import type { Executor } from './booking-view.js';

// What customers paid for their bookings' access fees (M-Pesa): for completions and referrals.

/** The amount the completed M-Pesa payment of a booking brought in (shillings), if any. */
export async function paidAccessFee(db: Executor, bookingId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ amount: sql<number | null>`max(coalesce(${payments.paidAmount}, ${payments.amount}))` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'completed')));
  return row?.amount == null ? undefined : Number(row.amount);
}

export async function paidOpenOfferBookingFees(db: Executor, userIds: string[]) {
  if (!userIds.length) return [];
  const rows = await db
    .select({
      bookingId: bookings.id,
      userId: bookings.userId,
      accessFee: bookings.accessFee,
      paid: sql<
        number | null
      >`(select max(coalesce(p.paid_amount, p.amount)) from ${payments} p where p.booking_id = "bookings"."id" and p.status = 'completed')`,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.userId, userIds),
        eq(bookings.bookingType, 'offer'),
        eq(bookings.accessFeePaid, true),
        inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
      ),
    );
  return rows.map((row) => ({
    bookingId: row.bookingId,
    userId: row.userId,
    paidFee: row.paid == null ? Number(row.accessFee) : Number(row.paid),
  }));
}
