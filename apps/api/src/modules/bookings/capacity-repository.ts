import type { BusyInterval } from '@d3/shared/bookings/slot-rules';
import { and, count, eq, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { runPlaceheld } from '../../db/prepared.js';
import { bookings, slotWaits } from '../../db/schema/bookings.js';
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
  await runPlaceheld(
    tx,
    'booking_slot_locks',
    (on) =>
      on
        .select({ locked: sql<number>`count(pg_advisory_xact_lock(h))::int` })
        .from(
          sql`(select distinct hashtextextended(k, 0) as h from unnest(${sql.placeholder('keys')}::text[]) as k order by 1) as ordered`,
        ),
    { keys },
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
export function liveBooking(now: Date | Placeholder): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql`(${bookings.status} <> 'cancelled' and (${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${at}::timestamptz or ${bookings.accessFeePaid}))`;
}

/** What capacity is counted on: a service (its own and its offers' bookings) or a stand-alone offer. */
export interface CapacityResource {
  serviceId: string | null;
  offerId: string | null;
}

/** The resource's bookings, with its id as the placeholder `resourceId`. */
function resourceMatch(resource: CapacityResource): SQL {
  if (resource.serviceId) {
    return sql`(${bookings.serviceId} = ${sql.placeholder('resourceId')} or ${bookings.offerId} in (select o.id from ${offers} o where o.service_id = ${sql.placeholder('resourceId')}))`;
  }
  return sql`${bookings.offerId} = ${sql.placeholder('resourceId')}`;
}

export interface IntervalQuery {
  from: Date;
  to: Date;
  now: Date;
  excludeBookingId?: string | undefined;
}

/** Live and overlapping [from, to): placeholders `now`, `from`, `to` and, when `butOne`, `excludeId`. */
function overlapping(butOne: boolean): SQL[] {
  const conditions = [
    liveBooking(sql.placeholder('now')),
    sql`${bookings.startTime} < ${sql.placeholder('to')}::timestamptz`,
    sql`${bookings.endTime} > ${sql.placeholder('from')}::timestamptz`,
  ];
  if (butOne) conditions.push(sql`${bookings.id} <> ${sql.placeholder('excludeId')}`);
  return conditions;
}

function intervalValues({ from, to, now, excludeBookingId }: IntervalQuery) {
  return {
    now: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    ...(excludeBookingId ? { excludeId: excludeBookingId } : {}),
  };
}

/** The live bookings of a resource at a branch (null: the main one) overlapping the window. */
function resourceBookingsAt(
  branchId: string | null,
  resource: CapacityResource,
  butOne: boolean,
): SQL | undefined {
  return and(
    eq(bookings.storeId, sql.placeholder('storeId')),
    branchId ? eq(bookings.branchId, sql.placeholder('branchId')) : isNull(bookings.branchId),
    resourceMatch(resource),
    ...overlapping(butOne),
  );
}

/** The values of `resourceBookingsAt`'s placeholders. */
function resourceBookingsValues(
  storeId: string,
  branchId: string | null,
  resource: CapacityResource,
  window: IntervalQuery,
) {
  return {
    storeId,
    ...(branchId ? { branchId } : {}),
    // An offer-only resource without an offer matches nothing.
    resourceId: resource.serviceId ?? resource.offerId ?? '00000000-0000-0000-0000-000000000000',
    ...intervalValues(window),
  };
}

const busyColumns = {
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  staffId: bookings.staffId,
  places: bookings.partySize,
};

/**
 * Live bookings of the resource at the branch (null: the store's synthetic main branch) overlapping
 * [from, to): what the slot rules count as busy. A named statement per shape (issue 38): read by
 * every slot list and, under the slot lock, by every create.
 */
export async function liveResourceBookings(
  db: Executor,
  storeId: string,
  branchId: string | null,
  resource: CapacityResource,
  window: IntervalQuery,
): Promise<BusyInterval[]> {
  const butOne = Boolean(window.excludeBookingId);
  const name = `booking_busy_${resource.serviceId ? 'service' : 'offer'}_${branchId ? 'branch' : 'main'}${butOne ? '_but_one' : ''}`;
  return runPlaceheld(
    db,
    name,
    (on) =>
      on
        .select(busyColumns)
        .from(bookings)
        .where(resourceBookingsAt(branchId, resource, butOne)),
    resourceBookingsValues(storeId, branchId, resource, window),
  );
}

/** An open wait of the slot's waitlist (waiting, or offered a place), as a day's reads see it. */
export interface OpenWait {
  userId: string;
  status: string;
  startTime: Date;
  endTime: Date;
  offerExpiresAt: Date | null;
}

/**
 * `liveResourceBookings` and the resource's open waits at the branch overlapping [from, to), in one
 * named statement (issue 38): a create reads both under its slot's lock, and each was a round trip
 * of its own while the creates behind it waited. The waits are those `waitlistHolds` counts.
 */
export async function liveBookingsAndWaits(
  db: Executor,
  storeId: string,
  branchId: string | null,
  resource: CapacityResource,
  window: IntervalQuery,
): Promise<{ booked: BusyInterval[]; waits: OpenWait[] }> {
  const butOne = Boolean(window.excludeBookingId);
  const name = `booking_busy_and_waits_${resource.serviceId ? 'service' : 'offer'}_${branchId ? 'branch' : 'main'}${butOne ? '_but_one' : ''}`;
  const rows = await runPlaceheld(
    db,
    name,
    (on) =>
      on
        .select({
          isWait: sql<boolean>`false`,
          ...busyColumns,
          userId: sql<string | null>`null::uuid`,
          status: sql<string | null>`null::text`,
          // Decoded as the waits' own column is (the first select's fields decode the union's rows).
          offerExpiresAt: sql`null::timestamptz`.mapWith(slotWaits.offerExpiresAt) as SQL<Date | null>,
        })
        .from(bookings)
        .where(resourceBookingsAt(branchId, resource, butOne))
        .unionAll(
          on
            .select({
              isWait: sql<boolean>`true`,
              startTime: slotWaits.startTime,
              endTime: slotWaits.endTime,
              staffId: sql<string | null>`null::uuid`,
              places: sql<number>`null::integer`,
              userId: slotWaits.userId,
              status: slotWaits.status,
              offerExpiresAt: slotWaits.offerExpiresAt,
            })
            .from(slotWaits)
            .where(
              and(
                eq(slotWaits.resourceId, sql.placeholder('resourceId')),
                branchId ? eq(slotWaits.branchId, sql.placeholder('branchId')) : isNull(slotWaits.branchId),
                sql`${slotWaits.startTime} < ${sql.placeholder('to')}::timestamptz`,
                sql`${slotWaits.endTime} > ${sql.placeholder('from')}::timestamptz`,
                inArray(slotWaits.status, ['waiting', 'offered']),
              ),
            ),
        ),
    resourceBookingsValues(storeId, branchId, resource, window),
  );
  const booked: BusyInterval[] = [];
  const waits: OpenWait[] = [];
  for (const { isWait, startTime, endTime, staffId, places, userId, status, offerExpiresAt } of rows) {
    if (isWait) waits.push({ userId: userId!, status: status!, startTime, endTime, offerExpiresAt });
    else booked.push({ startTime, endTime, staffId, places });
  }
  return { booked, waits };
}

/** Live bookings of one staff member (any branch, any service) overlapping [from, to). */
export async function liveStaffBookings(
  db: Executor,
  staffId: string,
  window: IntervalQuery,
): Promise<BusyInterval[]> {
  const butOne = Boolean(window.excludeBookingId);
  return runPlaceheld(
    db,
    `booking_busy_staff${butOne ? '_but_one' : ''}`,
    (on) =>
      on
        .select(busyColumns)
        .from(bookings)
        .where(and(eq(bookings.staffId, sql.placeholder('staffId')), ...overlapping(butOne))),
    { staffId, ...intervalValues(window) },
  );
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
