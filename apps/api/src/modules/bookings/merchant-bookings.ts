import { merchantTimeRule, merchantTransition, parseVoucherCode } from '@d3/shared/bookings/booking-policies';
import {
  BOOKING_MESSAGES,
  type TBooking,
  type TBookingStatus,
  type TMerchantBookingsQuery,
} from '@d3/shared/bookings/booking-schemas';
import { nairobiDateKey, nairobiDayBounds } from '@d3/shared/bookings/slot-rules';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/bookings.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import { publishCompletion } from './booking-completion.js';
import {
  bookingEventPayload as eventPayload,
  type PendingBookingEvent,
  publishBookingEvents,
} from './booking-events.js';
import { assertBookingId, bookingPage } from './booking-reads.js';
import { bookingViews, mapBookingView } from './booking-view.js';
import * as repository from './bookings-repository.js';
import * as merchantRepository from './merchant-bookings-repository.js';

// The merchant's side: lists, status changes (check-in by voucher included) and the dashboard figures.

export async function listMerchantBookings(
  db: Db,
  merchantId: string,
  query: TMerchantBookingsQuery,
  now = new Date(),
) {
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const empty = {
    bookings: [],
    pagination: { page: query.page, limit: query.limit, total: 0, totalPages: 0, hasNextPage: false },
  };
  if (!storeIds.length) return empty;
  // A store filter outside the merchant's own stores matches nothing (never another merchant's rows).
  const scoped = query.storeId ? storeIds.filter((id) => id === query.storeId) : storeIds;
  if (!scoped.length) return empty;
  const conditions: SQL[] = [inArray(bookings.storeId, scoped)];
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.branchId) {
    conditions.push(
      query.branchId.startsWith('store-')
        ? and(isNull(bookings.branchId), eq(bookings.storeId, query.branchId.slice(6)))!
        : eq(bookings.branchId, query.branchId),
    );
  }
  if (query.staffId) conditions.push(eq(bookings.staffId, query.staffId));
  const from = query.from ?? query.date;
  const to = query.to ?? query.date;
  if (from) {
    conditions.push(sql`${bookings.startTime} >= ${nairobiDayBounds(from).start.toISOString()}::timestamptz`);
  }
  if (to) {
    conditions.push(sql`${bookings.startTime} < ${nairobiDayBounds(to).end.toISOString()}::timestamptz`);
  }
  return bookingPage(db, conditions, [asc(bookings.startTime)], query, now);
}

const STATUS_EVENTS = {
  confirmed: 'booking.confirmed',
  checked_in: 'booking.checked_in',
  completed: 'booking.completed',
  cancelled: 'booking.cancelled',
} as const;

const STATUS_MESSAGES: Record<TBookingStatus, string> = {
  pending: BOOKING_MESSAGES.statusUpdated,
  confirmed: BOOKING_MESSAGES.confirmed,
  checked_in: BOOKING_MESSAGES.statusUpdated,
  completed: BOOKING_MESSAGES.completed,
  cancelled: BOOKING_MESSAGES.cancelled,
};

/**
 * Check-in by the voucher code the customer shows (issue 15): only the merchant's own stores'
 * bookings are searched, then the same transition and time rule as `PUT /bookings/{id}/status`.
 */
export async function checkInByVoucher(
  db: Db,
  bus: EventBus,
  merchantId: string,
  code: string,
  now = new Date(),
): Promise<{ booking: TBooking; message: string }> {
  const hex = parseVoucherCode(code);
  if (!hex) throw new AppError('VOUCHER_INVALID');
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const ids = await merchantRepository.bookingIdsByVoucher(db, storeIds, hex);
  if (ids.length === 0) throw new AppError('VOUCHER_NOT_FOUND');
  if (ids.length > 1) throw new AppError('VOUCHER_AMBIGUOUS');
  return setBookingStatusByMerchant(db, bus, merchantId, ids[0]!, 'checked_in', now);
}

