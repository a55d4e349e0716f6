import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/** Cents paid out (completed withdrawals) and held by the pending one. */
export async function withdrawalTotals(db: Executor, userId: string) {
  const [row] = await db
    .select({
      completedCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'completed'), 0)::int`,
      pendingCents: sql<number>`coalesce(sum(${referralWithdrawals.amountCents}) filter (where ${referralWithdrawals.status} = 'pending'), 0)::int`,
    })
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.userId, userId));
  return { completedCents: Number(row?.completedCents ?? 0), pendingCents: Number(row?.pendingCents ?? 0) };
}

/** Inserts a pending withdrawal; the partial unique index refuses a second pending one (23505). */
export async function insertWithdrawal(
  tx: Executor,
  values: typeof referralWithdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(referralWithdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(referralWithdrawals).where(eq(referralWithdrawals.id, id));
  return row;
}

/** Records Daraja's ConversationID unless the result already did. */
export async function setWithdrawalConversation(db: Executor, id: string, conversationId: string) {
  await db
    .update(referralWithdrawals)
    .set({ conversationId })
    .where(and(eq(referralWithdrawals.id, id), isNull(referralWithdrawals.conversationId)));
}

/**
 * Settles a withdrawal once: only a pending row (or one we failed ourselves because Daraja could
 * not be reached, result_code still null) moves; returns the row when it did.
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
    .set(values)
    .where(
      and(
        eq(referralWithdrawals.id, id),
        sql`(${referralWithdrawals.status} = 'pending' or (${referralWithdrawals.status} = 'failed' and ${referralWithdrawals.resultCode} is null))`,
      ),
    )
    .returning();
  return row;
}

/** Marks a pending withdrawal failed locally (the request never reached Daraja); result_code stays null. */
export async function failWithdrawalLocally(db: Executor, id: string, resultDesc: string, at: Date) {
  await db
    .update(referralWithdrawals)
    .set({ status: 'failed', resultDesc, settledAt: at })
    .where(and(eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, 'pending')));
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
