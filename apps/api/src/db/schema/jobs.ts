import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.js';

/**
 * Durable jobs, claimed by any number of worker processes with FOR UPDATE SKIP LOCKED
 * (`apps/api/src/jobs/job-queue.ts`): booking reminders (issue 11) and, since issue 34, refunds
 * and M-Pesa status checks. `key` makes scheduling idempotent. The table keeps the name it was
 * born with (`notification_jobs`: the reminders were its first jobs).
 */
export const jobs = pgTable(
  'notification_jobs',
  {
    id: id(),
    key: text('key').notNull(),
    /** 'booking_reminder' | 'refund' | 'mpesa_check' */
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id'),
    runAt: timestampTz('run_at').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    doneAt: timestampTz('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_jobs_key').on(t.key),
    index('notification_jobs_due_idx').on(t.status, t.runAt),
    index('notification_jobs_booking_idx').on(t.bookingId),
    check('notification_jobs_status', sql`${t.status} in ('pending', 'done', 'cancelled', 'failed')`),
  ],
);
