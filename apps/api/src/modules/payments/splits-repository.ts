import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { insertRow, rowById } from '../../db/rows.js';
import { paymentSplitShares, paymentSplits, payments, refunds } from '../../db/schema/payments.js';
import type { Executor } from './money-repository.js';

/** The split tables (issue 34): a booking's access fee shared between friends. */

export type SplitRow = typeof paymentSplits.$inferSelect;
export type ShareRow = typeof paymentSplitShares.$inferSelect;

export const insertSplit = (tx: Executor, values: typeof paymentSplits.$inferInsert) =>
  insertRow(tx, paymentSplits, values);

export async function insertShares(tx: Executor, values: (typeof paymentSplitShares.$inferInsert)[]) {
  return tx.insert(paymentSplitShares).values(values).returning();
}

export const findSplit = (db: Executor, id: string) => rowById(db, paymentSplits, id);

export async function findSplitByToken(db: Executor, token: string): Promise<SplitRow | undefined> {
  const [row] = await db.select().from(paymentSplits).where(eq(paymentSplits.token, token));
  return row;
}

/** The organiser's open split of this slot, if any (one at a time). */
export async function openSplitOf(db: Executor, organiserId: string, offerId: string, startTime: Date) {
  const [row] = await db
    .select({ id: paymentSplits.id })
    .from(paymentSplits)
    .where(
      and(
        eq(paymentSplits.organiserId, organiserId),
        eq(paymentSplits.offerId, offerId),
        eq(paymentSplits.startTime, startTime),
        eq(paymentSplits.status, 'open'),
      ),
    );
  return row;
}

export async function sharesOf(db: Executor, splitId: string): Promise<ShareRow[]> {
  return db
    .select()
    .from(paymentSplitShares)
    .where(eq(paymentSplitShares.splitId, splitId))
    .orderBy(asc(paymentSplitShares.position));
}

export const findShare = (db: Executor, id: string) => rowById(db, paymentSplitShares, id);
export const lockShare = (tx: Executor, id: string) =>
  rowById(tx, paymentSplitShares, id, { forUpdate: true });

export async function updateShare(
  tx: Executor,
  id: string,
  values: Partial<Omit<ShareRow, 'id' | 'splitId'>>,
) {
  await tx
    .update(paymentSplitShares)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(paymentSplitShares.id, id));
}

export async function updateSplit(tx: Executor, id: string, values: Partial<Omit<SplitRow, 'id'>>) {
  await tx
    .update(paymentSplits)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(paymentSplits.id, id));
}

/** The share's prompt still out (a pending payment), if any. */
export async function pendingPaymentOfShare(db: Executor, shareId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.shareId, shareId), eq(payments.status, 'pending')))
    .limit(1);
  return row;
}

/** Prompts sent for this split's shares, ever (a cap per split: the link cannot prompt without end). */
export async function countSplitPushes(db: Executor, splitId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(paymentSplitShares, eq(paymentSplitShares.id, payments.shareId))
    .where(eq(paymentSplitShares.splitId, splitId));
  return Number(row?.n ?? 0);
}

/** Split prompts sent to this number since `since`, oldest first (the per-number limit). */
export async function splitPushesTo(db: Executor, phone: string, since: Date) {
  return db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.phoneNumber, phone), isNotNull(payments.shareId), gt(payments.createdAt, since)))
    .orderBy(asc(payments.createdAt));
}

/** The refunds of these payments (a lapsed split's paid shares), by payment id. */
export async function refundsOfPayments(db: Executor, paymentIds: string[]) {
  if (!paymentIds.length) return new Map<string, { status: string; receipt: string | null }>();
  const rows = await db
    .select({ paymentId: refunds.paymentId, status: refunds.status, receipt: refunds.receipt })
    .from(refunds)
    .where(inArray(refunds.paymentId, paymentIds));
  return new Map(rows.map((row) => [row.paymentId, { status: row.status, receipt: row.receipt }]));
}

/**
 * Splits whose booking was cancelled while they were open: 'lapsed' when the hold ran out, else
 * 'cancelled' (the organiser or the store cancelled). Their paid shares are refunded by the sweep.
 */
export async function closeCancelledSplits(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update payment_splits s
    set status = case when b.cancel_reason = 'Payment not completed in time' then 'lapsed' else 'cancelled' end,
      closed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from bookings b
    where b.id = s.booking_id and s.status = 'open' and b.status = 'cancelled'
    returning s.id`);
  return result.rows.length;
}

/** Right to erasure: the numbers an erased organiser's splits held (theirs and their friends'). */
export async function blankSharePhonesOf(tx: Executor, organiserId: string): Promise<void> {
  await tx
    .update(paymentSplitShares)
    .set({ phoneNumber: null, updatedAt: new Date() })
    .where(
      inArray(
        paymentSplitShares.splitId,
        tx
          .select({ id: paymentSplits.id })
          .from(paymentSplits)
          .where(eq(paymentSplits.organiserId, organiserId)),
      ),
    );
}
