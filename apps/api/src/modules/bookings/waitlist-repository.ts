import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.js';
import { bookings, slotWaits } from '../../db/schema/bookings.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import { stores } from '../../db/schema/stores.js';
import type { Executor } from './booking-view.js';

// The waitlist's queries (issue 36; modules/bookings/waitlist.ts decides).

export type WaitRow = typeof slotWaits.$inferSelect;
export type WaitInsert = typeof slotWaits.$inferInsert;

export async function lockCustomerWaits(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waits:${userId}`}, 0))`);
}

export async function countOpenWaits(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slotWaits)
    .where(and(eq(slotWaits.userId, userId), inArray(slotWaits.status, ['waiting', 'offered'])));
  return row?.n ?? 0;
}

export async function openWaitOf(db: Executor, slotKey: string, userId: string) {
  const [row] = await db
    .select()
    .from(slotWaits)
    .where(
      and(
        eq(slotWaits.slotKey, slotKey),
        eq(slotWaits.userId, userId),
        inArray(slotWaits.status, ['waiting', 'offered']),
      ),
    );
  return row;
}

export async function insertWait(tx: Executor, values: WaitInsert): Promise<WaitRow> {
  const [row] = await tx.insert(slotWaits).values(values).returning();
  return row!;
}

export async function findWait(db: Executor, id: string) {
  const [row] = await db.select().from(slotWaits).where(eq(slotWaits.id, id));
  return row;
}

/** The slot's open waits in line order (first come, then id), locked for the caller's transaction. */
export async function slotLine(tx: Executor, slotKey: string) {
  return tx
    .select()
    .from(slotWaits)
    .where(and(eq(slotWaits.slotKey, slotKey), inArray(slotWaits.status, ['waiting', 'offered'])))
    .orderBy(asc(slotWaits.createdAt), asc(slotWaits.id))
    .for('update');
}

export async function setWait(tx: Executor, id: string, values: Partial<WaitInsert>) {
  await tx.update(slotWaits).set(values).where(eq(slotWaits.id, id));
}

/** The customer's live offer for the slot becomes their booking (inside the booking's transaction). */
export async function markOfferBooked(
  tx: Executor,
  slotKey: string,
  userId: string,
  bookingId: string,
  now: Date,
) {
  await tx
    .update(slotWaits)
    .set({ status: 'booked', bookingId, updatedAt: now })
    .where(
      and(
        eq(slotWaits.slotKey, slotKey),
        eq(slotWaits.userId, userId),
        inArray(slotWaits.status, ['waiting', 'offered']),
      ),
    );
}

/** Slots (their first open wait) that have someone waiting and start after `now`, oldest first. */
export async function slotsWithWaiting(db: Executor, now: Date, limit: number) {
  return db
    .selectDistinctOn([slotWaits.slotKey], { wait: slotWaits })
    .from(slotWaits)
    .where(and(eq(slotWaits.status, 'waiting'), gt(slotWaits.startTime, now)))
    .orderBy(slotWaits.slotKey, asc(slotWaits.createdAt))
    .limit(limit);
}

/** An open wait of the slot (any), to rebuild the slot from. */
export async function anyOpenWaitOfSlot(db: Executor, slotKey: string) {
  const [row] = await db
    .select()
    .from(slotWaits)
    .where(and(eq(slotWaits.slotKey, slotKey), eq(slotWaits.status, 'waiting')))
    .limit(1);
  return row;
}

const describe = {
  storeName: stores.name,
  serviceName: services.name,
  offerTitle: offers.title,
};