/** A merchant moves a booking of one of its stores along the status rules (403 for other stores). */
export async function setBookingStatusByMerchant(
  db: Db,
  bus: EventBus,
  merchantId: string,
  id: string,
  to: TBookingStatus,
  now = new Date(),
  reason?: string,
): Promise<{ booking: TBooking; message: string }> {
  assertBookingId(id);
  const context = await repository.findBookingContext(db, id);
  if (!context) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.bookingNotFound);
  if (context.merchantId !== merchantId) throw new AppError('FORBIDDEN');
  const early = context.earlyCheckinMinutes === null ? null : Number(context.earlyCheckinMinutes);
  const events = await db.transaction(async (tx) => {
    const booking = (await repository.lockBooking(tx, id))!;
    const from = booking.status as TBookingStatus;
    const decision = merchantTransition(from, to);
    if (!decision.allowed) throw new AppError('INVALID_STATUS_TRANSITION', decision.message);
    // Checked in or completed no earlier than the start minus the early check-in window (issue 13).
    const timing = merchantTimeRule(to, booking.startTime, early, now);
    if (!timing.allowed) throw new AppError('BOOKING_NOT_STARTED', timing.message);
    if (to !== 'cancelled' && Number(booking.accessFee) > 0 && !booking.accessFeePaid) {
      throw new AppError(
        'INVALID_STATUS_TRANSITION',
        'The access fee for this booking has not been paid yet.',
      );
    }
    const stamp: Partial<repository.BookingInsert> =
      to === 'confirmed'
        ? { confirmedAt: now }
        : to === 'checked_in'
          ? { checkedInAt: now }
          : to === 'completed'
            ? { completedAt: now }
            : {
                cancelledAt: now,
                cancelReason: reason || 'Cancelled by the store',
                holdExpiresAt: null,
                // The store cancelled: a paid access fee is always refunded (issue 15).
                refundRequested: booking.accessFeePaid,
              };
    const updated = await repository.updateBooking(tx, id, { status: to, ...stamp, updatedAt: now });
    await repository.insertEvents(tx, [
      { bookingId: id, type: to, actor: 'merchant', detail: `From ${from}`, createdAt: now },
    ]);
    if (to === 'completed') await publishCompletion(bus, tx, updated, now);
    return to === 'pending'
      ? []
      : ([
          { name: STATUS_EVENTS[to], payload: eventPayload(updated, to, 'merchant', now) },
        ] as PendingBookingEvent[]);
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return { booking: booking!, message: STATUS_MESSAGES[to] };
}

// Merchant dashboard (issue 13)

/** Booking counts, the month's money and the next bookings over one merchant's stores. */
export async function merchantDashboardBookings(db: Db, merchantId: string, now = new Date()) {
  const today = nairobiDateKey(now);
  const month = today.slice(0, 7);
  const monthStart = nairobiDayBounds(`${month}-01`).start;
  const [year, monthNumber] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const nextMonth =
    monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const zero = { today: 0, upcoming: 0, awaitingConfirmation: 0, thisMonth: 0 };
  if (!storeIds.length) {
    return { bookings: zero, revenue: { month, accessFees: 0, atStore: 0 }, nextBookings: [] };
  }
  const { start: dayStart, end: dayEnd } = nairobiDayBounds(today);
  const stats = await merchantRepository.merchantBookingStats(db, storeIds, {
    now,
    dayStart,
    dayEnd,
    monthStart,
    monthEnd: nairobiDayBounds(nextMonth).start,
  });
  const { rows } = await repository.pageBookingViews(
    db,
    and(
      inArray(bookings.storeId, storeIds),
      inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
      sql`${bookings.endTime} >= ${now.toISOString()}::timestamptz`,
    )!,
    [asc(bookings.startTime)],
    8,
    0,
  );
  return {
    bookings: {
      today: stats.today,
      upcoming: stats.upcoming,
      awaitingConfirmation: stats.awaitingConfirmation,
      thisMonth: stats.thisMonth,
    },
    revenue: { month, accessFees: Number(stats.accessFees), atStore: Number(stats.atStore) },
    nextBookings: rows.map((row) => mapBookingView(row, now)),
  };
}
