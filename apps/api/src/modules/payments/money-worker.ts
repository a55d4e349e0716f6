import type { FastifyBaseLogger } from 'fastify';
import { ZDarajaResult } from '../../adapters/mpesa/daraja-wire.js';
import type { Db } from '../../db/client.js';
import {
  armJobs,
  backoffMs,
  claimJobs,
  finishJob,
  type JobInput,
  JobPoller,
  type JobRow,
  retryJob,
} from '../../jobs/job-queue.js';
import { withdrawalsToCheck } from '../referrals/referrals-service.js';
import * as money from './money-repository.js';
import { SPLIT_VOUCHER_JOB } from './payment-settlement.js';
import type { PaymentsContext } from './payments-context.js';
import {
  advanceRefund,
  applyRefundResult,
  REFUND_JOB,
  refundJobKey,
  refundRequestTimedOut,
} from './refunds.js';
import { sendSplitVouchers } from './splits.js';
import { closeCancelledSplits } from './splits-repository.js';
import {
  applyStatusResult,
  CHECK_JOB,
  type CheckSubject,
  checkJobKey,
  runStatusCheck,
  statusRequestTimedOut,
} from './status-checks.js';

/** A claimed money job is another worker's to take over if this one has not finished it by then. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Each pass looks for refunds due among payments and bookings changed this recently… */
const RECENT_MS = 24 * 60 * 60_000;
/** …and over every payment this often (and on its first pass). */
const FULL_SWEEP_MS = 60 * 60_000;
const SWEEP_LIMIT = 200;
const ERROR_BASE_MS = 30_000;
const ERROR_MAX_MS = 30 * 60_000;

export interface MoneyPassReport {
  refundsCreated: number;
  jobsRun: number;
}

/**
 * The money jobs of every API process (issue 34): each pass finds what must happen (refunds due,
 * payments, withdrawals and refund requests past their deadline) and arms its durable job, then
 * claims due jobs with FOR UPDATE SKIP LOCKED — each goes to one process — and runs them. A job's
 * claim is a lease: a process that dies mid-job leaves it to another after two minutes, which is
 * safe because every step is idempotent (the refund and request rows decide, under row locks).
 */
export class MoneyWorker {
  readonly #poller: JobPoller;
  #lastFullSweep = 0;

  constructor(
    private readonly deps: {
      db: Db;
      payments: PaymentsContext;
      intervalMs: number;
      deadlineMs: number;
      log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
    },
  ) {
    this.#poller = new JobPoller('money jobs', deps.intervalMs, () => this.runOnce(), deps.log);
  }

  start(): void {
    this.#poller.start();
  }

  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /** One pass: sweep, then run every due job (tests call this with a clock of their choosing). */
  async runOnce(now = new Date()): Promise<MoneyPassReport> {
    const refundsCreated = await this.sweep(now);
    let jobsRun = 0;
    for (;;) {
      const claimed = await claimJobs(this.deps.db, {
        kinds: [REFUND_JOB, CHECK_JOB, SPLIT_VOUCHER_JOB],
        now,
        limit: BATCH,
        leaseMs: LEASE_MS,
      });
      for (const job of claimed) {
        await this.#run(job, now);
        jobsRun += 1;
      }
      if (claimed.length < BATCH) return { refundsCreated, jobsRun };
    }
  }

  /** Arms the job of everything that must happen; answers how many refunds it created. */
  async sweep(now: Date): Promise<number> {
    const { db, deadlineMs } = this.deps;
    const full = now.getTime() - this.#lastFullSweep >= FULL_SWEEP_MS;
    if (full) this.#lastFullSweep = now.getTime();
    // Splits whose booking was cancelled (their hold lapsed): closed, their paid shares refunded below.
    await closeCancelledSplits(db, now);
    const created = await money.createDueRefunds(
      db,
      full ? undefined : new Date(now.getTime() - RECENT_MS),
      SWEEP_LIMIT,
    );
    const refundIds = full ? await money.openRefundIds(db, SWEEP_LIMIT) : created;
    const before = new Date(now.getTime() - deadlineMs);
    const [requests, checkingPayments, withdrawals] = await Promise.all([
      money.overdueRefundRequests(db, before, SWEEP_LIMIT),
      money.checkingPaymentIds(db, SWEEP_LIMIT),
      withdrawalsToCheck(db, before, SWEEP_LIMIT),
    ]);
    const jobs: JobInput[] = [...new Set(refundIds)].map((id) => ({
      key: refundJobKey(id),
      kind: REFUND_JOB,
      runAt: now,
    }));
    const check = (subject: CheckSubject) => (id: string) => ({
      key: checkJobKey(subject, id),
      kind: CHECK_JOB,
      runAt: now,
      payload: { subject, id },
    });
    jobs.push(
      ...requests.map(check('request')),
      ...checkingPayments.map(check('payment')),
      ...withdrawals.map(check('withdrawal')),
    );
    await armJobs(db, jobs);
    return created.length;
  }

