import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/jobs.js';

/**
 * The one durable job mechanism (booking reminders; refunds and M-Pesa status checks, issue 34):
 * rows of the jobs table, scheduled idempotently by key, claimed by any number of worker
 * processes with `FOR UPDATE SKIP LOCKED`, so each due job goes to exactly one of them.
 */

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type JobRow = typeof jobs.$inferSelect;
export type JobInput = Pick<typeof jobs.$inferInsert, 'key' | 'kind' | 'runAt' | 'bookingId' | 'payload'>;

/**
 * Inserts jobs, or moves each existing one (same key) to its new time and payload — a job already
 * done stays done unless its time changed. One statement for any number of jobs (keys unique).
 */
export async function scheduleJobs(db: Executor, inputs: JobInput[]): Promise<void> {
  await upsertJobs(
    db,
    inputs,
    {
      runAt: sql`excluded.run_at`,
      status: 'pending',
      payload: sql`excluded.payload`,
      attempts: 0,
      lastError: null,
    },
    sql`${jobs.status} in ('pending', 'cancelled') or ${jobs.runAt} <> excluded.run_at`,
  );
}

/**
 * Makes sure each job will run: inserts it, or re-arms one that is no longer pending (done,
 * failed, cancelled) to run at its new time. A job still pending keeps its own time (a job
 * backing off is not pulled forward by whoever arms it again) unless `pullForward` asks for the
 * earlier time: a result that arrived wakes its job at once, even one a worker is running (the
 * worker's own finish or retry then leaves the earlier time alone).
 */
export async function armJobs(
  db: Executor,
  inputs: JobInput[],
  options: { pullForward?: boolean } = {},
): Promise<void> {
  await upsertJobs(
    db,
    inputs,
    { runAt: sql`excluded.run_at`, status: 'pending', doneAt: null },
    options.pullForward
      ? sql`${jobs.status} <> 'pending' or ${jobs.runAt} > excluded.run_at`
      : sql`${jobs.status} <> 'pending'`,
  );
}

/** Inserts the jobs in one statement; a job whose key exists gets `set` where `setWhere` holds. */
async function upsertJobs(
  db: Executor,
  inputs: JobInput[],
  set: PgUpdateSetSource<typeof jobs>,
  setWhere: SQL,
): Promise<void> {
  if (!inputs.length) return;
  await db.insert(jobs).values(inputs).onConflictDoUpdate({ target: jobs.key, set, setWhere });
}

/** Cancels the pending jobs of one kind of these bookings; answers how many. */
export async function cancelJobsOfBookings(
  db: Executor,
  kind: string,
  bookingIds: string[],
): Promise<number> {
  if (!bookingIds.length) return 0;
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled' })
    .where(and(eq(jobs.kind, kind), inArray(jobs.bookingId, bookingIds), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Cancels these jobs (by key) if still pending. */
export async function cancelJobsByKey(db: Executor, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(jobs)
    .set({ status: 'cancelled' })
    .where(and(inArray(jobs.key, keys), eq(jobs.status, 'pending')));
}

export interface ClaimOptions {
  kinds: readonly string[];
  now: Date;
  limit: number;
  /**
   * Absent: each job is marked done as it is claimed (it runs at most once; reminders). Given: the
   * job stays pending with its time moved `leaseMs` ahead, so a worker that dies mid-job leaves it
   * to another once the lease is over (it runs at least once: its handler must be idempotent), and
   * `finishJob` / `retryJob` end the lease.
   */
  leaseMs?: number;
}

/** Claims up to `limit` due jobs of these kinds for this worker; another worker skips them. */
export async function claimJobs(db: Db, options: ClaimOptions): Promise<JobRow[]> {
  const { kinds, now, limit, leaseMs } = options;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), inArray(jobs.kind, [...kinds]), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed =
      leaseMs === undefined ? { status: 'done', doneAt: now } : { runAt: new Date(now.getTime() + leaseMs) };
    return tx
      .update(jobs)
      .set({ ...claimed, attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * A leased job's handler finished: the job is done, unless it was re-armed or pulled forward while
 * it ran (its time is no longer the lease's end): then it stays pending and runs again.
 */
export async function finishJob(db: Executor, job: Pick<JobRow, 'id' | 'attempts' | 'runAt'>, now: Date) {
  await db.update(jobs).set({ status: 'done', doneAt: now, lastError: null }).where(claimStillHeld(job));
}

/**
 * Runs a claimed job again at `runAt` (back-off, or a check later) — or earlier, when a leased job
 * was pulled forward while it ran — or marks it failed for good when `runAt` is undefined.
 */
export async function retryJob(
  db: Executor,
  job: Pick<JobRow, 'id' | 'attempts' | 'runAt'>,
  runAt: Date | undefined,
  error?: unknown,
): Promise<void> {
  const lastError =
    error === undefined
      ? {}
      : { lastError: String(error instanceof Error ? error.message : error).slice(0, 500) };
  const sameClaim = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
  if (!runAt) {
    await db
      .update(jobs)
      .set({ status: 'failed', ...lastError })
      .where(sameClaim);
    return;
  }
  const leaseEnd = job.runAt.toISOString();
  const next = runAt.toISOString();
  await db
    .update(jobs)
    .set({
      status: 'pending',
      runAt: sql`case when ${jobs.runAt} < ${leaseEnd}::timestamptz then least(${jobs.runAt}, ${next}::timestamptz) else ${next}::timestamptz end`,
      ...lastError,
    })
    .where(sameClaim);
}

/** The claim this worker made is still the job's current one, and nobody moved its time meanwhile. */
function claimStillHeld(job: Pick<JobRow, 'id' | 'attempts' | 'runAt'>) {
  return and(
    eq(jobs.id, job.id),
    eq(jobs.attempts, job.attempts),
    eq(jobs.status, 'pending'),
    eq(jobs.runAt, job.runAt),
  );
}

/** Exponential back-off: `baseMs` doubled per attempt after the first, at most `maxMs`. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * Runs `pass` every `intervalMs` (and once at start), never two passes of one poller at a time;
 * `stop()` waits for a pass under way. What the job workers of every process share.
 */
export class JobPoller {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  start(): void {
    if (this.#timer) return;
    const tick = () => {
      if (this.#running) return;
      this.#running = this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.name} pass failed`))
        .finally(() => {
          this.#running = undefined;
        });
    };
    this.#timer = setInterval(tick, this.intervalMs);
    this.#timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
