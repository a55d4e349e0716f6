import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { payments } from '../../db/schema/payments.js';
import type { EventBus } from '../../events/event-bus.js';
import { releaseLapsedHolds } from '../bookings/booking-settlement.js';
import { reconcilePayment } from './payment-settlement.js';
import type { PaymentsContext } from './payments-context.js';

/** Payments pending longer than this without a final answer are asked about (STK query). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** One batch per run keeps a run short; the next run takes the rest. */
const BATCH = 100;
/** pg_try_advisory_lock key: one API process at a time runs the job. */
const LOCK_KEY = 6_000_001;

export interface ReconciliationReport {
  /** False when another process held the lock (or a run was already under way here). */
  ran: boolean;
  completed: number;
  failed: number;
  stillPending: number;
  holdsReleased: number;
}

/**
 * Every `intervalMs`: asks Daraja about payments left pending (no callback, or one that could
 * not be confirmed) and settles them, or past their deadline hands them to the status checks
 * (issue 34), then releases bookings whose hold expired with no payment under way (API-CONTRACT
 * decision 7).
 */
export class PaymentReconciliation {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<ReconciliationReport> | undefined;

  constructor(
    private readonly deps: {
      database: Database;
      payments: PaymentsContext;
      events: EventBus;
      intervalMs: number;
      log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
    },
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.runOnce().catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'payment reconciliation failed'),
      );
    }, this.deps.intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One pass (tests call this with a clock of their choosing). */
  runOnce(now = new Date()): Promise<ReconciliationReport> {
    if (this.#running) return Promise.resolve(idle());
    this.#running = this.#withLock(() => this.#pass(now)).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #pass(now: Date): Promise<ReconciliationReport> {
    const { db } = this.deps.database;
    const report: ReconciliationReport = {
      ran: true,
      completed: 0,
      failed: 0,
      stillPending: 0,
      holdsReleased: 0,
    };

    const stale = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
          // Past their deadline they belong to the status checks (issue 34), with their back-off.
          isNull(payments.checkingSince),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(BATCH);
    for (const payment of stale) {
      try {
        const result = await reconcilePayment(this.deps.payments, payment, now);
        if (result === 'completed') report.completed += 1;
        else if (result === 'failed') report.failed += 1;
        else report.stillPending += 1;
      } catch (error) {
        report.stillPending += 1;
        this.deps.log.error({ err: error, paymentId: payment.id }, 'could not reconcile payment');
      }
    }

    // Holds that ran out with no payment under way (the customer never finished paying).
    report.holdsReleased = await releaseLapsedHolds(db, this.deps.events, now, BATCH);
    return report;
  }

  /**
   * Session-level pg_try_advisory_lock on a connection of its own, held for the whole pass, so
   * one of several API processes on the same PostgreSQL does the work. PGlite lives in a single
   * process, so its one session always gets the lock.
   */
  async #withLock(work: () => Promise<ReconciliationReport>): Promise<ReconciliationReport> {
    const { database } = this.deps;
    const client = (database.db as unknown as { $client: unknown }).$client as {
      connect?: () => Promise<{
        query: (text: string, values: unknown[]) => Promise<{ rows: Array<{ locked: boolean }> }>;
        release: () => void;
      }>;
    };
    if (database.kind === 'postgres' && typeof client.connect === 'function') {
      const connection = await client.connect();
      try {
        const { rows } = await connection.query('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
        if (!rows[0]?.locked) return idle();
        try {
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    }
    const result = await database.db.execute(sql`select pg_try_advisory_lock(${LOCK_KEY}) as locked`);
    if (!(result.rows[0] as { locked?: boolean } | undefined)?.locked) return idle();
    try {
      return await work();
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(${LOCK_KEY})`);
    }
  }
}

function idle(): ReconciliationReport {
  return { ran: false, completed: 0, failed: 0, stillPending: 0, holdsReleased: 0 };
}