  async #run(job: JobRow, now: Date): Promise<void> {
    try {
      const next =
        job.kind === REFUND_JOB
          ? await this.#refund(job, now)
          : job.kind === SPLIT_VOUCHER_JOB
            ? await sendSplitVouchers(this.deps.payments, String(job.payload.splitId), now)
            : await this.#check(job, now);
      if (next) await retryJob(this.deps.db, job, next);
      else await finishJob(this.deps.db, job, now);
    } catch (error) {
      this.deps.log.error({ err: error, job: job.key }, 'money job failed');
      await retryJob(
        this.deps.db,
        job,
        new Date(now.getTime() + backoffMs(job.attempts, ERROR_BASE_MS, ERROR_MAX_MS)),
        error,
      );
    }
  }

  #refund(job: JobRow, now: Date): Promise<Date | undefined> {
    return advanceRefund(this.deps.payments, job.key.slice(REFUND_JOB.length + 1), now);
  }

  #check(job: JobRow, now: Date): Promise<Date | undefined> {
    const { subject, id } = job.payload as { subject: CheckSubject; id: string };
    return runStatusCheck(this.deps.payments, subject, id, job.attempts, now);
  }

  /** Wakes a job now (a result came in), even one a worker is running: it runs again. */
  wake(key: string, kind: string, payload: Record<string, unknown> = {}, now = new Date()): Promise<void> {
    return armJobs(this.deps.db, [{ key, kind, runAt: now, payload }], { pullForward: true });
  }

  wakeRefund(refundId: string): Promise<void> {
    return this.wake(refundJobKey(refundId), REFUND_JOB);
  }

  wakeCheck(subject: CheckSubject, id: string): Promise<void> {
    return this.wake(checkJobKey(subject, id), CHECK_JOB, { subject, id });
  }

  /**
   * A result Daraja posted to the ResultURL (or QueueTimeOutURL) of our request `requestId`:
   * applied once, whatever is replayed. Answers what happened, for the log and the tests.
   */
  async handle(
    route: 'result' | 'timeout',
    requestId: string,
    body: unknown,
    now = new Date(),
  ): Promise<string> {
    const parsed = ZDarajaResult.safeParse(body);
    if (!parsed.success) {
      this.deps.log.warn(
        { requestId, issues: parsed.error.issues.slice(0, 3) },
        'M-Pesa result ignored: unreadable body',
      );
      return 'ignored';
    }
    const result = parsed.data.Result;
    const request = await money.findRequest(this.deps.db, requestId);
    if (!request) return 'ignored';
    if (request.kind === 'status') {
      if (route === 'timeout') {
        const timedOut = await statusRequestTimedOut(this.deps.payments, requestId, now);
        if (timedOut) await this.wakeCheck(timedOut.subject, timedOut.subjectId);
        return timedOut ? 'timed_out' : 'ignored';
      }
      const applied = await applyStatusResult(this.deps.payments, requestId, result, now);
      if (!applied) return 'ignored';
      // Settled or not, its job looks again now: it ends, or asks again after its back-off.
      await this.wakeCheck(applied.subject, applied.subjectId);
      return 'moved' in applied.finding ? (applied.finding.moved ? 'moved' : 'not_moved') : 'unknown';
    }
    if (route === 'timeout') {
      const timedOut = await refundRequestTimedOut(this.deps.payments, requestId, result.ConversationID, now);
      if (timedOut) await this.wakeCheck('request', requestId);
      return timedOut ? 'timed_out' : 'ignored';
    }
    return applyRefundResult(this.deps.payments, requestId, result, now);
  }
}