/** The customer's waits (open, and closed in the last day) with their store and title. */
export async function waitsOfCustomer(db: Executor, userId: string, since: Date) {
  return db
    .select({ wait: slotWaits, ...describe })
    .from(slotWaits)
    .innerJoin(stores, eq(stores.id, slotWaits.storeId))
    .leftJoin(services, eq(services.id, slotWaits.serviceId))
    .leftJoin(offers, eq(offers.id, slotWaits.offerId))
    .where(
      and(
        eq(slotWaits.userId, userId),
        or(inArray(slotWaits.status, ['waiting', 'offered']), gt(slotWaits.updatedAt, since)),
      ),
    )
    .orderBy(asc(slotWaits.startTime), asc(slotWaits.createdAt));
}

/** How many open waits of the slot are ahead of this one in line. */
export async function aheadInLine(db: Executor, wait: WaitRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slotWaits)
    .where(
      and(
        eq(slotWaits.slotKey, wait.slotKey),
        eq(slotWaits.status, 'waiting'),
        or(
          sql`${slotWaits.createdAt} < ${wait.createdAt.toISOString()}::timestamptz`,
          and(eq(slotWaits.createdAt, wait.createdAt), sql`${slotWaits.id} < ${wait.id}`),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The open waits of a merchant's stores' upcoming slots, in line order per slot. */
export async function merchantWaits(db: Executor, merchantId: string, now: Date, storeId?: string) {
  return db
    .select({
      wait: slotWaits,
      ...describe,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(slotWaits)
    .innerJoin(stores, eq(stores.id, slotWaits.storeId))
    .innerJoin(users, eq(users.id, slotWaits.userId))
    .leftJoin(services, eq(services.id, slotWaits.serviceId))
    .leftJoin(offers, eq(offers.id, slotWaits.offerId))
    .where(
      and(
        eq(stores.merchantId, merchantId),
        ...(storeId ? [eq(slotWaits.storeId, storeId)] : []),
        inArray(slotWaits.status, ['waiting', 'offered']),
        gt(slotWaits.startTime, now),
      ),
    )
    .orderBy(asc(slotWaits.startTime), asc(slotWaits.slotKey), asc(slotWaits.createdAt), asc(slotWaits.id))
    .limit(500);
}

/** Offers whose hold has lapsed, of one slot, as `expired`; answers how many. */
export async function expireLapsedOffers(tx: Executor, slotKey: string, now: Date): Promise<number> {
  const rows = await tx
    .update(slotWaits)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(slotWaits.slotKey, slotKey),
        eq(slotWaits.status, 'offered'),
        lte(slotWaits.offerExpiresAt, now),
      ),
    )
    .returning({ id: slotWaits.id });
  return rows.length;
}

/** The slot a booking took, as the waitlist names slots (its capacity resource, branch, start). */
export async function bookingSlotOf(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      bookingType: bookings.bookingType,
      offerId: bookings.offerId,
      serviceId: bookings.serviceId,
      branchId: bookings.branchId,
      startTime: bookings.startTime,
      offerServiceId: offers.serviceId,
    })
    .from(bookings)
    .leftJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, bookingId));
  if (!row || row.bookingType === 'quote') return undefined;
  const resourceId = row.serviceId ?? row.offerServiceId ?? row.offerId;
  return resourceId ? { ...row, resourceId } : undefined;
}

/** Each user's live waitlist offers (start time and expiry), for several users in one statement. */
export async function liveOffersOf(
  db: Executor,
  userIds: readonly string[],
  now: Date,
): Promise<{ userId: string; startTime: Date; offerExpiresAt: Date }[]> {
  const rows = await db
    .select({
      userId: slotWaits.userId,
      startTime: slotWaits.startTime,
      offerExpiresAt: slotWaits.offerExpiresAt,
    })
    .from(slotWaits)
    .where(
      and(
        inArray(slotWaits.userId, [...userIds]),
        eq(slotWaits.status, 'offered'),
        gt(slotWaits.offerExpiresAt, now),
      ),
    );
  return rows.flatMap((row) =>
    row.offerExpiresAt
      ? [{ userId: row.userId, startTime: row.startTime, offerExpiresAt: row.offerExpiresAt }]
      : [],
  );
}
