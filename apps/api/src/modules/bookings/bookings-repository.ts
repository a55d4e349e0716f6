import { randomUUID } from 'node:crypto';
import { isUuid } from '@d3/shared/bookings/booking-schemas';
import type { MainBranchStore } from '@d3/shared/catalogue/branch-rules';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { readShared } from '../../db/fresh-batch.js';
import { placeholderValues, runPlaceheld } from '../../db/prepared.js';
import { users } from '../../db/schema/accounts.js';
import { bookingEvents, bookings } from '../../db/schema/bookings.js';
import { locations } from '../../db/schema/locations.js';
import { offers } from '../../db/schema/offers.js';
import { payments } from '../../db/schema/payments.js';
import { services } from '../../db/schema/services.js';
import {
  branches,
  staff,
  staffServices,
  storeContactAndHoursColumns,
  stores,
} from '../../db/schema/stores.js';
import {
  type BookingViewRow,
  bookingViewColumns,
  type Executor,
  selectBookingViews,
} from './booking-view.js';

export type { Executor } from './booking-view.js';
export type BookingRow = typeof bookings.$inferSelect;
export type BookingInsert = typeof bookings.$inferInsert;
export type OfferRow = typeof offers.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;

const storeColumns = {
  id: stores.id,
  merchantId: stores.merchantId,
  name: stores.name,
  ...storeContactAndHoursColumns,
  locationName: locations.name,
};
/** A booking's store: what stands in for its main branch, and its merchant. */
export type BookingStoreRow = MainBranchStore & { merchantId: string };

type WithStore<Row> = { row: Row; store: BookingStoreRow };

/** The offer or service (a `Row`) with `id` and its store, as a booking sees the store. */
async function findWithStore<Row>(db: Executor, table: typeof offers | typeof services, id: string) {
  const [found] = (
    await readShared(
      db,
      table === offers ? 'offer_with_store' : 'service_with_store',
      [id],
      (on, ids) =>
        runPlaceheld(
          on,
          table === offers ? 'booking_offers_with_store' : 'booking_services_with_store',
          (q) =>
            q
              .select({ row: table, store: storeColumns })
              .from(table)
              .innerJoin(stores, eq(stores.id, table.storeId))
              .leftJoin(locations, eq(locations.id, stores.locationId))
              .where(sql`${table.id} = any(${sql.placeholder('ids')}::uuid[])`),
          { ids },
        ) as Promise<WithStore<Row & { id: string }>[]>,
      (found) => found.row.id,
    )
  ).flat();
  return found as WithStore<Row> | undefined;
}

export async function findOffer(db: Executor, offerId: string) {
  const found = await findWithStore<typeof offers.$inferSelect>(db, offers, offerId);
  return found && { offer: found.row, store: found.store };
}

export async function findService(db: Executor, serviceId: string) {
  const found = await findWithStore<typeof services.$inferSelect>(db, services, serviceId);
  return found && { service: found.row, store: found.store };
}

export async function findStore(db: Executor, storeId: string) {
  const [row] = await db
    .select({ store: storeColumns })
    .from(stores)
    .leftJoin(locations, eq(locations.id, stores.locationId))
    .where(eq(stores.id, storeId));
  return row?.store as BookingStoreRow | undefined;
}

/** The live (not cancelled) booking made from a service-request quote, if any (issue 12). */
export async function liveQuoteBooking(db: Executor, quoteId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.quoteId, quoteId), ne(bookings.status, 'cancelled')));
  return row?.id ?? null;
}

export async function findServiceRow(db: Executor, serviceId: string) {
  if (!isUuid(serviceId)) return undefined;
  const [row] = await runPlaceheld(
    db,
    'booking_service_row',
    (on) =>
      on
        .select()
        .from(services)
        .where(eq(services.id, sql.placeholder('id'))),
    { id: serviceId },
  );
  return row;
}

/** A store's branches, the main one first, then by age (one statement for every store asked at the moment). */
export async function storeBranchRows(db: Executor, storeId: string) {
  const rows = await readShared(
    db,
    'store_branches',
    [storeId],
    (on, storeIds) =>
      runPlaceheld(
        on,
        'booking_stores_branches',
        (q) =>
          q
            .select()
            .from(branches)
            .where(sql`${branches.storeId} = any(${sql.placeholder('storeIds')}::uuid[])`)
            .orderBy(desc(branches.isMainBranch), asc(branches.createdAt), asc(branches.id)),
        { storeIds },
      ),
    (row) => row.storeId,
  );
  return rows.flat();
}

