import {
  BOOKING_MESSAGES,
  isUuid,
  type TBooking,
  type TUserBookingsQuery,
} from '@d3/shared/bookings/booking-schemas';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/bookings.js';
import { AppError } from '../../errors/app-error.js';
import { bookingViews, mapBookingView } from './booking-view.js';
import * as repository from './bookings-repository.js';

// The customer's reads: one booking, the filtered list; pages of booking views.

export function assertBookingId(id: string): void {
  if (!isUuid(id))
    throw new AppError('VALIDATION_ERROR', BOOKING_MESSAGES.invalidBookingId, {
      id: BOOKING_MESSAGES.invalidBookingId,
    });
}

/** 400 for a malformed id, 404 unknown, 403 another customer's. */
export async function ownedBooking(db: repository.Executor, userId: string, id: string) {
  assertBookingId(id);
  const context = await repository.findBookingContext(db, id);
  if (!context) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.bookingNotFound);
  if (context.booking.userId !== userId) throw new AppError('FORBIDDEN', BOOKING_MESSAGES.notYourBooking);
  return context;
}

export async function getBooking(db: Db, userId: string, id: string, now = new Date()): Promise<TBooking> {
  await ownedBooking(db, userId, id);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}

export async function listUserBookings(db: Db, userId: string, query: TUserBookingsQuery, now = new Date()) {
  const nowText = now.toISOString();
  const conditions: SQL[] = [eq(bookings.userId, userId)];
  if (query.status === 'upcoming') {
    conditions.push(
      sql`${bookings.startTime} > ${nowText}::timestamptz`,
      inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
    );
  } else if (query.status === 'past') {
    conditions.push(sql`${bookings.startTime} <= ${nowText}::timestamptz`);
  } else if (query.status) {
    conditions.push(eq(bookings.status, query.status));
  }
  if (query.bookingType) conditions.push(eq(bookings.bookingType, query.bookingType));
  if (query.search) conditions.push(repository.bookingSearchCondition(query.search));
  const order = query.status === 'upcoming' ? [asc(bookings.startTime)] : [desc(bookings.startTime)];
  const page = await bookingPage(db, conditions, order, query, now);
  return { ...page, summary: await repository.bookingSummary(db, userId, now) };
}

/** One page of the bookings all `conditions` match, in `order`, as the wire shows them. */
export async function bookingPage(
  db: Db,
  conditions: SQL[],
  order: SQL[],
  query: { page: number; limit: number },
  now: Date,
) {
  const { rows, total } = await repository.pageBookingViews(
    db,
    and(...conditions)!,
    order,
    query.limit,
    (query.page - 1) * query.limit,
  );
  const totalPages = Math.ceil(total / query.limit);
  return {
    bookings: rows.map((row) => mapBookingView(row, now)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasNextPage: query.page < totalPages,
    },
  };
}
