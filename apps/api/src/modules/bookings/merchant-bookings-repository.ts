import { type AnyColumn, and, eq, inArray, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import type { Executor } from './booking-view.js';

// The merchant's reads over their stores' bookings (issue 13: the dashboard; issue 15: vouchers).

/** Bookings of these stores whose id starts with the voucher's 8 hex digits (issue 15). */
export async function bookingIdsByVoucher(db: Executor, storeIds: string[], hex: string): Promise<string[]> {
  if (!storeIds.length) return [];
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.storeId, storeIds), sql`${bookings.id}::text like ${`${hex}%`}`))
    .limit(2);
  return rows.map((row) => row.id);
}

export interface MerchantStatsWindow {
  now: Date;
  dayStart: Date;
  dayEnd: Date;
  monthStart: Date;
  monthEnd: Date;
}

/** Booking counts and the month's money over a merchant's stores, in one query. */
export async function merchantBookingStats(db: Executor, storeIds: string[], window: MerchantStatsWindow) {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const live = sql`${bookings.status} in ('pending', 'confirmed', 'checked_in')`;
  const inMonth = (column: AnyColumn) =>
    sql`${column} >= ${at(window.monthStart)} and ${column} < ${at(window.monthEnd)}`;
  // What a completed booking is worth at the store: the offer's discounted price, else the service's price.
  const storeValue = sql`coalesce(
    case when ${bookings.offerId} is not null and ${offers.originalPrice} is not null
      then round(${offers.originalPrice} * (100 - least(greatest(coalesce(${offers.discount}, 0), 0), 100)) / 100, 2)
    end,
    ${services.price}, 0)`;
  const [row] = await db
    .select({
      today:
        sql<number>`count(*) filter (where ${bookings.status} <> 'cancelled' and ${bookings.startTime} >= ${at(window.dayStart)} and ${bookings.startTime} < ${at(window.dayEnd)})`.mapWith(
          Number,
        ),
      upcoming:
        sql<number>`count(*) filter (where ${live} and ${bookings.startTime} >= ${at(window.now)})`.mapWith(
          Number,
        ),
      awaitingConfirmation:
        sql<number>`count(*) filter (where ${bookings.status} = 'pending' and ${bookings.endTime} >= ${at(window.now)} and (${bookings.accessFee} = 0 or ${bookings.accessFeePaid}))`.mapWith(
          Number,
        ),
      thisMonth:
        sql<number>`count(*) filter (where ${bookings.status} <> 'cancelled' and ${inMonth(bookings.startTime)})`.mapWith(
          Number,
        ),
      accessFees: sql<string>`coalesce(sum(${bookings.accessFee}) filter (where ${bookings.accessFeePaid} and ${inMonth(bookings.createdAt)}), 0)`,
      atStore: sql<string>`coalesce(sum(${storeValue}) filter (where ${bookings.status} = 'completed' and ${bookings.completedAt} >= ${at(window.monthStart)} and ${bookings.completedAt} < ${at(window.monthEnd)}), 0)`,
    })
    .from(bookings)
    .leftJoin(offers, eq(offers.id, bookings.offerId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(inArray(bookings.storeId, storeIds));
  return row!;
}