/** Active staff of a store who work at the branch (or at any branch: no branch set). */
export async function branchStaff(
  db: Executor,
  storeId: string,
  branchId: string | null,
  serviceId: string | null,
) {
  const assigned = serviceId
    ? sql<boolean>`exists (select 1 from ${staffServices} ss where ss.staff_id = ${staff.id} and ss.service_id = ${serviceId})`
    : sql<boolean>`false`;
  const conditions: SQL[] = [eq(staff.storeId, storeId), eq(staff.status, 'active')];
  if (branchId) conditions.push(or(eq(staff.branchId, branchId), isNull(staff.branchId))!);
  return (
    db
      .select({ id: staff.id, name: staff.name, role: staff.role, branchId: staff.branchId, assigned })
      .from(staff)
      .where(and(...conditions))
      // ORDER BY a constant is an error: only order by assignment when there is a service.
      .orderBy(...(serviceId ? [desc(assigned)] : []), asc(staff.name), asc(staff.id))
  );
}

export async function findStaffMember(db: Executor, staffId: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  return row;
}

/** A customer's name, e-mail and phone, for a booking's contact (one statement for the moment's askers). */
export async function userContact(db: Executor, userId: string) {
  const [row] = (
    await readShared(
      db,
      'user_contact',
      [userId],
      (on, ids) =>
        runPlaceheld(
          on,
          'booking_user_contacts',
          (q) =>
            q
              .select({
                id: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                email: users.email,
                phoneNumber: users.phoneNumber,
              })
              .from(users)
              .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`),
          { ids },
        ),
      (contact) => contact.id,
    )
  ).flat();
  return row;
}

export async function hasCompletedBooking(db: Executor, userId: string, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      sql`${bookings.userId} = ${userId} and ${bookings.storeId} = ${storeId} and ${bookings.status} = 'completed'`,
    )
    .limit(1);
  return row !== undefined;
}

// --- writes -----------------------------------------------------------------------------------

export async function insertBooking(tx: Executor, values: BookingInsert): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  return row!;
}

/** What a customer's new booking is stored with (create-booking.ts), every one given, null or not. */
const NEW_BOOKING_KEYS = [
  'userId',
  'storeId',
  'branchId',
  'staffId',
  'offerId',
  'serviceId',
  'bookingType',
  'status',
  'startTime',
  'endTime',
  'accessFee',
  'accessFeePaid',
  'partySize',
  'holdExpiresAt',
  'notes',
  'specialRequests',
  'clientName',
  'clientEmail',
  'clientPhone',
  'confirmedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof BookingInsert)[];
export type NewBooking = { [K in (typeof NEW_BOOKING_KEYS)[number]]-?: Exclude<BookingInsert[K], undefined> };

/** A row of a new booking's history, written by the booking's own insert (`insertNewBooking`). */
export interface NewBookingEvent {
  type: string;
  actor: 'customer' | 'merchant' | 'system';
  detail: string | null;
}

/**
 * A customer's new booking and the first rows of its history, as one named statement (issue 38: the
 * insert was rebuilt for every create, and the history's insert was a round trip of its own inside
 * the slot's lock). The id is made here, so the history's rows can name it: they are inserted by a
 * CTE of the same statement (foreign keys are checked at the statement's end), all stamped with the
 * booking's `createdAt`.
 */
export async function insertNewBooking(
  tx: Executor,
  values: NewBooking,
  events: readonly NewBookingEvent[],
): Promise<BookingRow> {
  const [row] = await runPlaceheld(
    tx,
    'booking_insert_new_with_events',
    (on) => {
      const history = on.$with('new_booking_events', {}).as(
        sql`insert into ${bookingEvents} (booking_id, type, actor, detail, created_at)
          select ${sql.placeholder('id')}::uuid, e.type, e.actor, e.detail, ${sql.placeholder('createdAt')}::timestamptz
          from unnest(${sql.placeholder('eventTypes')}::text[], ${sql.placeholder('eventActors')}::text[],
            ${sql.placeholder('eventDetails')}::text[]) as e(type, actor, detail)`,
      );
      return on
        .with(history)
        .insert(bookings)
        .values(placeholderValues(['id', ...NEW_BOOKING_KEYS]))
        .returning();
    },
    {
      ...values,
      id: randomUUID(),
      eventTypes: events.map((event) => event.type),
      eventActors: events.map((event) => event.actor),
      eventDetails: events.map((event) => event.detail),
    },
  );
  return row!;
}

export async function updateBooking(
  tx: Executor,
  id: string,
  values: Partial<BookingInsert>,
): Promise<BookingRow> {
  const [row] = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row!;
}

export async function insertEvents(
  tx: Executor,
  rows: Array<{
    bookingId: string;
    type: string;
    actor: 'customer' | 'merchant' | 'system';
    detail?: string | null;
    createdAt?: Date;
  }>,
): Promise<void> {
  if (!rows.length) return;
  // One named statement per number of rows (1-3 in practice), all values given.
  const keys = ['bookingId', 'type', 'actor', 'detail', 'createdAt'] as const;
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const key of keys) values[`${key}${i}`] = row[key] ?? (key === 'createdAt' ? new Date() : null);
  });
  await runPlaceheld(
    tx,
    `booking_events_insert_${rows.length}`,
    (on) =>
      on.insert(bookingEvents).values(
        rows.map((_, i) => ({
          bookingId: sql`${sql.placeholder(`bookingId${i}`)}`,
          type: sql`${sql.placeholder(`type${i}`)}`,
          actor: sql`${sql.placeholder(`actor${i}`)}`,
          detail: sql`${sql.placeholder(`detail${i}`)}`,
          createdAt: sql`${sql.placeholder(`createdAt${i}`)}`,
        })),
      ),
    values,
  );
}

export async function findBooking(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function lockBooking(tx: Executor, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** The booking with its store's merchant and its service's cancellation notice. */
export async function findBookingContext(db: Executor, id: string) {
  const [row] = await db
    .select({
      booking: bookings,
      merchantId: stores.merchantId,
      minCancellationHours: services.minCancellationHours,
      serviceDuration: services.duration,
      earlyCheckinMinutes: bookingViewColumns.earlyCheckinMinutes,
    })
    .from(bookings)
    .innerJoin(stores, eq(stores.id, bookings.storeId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, id));
  return row;
}

// --- lists ------------------------------------------------------------------------------------

export async function pageBookingViews(
  db: Executor,
  where: SQL,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ rows: BookingViewRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    selectBookingViews(db)
      .where(where)
      .orderBy(...order, asc(bookings.id))
      .limit(limit)
      .offset(offset) as Promise<BookingViewRow[]>,
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(stores, eq(stores.id, bookings.storeId))
      .leftJoin(offers, eq(offers.id, bookings.offerId))
      .leftJoin(services, eq(services.id, bookings.serviceId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function bookingSummary(db: Executor, userId: string, now: Date) {
  const nowText = now.toISOString();
  const [row] = await db
    .select({
      total: count(),
      upcoming:
        sql<number>`count(*) filter (where ${bookings.startTime} > ${nowText}::timestamptz and ${bookings.status} in ('pending', 'confirmed', 'checked_in'))`.mapWith(
          Number,
        ),
      // What the Past tab lists (booking-reads.ts, status=past): started at or before now.
      past: sql<number>`count(*) filter (where ${bookings.startTime} <= ${nowText}::timestamptz)`.mapWith(
        Number,
      ),
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
      checked_in: sql<number>`count(*) filter (where ${bookings.status} = 'checked_in')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')`.mapWith(Number),
    })
    .from(bookings)
    .where(eq(bookings.userId, userId));
  return row!;
}

export async function merchantStoreIds(db: Executor, merchantId: string): Promise<string[]> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.merchantId, merchantId));
  return rows.map((row) => row.id);
}

