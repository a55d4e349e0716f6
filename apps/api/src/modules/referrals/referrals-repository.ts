import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralRewards } from '../../db/schema/referrals.js';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type RewardRow = typeof referralRewards.$inferSelect;

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
