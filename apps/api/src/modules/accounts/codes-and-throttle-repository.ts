import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { authThrottle, otpCodes } from '../../db/schema/accounts.js';
import { type Executor, type OtpRow, seconds, type Transaction } from './accounts-repository.js';

/** The one-time codes (phone verification, password reset) and the sign-in throttle's rows. */

// ---- one-time codes ----

export interface OtpOwner {
  purpose: string;
  accountType: string;
  accountId: string;
}

/** The codes of one account for one purpose. */
function ownedBy(owner: OtpOwner) {
  return and(
    eq(otpCodes.purpose, owner.purpose),
    eq(otpCodes.accountType, owner.accountType),
    eq(otpCodes.accountId, owner.accountId),
  );
}

/** Serialises code issuance per account and purpose (PostgreSQL and PGlite alike). */
export async function lockOtpOwner(tx: Transaction, owner: OtpOwner): Promise<void> {
  const key = `otp:${owner.purpose}:${owner.accountType}:${owner.accountId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Seconds until another code may be sent to this owner; 0 when it may be sent now. */
export async function otpCooldownSeconds(db: Executor, owner: OtpOwner, cooldown: number): Promise<number> {
  const [row] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${otpCodes.createdAt} + ${seconds(cooldown)} - now())))::int`,
    })
    .from(otpCodes)
    .where(and(ownedBy(owner), sql`${otpCodes.createdAt} > now() - ${seconds(cooldown)}`))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/**
 * Codes sent in the last `window` seconds matching the filter, and the seconds until the oldest
 * of them leaves the window (when the cap frees up).
 */
export async function recentOtps(
  db: Executor,
  filter: { destination: string } | { requestedIp: string },
  window: number,
): Promise<{ count: number; freesInSeconds: number }> {
  const column = 'destination' in filter ? otpCodes.destination : otpCodes.requestedIp;
  const value = 'destination' in filter ? filter.destination : filter.requestedIp;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      frees: sql<number>`coalesce(ceil(extract(epoch from (min(${otpCodes.createdAt}) + ${seconds(window)} - now())))::int, 0)`,
    })
    .from(otpCodes)
    .where(and(eq(column, value), sql`${otpCodes.createdAt} > now() - ${seconds(window)}`));
  return { count: Number(row?.count ?? 0), freesInSeconds: Math.max(1, Number(row?.frees ?? 1)) };
}

/** A new code replaces any earlier one for the same owner and purpose. */
export async function retireActiveOtps(db: Executor, owner: OtpOwner): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(ownedBy(owner), isNull(otpCodes.consumedAt)));
}

export async function insertOtp(
  db: Executor,
  values: OtpOwner & { destination: string; codeHash: string; requestedIp: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(otpCodes).values({
    purpose: values.purpose,
    accountType: values.accountType,
    accountId: values.accountId,
    destination: values.destination,
    codeHash: values.codeHash,
    requestedIp: values.requestedIp,
    expiresAt: sql`now() + ${seconds(values.ttlSeconds)}`,
  });
}

/** The newest unused code sent to a destination for a purpose, with whether it has expired. */
export async function findActiveOtp(
  db: Executor,
  where: { purpose: string; destination: string; accountTypes: string[]; accountId?: string },
): Promise<(OtpRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .select({ otp: otpCodes, expired: sql<boolean>`${otpCodes.expiresAt} <= now()` })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, where.purpose),
        eq(otpCodes.destination, where.destination),
        inArray(otpCodes.accountType, where.accountTypes),
        where.accountId ? eq(otpCodes.accountId, where.accountId) : undefined,
        isNull(otpCodes.consumedAt),
      ),
    )
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row ? { ...row.otp, expired: Boolean(row.expired) } : undefined;
}

/**
 * Takes one of the code's tries before the code is compared, so concurrent guesses can never
 * get more than `max` tries between them. undefined: no tries left.
 */
export async function claimOtpAttempt(db: Executor, id: string, max: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), sql`${otpCodes.failedAttempts} < ${max}`))
    .returning({ attempts: otpCodes.failedAttempts });
  return row?.attempts;
}

/** Single use: only the first caller gets true. */
export async function consumeOtp(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, sql`now()`)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

// ---- sign-in throttle ----

/** The longest lock among the keys, in seconds; 0 when none is locked. */
export async function throttleWaitSeconds(db: Executor, keys: string[]): Promise<number> {
  const rows = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${authThrottle.lockedUntil} - now())))::int` })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.lockedUntil, sql`now()`)));
  return rows.reduce((longest, row) => Math.max(longest, Number(row.wait)), 0);
}

/**
 * Counts one failure for the key in a fixed window, atomically (one upsert, safe across
 * instances); reaching `max` in the window locks the key for `window` seconds.
 */
export async function recordThrottleFailure(db: Executor, key: string, max: number, window: number) {
  const expired = sql`${authThrottle.windowStartedAt} <= now() - ${seconds(window)}`;
  await upsertFailure(db, key, max <= 1 ? sql`now() + ${seconds(window)}` : null, {
    failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
    windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
    lockedUntil: sql`case
      when (case when ${expired} then 1 else ${authThrottle.failures} + 1 end) >= ${max}
        then now() + ${seconds(window)}
      else ${authThrottle.lockedUntil} end`,
  });
}

/**
 * One failure for `key` in one upsert (atomic, safe across instances): a first failure starts
 * the row, locked until `firstLock` (or not locked when null); a later one sets `later`.
 */
async function upsertFailure(
  db: Executor,
  key: string,
  firstLock: SQL | null,
  later: { failures: SQL; windowStartedAt: SQL; lockedUntil: SQL },
) {
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, lockedUntil: firstLock })
    .onConflictDoUpdate({ target: authThrottle.key, set: later });
}

export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Every key starting with `prefix` (an account's back-off from every client). */
export async function clearThrottlePrefix(db: Executor, prefix: string): Promise<void> {
  await db.delete(authThrottle).where(sql`starts_with(${authThrottle.key}, ${prefix})`);
}

/**
 * Growing back-off (issue 14): counts one failure for the key, atomically; failures older than
 * `forgetSeconds` since the last one are forgotten. From failure `free + 1` on, the key waits
 * `baseSeconds * 2^(failures - free - 1)` seconds, at most `maxSeconds` — never a lock that
 * outlives its wait. `window_started_at` holds the last failure's time here.
 */
export async function recordBackoffFailure(
  db: Executor,
  key: string,
  policy: { free: number; baseSeconds: number; maxSeconds: number; forgetSeconds: number },
) {
  const forgotten = sql`${authThrottle.windowStartedAt} <= now() - ${seconds(policy.forgetSeconds)}`;
  const failures = sql`(case when ${forgotten} then 1 else ${authThrottle.failures} + 1 end)`;
  const exponent = sql`least(greatest(${failures} - ${policy.free} - 1, 0), 30)`;
  const firstLock =
    policy.free < 1 ? sql`now() + ${seconds(Math.min(policy.baseSeconds, policy.maxSeconds))}` : null;
  await upsertFailure(db, key, firstLock, {
    failures,
    windowStartedAt: sql`now()`,
    lockedUntil: sql`case
      when ${failures} > ${policy.free}
        then now() + least(${policy.maxSeconds}::int, ${policy.baseSeconds}::int * power(2, ${exponent})::int) * interval '1 second'
      else null end`,
  });
}