// --- erasure and store deletion ----------------------------------------------------------------

/** Blanks what identifies the customer on their bookings and payments (right to erasure). */
export async function blankCustomerData(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ clientName: null, clientEmail: null, clientPhone: null, notes: null, specialRequests: null })
    .where(eq(bookings.userId, userId));
  await tx.update(payments).set({ phoneNumber: null }).where(eq(payments.userId, userId));
  await tx
    .update(payments)
    .set({ phoneNumber: null })
    .where(
      inArray(
        payments.bookingId,
        tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)),
      ),
    );
}

export async function futureLiveBookingsOf(tx: Executor, userId: string, now: Date) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.status, ['pending', 'confirmed']),
        sql`${bookings.startTime} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .for('update');
}

/** Live (pending, confirmed, checked-in) bookings of a store that have not ended yet. */
export async function storeHasFutureBookings(db: Executor, storeId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.storeId, storeId),
        inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
        sql`${bookings.endTime} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function storeHasBookings(db: Executor, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.storeId, storeId))
    .limit(1);
  return row !== undefined;
}

/** Unpaid offer bookings whose hold lapsed and whose payment (if any) is no longer pending. */
export async function lapsedHolds(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: bookings.id, storeId: bookings.storeId })
    .from(bookings)
    .where(
      and(
        ne(bookings.status, 'cancelled'),
        eq(bookings.accessFeePaid, false),
        sql`${bookings.holdExpiresAt} <= ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${payments} p where p.booking_id = ${bookings.id} and p.status = 'pending')`,
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
}

/** A customer's search over their bookings: the offer's title, the service's or store's name, the notes. */
export function bookingSearchCondition(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${offers.title} ilike ${pattern} or ${services.name} ilike ${pattern} or ${stores.name} ilike ${pattern} or ${bookings.notes} ilike ${pattern})`;
}
