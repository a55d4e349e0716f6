import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertRow, rowById } from '../../db/rows.js';
import { referralRewards, referralWithdrawals } from '../../db/schema/referrals.js';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type RewardRow = typeof referralRewards.$inferSelect;
export type WithdrawalRow = typeof referralWithdrawals.$inferSelect;

/** Inserts the credit unless this booking already has one (the unique key decides); true when written. */
export async function insertRewardOnce(
  tx: Executor,
  values: typeof referralRewards.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(referralRewards)
    .values(values)
    .onConflictDoNothing({ target: referralRewards.bookingId })
    .returning({ id: referralRewards.id });
  return rows.length > 0;
}

export async function rewardTotals(db: Executor, referrerId: string) {
  const [row] = await db
    .select({
      totalCents: sql<number>`coalesce(sum(${referralRewards.amountCents}), 0)::int`,
      bookings: sql<number>`count(*)::int`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.referrerId, referrerId));
  return { totalCents: Number(row?.totalCents ?? 0), bookings: Number(row?.bookings ?? 0) };
}

export async function recentRewards(db: Executor, referrerId: string, limit: number): Promise<RewardRow[]> {
  return db
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.referrerId, referrerId))
    .orderBy(desc(referralRewards.createdAt), desc(referralRewards.id))
    .limit(limit);
}

/**
 * Cents paid out (completed withdrawals) and held by the pending one — and by any being checked
 * with M-Pesa (issue 34: a payout that may have paid is never offered again until M-Pesa answers).
 */
export async function withdrawalTotals(db: Executor, userId: string) {
  const [row] = await db
    .select({
      completedCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'completed'), 0)::int`,
      pendingCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'pending' or (${referralWithdrawals.status} = 'failed' and ${referralWithdrawals.checkingSince} is not null)), 0)::int`,
    })
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.userId, userId));
  return { completedCents: Number(row?.completedCents ?? 0), pendingCents: Number(row?.pendingCents ?? 0) };
}

/** Inserts a pending withdrawal; the partial unique index refuses a second pending one (23505). */
export const insertWithdrawal = (tx: Executor, values: typeof referralWithdrawals.$inferInsert) =>
  insertRow(tx, referralWithdrawals, values);
export const findWithdrawal = (db: Executor, id: string) => rowById(db, referralWithdrawals, id);

/** Records Daraja's ConversationID unless the result already did. */
export async function setWithdrawalConversation(db: Executor, id: string, conversationId: string) {
  await db
    .update(referralWithdrawals)
    .set({ conversationId })
    .where(and(eq(referralWithdrawals.id, id), isNull(referralWithdrawals.conversationId)));
}

/**
 * Settles a withdrawal once: only a pending row (or one we failed ourselves because Daraja could
 * not be reached, result_code still null) moves; returns the row when it did. Settling ends any
 * check with M-Pesa.
 */
export async function settleWithdrawal(
  db: Executor,
  id: string,
  values: Pick<WithdrawalRow, 'status' | 'receipt' | 'resultCode' | 'resultDesc' | 'settledAt'> & {
    conversationId?: string;
  },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(referralWithdrawals)
    .set({ ...values, checkingSince: null })
    .where(
      and(
        eq(referralWithdrawals.id, id),
        sql`(${referralWithdrawals.status} = 'pending' or (${referralWithdrawals.status} = 'failed' and ${referralWithdrawals.resultCode} is null))`,
      ),
    )
    .returning();
  return row;
}

/**
 * Marks a pending withdrawal failed locally (the request did not reach Daraja, or Daraja refused it);
 * result_code stays null. `checking`: Daraja may have taken it after all (it could not be reached),
 * so Transaction Status is asked before the amount is offered again (issue 34).
 */
export async function failWithdrawalLocally(
  db: Executor,
  id: string,
  resultDesc: string,
  at: Date,
  checking = false,
) {
  await db
    .update(referralWithdrawals)
    .set({ status: 'failed', resultDesc, settledAt: at, checkingSince: checking ? at : null })
    .where(and(eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, 'pending')));
}

/** A withdrawal that may have paid and has no result: being checked with M-Pesa from `at` on (once). */
export async function markWithdrawalChecking(db: Executor, id: string, at: Date) {
  await db
    .update(referralWithdrawals)
    .set({ checkingSince: at })
    .where(
      and(
        eq(referralWithdrawals.id, id),
        isNull(referralWithdrawals.checkingSince),
        or(
          eq(referralWithdrawals.status, 'pending'),
          and(eq(referralWithdrawals.status, 'failed'), isNull(referralWithdrawals.resultCode)),
        ),
      ),
    );
}

/** Withdrawals to ask M-Pesa about: pending with no result since before `before`, or being checked. */
export async function withdrawalsToCheck(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: referralWithdrawals.id })
    .from(referralWithdrawals)
    .where(
      or(
        isNotNull(referralWithdrawals.checkingSince),
        and(eq(referralWithdrawals.status, 'pending'), lt(referralWithdrawals.createdAt, before)),
      ),
    )
    .orderBy(asc(referralWithdrawals.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Ends a check that found the payout never happened: a pending row fails, nothing is debited. */
export async function failCheckedWithdrawal(db: Executor, id: string, resultDesc: string, at: Date) {
  const [row] = await db
    .update(referralWithdrawals)
    .set({ status: 'failed', resultDesc, settledAt: at, checkingSince: null })
    .where(
      and(
        eq(referralWithdrawals.id, id),
        or(
          eq(referralWithdrawals.status, 'pending'),
          and(eq(referralWithdrawals.status, 'failed'), isNull(referralWithdrawals.resultCode)),
        ),
      ),
    )
    .returning();
  return row;
}

export async function recentWithdrawals(
  db: Executor,
  userId: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.userId, userId))
    .orderBy(desc(referralWithdrawals.createdAt), desc(referralWithdrawals.id))
    .limit(limit);
}

/** Referral money in [from, to): rewards credited (by credit time), withdrawals paid and pending (by request time). */
export async function ledgerTotals(db: Executor, from: Date, to: Date) {
  const window = (column: typeof referralRewards.createdAt | typeof referralWithdrawals.createdAt) =>
    sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
  const [credits] = await db
    .select({ cents: sql<number>`coalesce(sum(${referralRewards.amountCents}), 0)::int` })
    .from(referralRewards)
    .where(window(referralRewards.createdAt));
  const [payouts] = await db
    .select({
      paidCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'completed'), 0)::int`,
      pendingCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'pending' or (${referralWithdrawals.status} = 'failed' and ${referralWithdrawals.checkingSince} is not null)), 0)::int`,
    })
    .from(referralWithdrawals)
    .where(window(referralWithdrawals.createdAt));
  return {
    creditedCents: Number(credits?.cents ?? 0),
    paidCents: Number(payouts?.paidCents ?? 0),
    pendingCents: Number(payouts?.pendingCents ?? 0),
  };
}

export async function openWithdrawals(db: Executor, limit: number) {
  return db
    .select({
      id: referralWithdrawals.id,
      amountCents: referralWithdrawals.amountCents,
      status: referralWithdrawals.status,
      createdAt: referralWithdrawals.createdAt,
      checkingSince: referralWithdrawals.checkingSince,
    })
    .from(referralWithdrawals)
    .where(
      or(
        eq(referralWithdrawals.status, 'pending'),
        and(eq(referralWithdrawals.status, 'failed'), isNotNull(referralWithdrawals.checkingSince)),
      ),
    )
    .orderBy(asc(referralWithdrawals.createdAt))
    .limit(limit);
}
