import type { BusyInterval } from '@d3/shared/bookings/slot-rules';
import { and, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings.js';
import { offers } from '../../db/schema/offers.js';
import { staff, staffServices } from '../../db/schema/stores.js';
import type { Executor } from './booking-view.js';
import type { BookingRow } from './bookings-repository.js';

// Capacity (API-CONTRACT decision 9, issue 16): the slot locks every booking writer takes, the live
// bookings a slot counts, the staff that make a branch's capacity, the unpaid-hold cap.

/** Width of one lock cell: every slot start and end lies on a 30-minute grid (slot rules). */
const LOCK_CELL_MS = 30 * 60_000;

/** What a booking occupies: its capacity resource at a branch, and its staff member, over [from, to). */
export interface SlotLockTarget {
  resource: CapacityResource;
  /** null: the store's synthetic main branch. */
  branchId: string | null;
  staffId: string | null;
  from: Date;
  to: Date;
}

/**
 * One lock key per 30-minute cell the interval touches, for the resource at the branch and for
 * the staff member. Two bookings that overlap in time share a cell, so they share a key and wait
 * for each other; bookings of other slots, services or staff share none and never wait.
 */
export function slotLockKeys(target: SlotLockTarget): string[] {
  const resourceId = target.resource.serviceId ?? target.resource.offerId ?? 'none';
  const branch = target.branchId ?? 'main';
  const keys: string[] = [];
  const first = Math.floor(target.from.getTime() / LOCK_CELL_MS) * LOCK_CELL_MS;
  for (let cell = first; cell < target.to.getTime(); cell += LOCK_CELL_MS) {
    keys.push(`slot:${resourceId}:${branch}:${cell}`);
    if (target.staffId) keys.push(`staff:${target.staffId}:${cell}`);
  }
  return keys;
}

/**
 * Serialises every booking change that could overlap this interval until the transaction ends
 * (API-CONTRACT decision 9, issue 16): capacity and staff checks then see every overlapping
 * booking committed before them. Transaction-scoped advisory locks taken in one statement in hash
 * order, so two writers never take shared keys in opposite orders. Writers that also lock a
 * booking row take the row first, then these.
 */
export async function lockSlots(tx: Executor, target: SlotLockTarget): Promise<void> {
  const keys = slotLockKeys(target);
  if (!keys.length) return;
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(h))::int as locked from (select distinct hashtextextended(k, 0) as h from unnest(array[${list}]::text[]) as k order by 1) as ordered`,
  );
}

/** The lock target of a stored booking (an offer booking counts on its offer's service, if any). */
export async function slotLockTargetOf(db: Executor, booking: BookingRow): Promise<SlotLockTarget> {
  let serviceId = booking.serviceId;
  if (!serviceId && booking.offerId) {
    const [offer] = await db
      .select({ serviceId: offers.serviceId })
      .from(offers)
      .where(eq(offers.id, booking.offerId));
    serviceId = offer?.serviceId ?? null;
  }
  return {
    resource: serviceId ? { serviceId, offerId: null } : { serviceId: null, offerId: booking.offerId },
    branchId: booking.branchId,
    staffId: booking.staffId,
    from: booking.startTime,
    to: booking.endTime,
  };
}

/** Serialises one customer's new paid bookings (the unpaid-hold limit), across processes. */
export async function lockCustomerHolds(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holds:${userId}`}, 0))`);
}

/** Offer bookings of this customer whose access fee is unpaid and whose hold is still running. */
export async function countUnpaidHolds(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      sql`${bookings.userId} = ${userId} and ${bookings.status} <> 'cancelled' and not ${bookings.accessFeePaid} and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
    );
  return Number(row?.n ?? 0);
}

/** A booking that holds capacity: not cancelled, and paid or its hold not lapsed (decision 7). */
export function liveBooking(now: Date): SQL {
  return sql`(${bookings.status} <> 'cancelled' and (${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz or ${bookings.accessFeePaid}))`;
}

/** What capacity is counted on: a service (its own and its offers' bookings) or a stand-alone offer. */
export interface CapacityResource {
  serviceId: string | null;
  offerId: string | null;
}

function resourceMatch(resource: CapacityResource): SQL {
  if (resource.serviceId) {
    return sql`(${bookings.serviceId} = ${resource.serviceId} or ${bookings.offerId} in (select o.id from ${offers} o where o.service_id = ${resource.serviceId}))`;
  }
  return eq(bookings.offerId, resource.offerId ?? '00000000-0000-0000-0000-000000000000');
}

export interface IntervalQuery {
  from: Date;
  to: Date;
  now: Date;
  excludeBookingId?: string | undefined;
}

function overlapping({ from, to, now, excludeBookingId }: IntervalQuery): SQL[] {
  const conditions = [
    liveBooking(now),
    sql`${bookings.startTime} < ${to.toISOString()}::timestamptz`,
    sql`${bookings.endTime} > ${from.toISOString()}::timestamptz`,
  ];
  if (excludeBookingId) conditions.push(ne(bookings.id, excludeBookingId));
  return conditions;
}

/** Live bookings of the resource at the branch (null: the store's synthetic main branch) overlapping [from, to). */
export async function liveResourceBookings(
  db: Executor,
  storeId: string,
  branchId: string | null,
  resource: CapacityResource,
  window: IntervalQuery,
): Promise<BusyInterval[]> {
  return busyIntervals(
    db,
    and(
      eq(bookings.storeId, storeId),
      branchId ? eq(bookings.branchId, branchId) : isNull(bookings.branchId),
      resourceMatch(resource),
      ...overlapping(window),
    ),
  );
}

/** Live bookings of one staff member (any branch, any service) overlapping [from, to). */
export async function liveStaffBookings(
  db: Executor,
  staffId: string,
  window: IntervalQuery,
): Promise<BusyInterval[]> {
  return busyIntervals(db, and(eq(bookings.staffId, staffId), ...overlapping(window)));
}

/** The start, end and staff member of the bookings matching `where`: what the slot rules count as busy. */
function busyIntervals(db: Executor, where: SQL | undefined): Promise<BusyInterval[]> {
  return db
    .select({
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      staffId: bookings.staffId,
      places: bookings.partySize,
    })
    .from(bookings)
    .where(where);
}

/** Staff of the branch assigned to the service (the default capacity). */
export async function countAssignedStaff(
  db: Executor,
  storeId: string,
  branchId: string | null,
  serviceId: string,
) {
  const conditions: SQL[] = [eq(staff.storeId, storeId), eq(staff.status, 'active')];
  if (branchId) conditions.push(or(eq(staff.branchId, branchId), isNull(staff.branchId))!);
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .innerJoin(
      staffServices,
      and(eq(staffServices.staffId, staff.id), eq(staffServices.serviceId, serviceId)),
    )
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** Active staff of the branch (capacity of an offer not tied to a service). */
export async function countBranchStaff(db: Executor, storeId: string, branchId: string | null) {
  const conditions: SQL[] = [eq(staff.storeId, storeId), eq(staff.status, 'active')];
  if (branchId) conditions.push(or(eq(staff.branchId, branchId), isNull(staff.branchId))!);
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(...conditions));
  return row?.n ?? 0;
}
