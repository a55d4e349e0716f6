import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertRow, rowById } from '../../db/rows.js';
import { mpesaRequests, payments, refunds } from '../../db/schema/payments.js';

/**
 * The money tables of the payments module (issue 34): refunds and the asynchronous requests made
 * of Daraja. Every write that moves a state is conditional on the state it moves from, so a
 * replayed result, a second worker or a retried job changes nothing the first did not.
 */

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type RefundRow = typeof refunds.$inferSelect;
export type MpesaRequestRow = typeof mpesaRequests.$inferSelect;

/** Request states in which the money may still move (a result may yet come). */
export const OPEN_REQUEST_STATES = ['sending', 'accepted', 'timed_out'] as const;

/**
 * Creates the refund of every payment that must go back and has none yet (the unique payment_id
 * decides between racing workers): a completed payment of a cancelled booking, a completed payment
 * of a booking (or split share) another payment had already paid, and a payment of less than the
 * fee (failed with its receipt). `since` limits the look to payments or bookings changed since then.
 * Returns the new refunds' ids.
 */
export async function createDueRefunds(
  db: Executor,
  since: Date | undefined,
  limit: number,
): Promise<string[]> {
  const recent = since
    ? sql`and (p.updated_at >= ${since.toISOString()}::timestamptz or b.updated_at >= ${since.toISOString()}::timestamptz)`
    : sql``;
  const result = await db.execute(sql`
    insert into refunds (payment_id, booking_id, user_id, amount, phone_number, original_receipt, reason)
    select p.id, p.booking_id, p.user_id, coalesce(p.paid_amount, p.amount), p.phone_number,
      p.mpesa_receipt_number,
      case when p.status = 'failed' then 'underpaid' when b.status = 'cancelled' then 'cancelled' else 'duplicate' end
    from payments p join bookings b on b.id = p.booking_id
    where p.mpesa_receipt_number is not null
      and not exists (select 1 from refunds r where r.payment_id = p.id)
      and (
        (p.status = 'failed' and p.result_code = 0 and p.paid_amount > 0)
        or (p.status = 'completed' and (
          b.status = 'cancelled'
          or (p.share_id is null and exists (
            select 1 from payments q where q.booking_id = p.booking_id and q.share_id is null
              and q.status = 'completed' and (q.completed_at, q.id) < (p.completed_at, p.id)))
          or (p.share_id is not null and exists (
            select 1 from payment_split_shares s where s.id = p.share_id and s.payment_id is distinct from p.id))
        ))
      )
      ${recent}
    order by p.updated_at
    limit ${limit}
    on conflict (payment_id) do nothing
    returning id`);
  return (result.rows as Array<{ id: string }>).map((row) => row.id);
}

export const lockRefund = (tx: Executor, id: string) => rowById(tx, refunds, id, { forUpdate: true });

/** Refunds neither completed nor failed (their jobs are armed again by every sweep that finds them idle). */
export async function openRefundIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(inArray(refunds.status, ['pending', 'processing']))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function updateRefund(
  tx: Executor,
  id: string,
  values: Partial<Omit<RefundRow, 'id' | 'paymentId'>>,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(refunds.id, id))
    .returning();
  return row;
}

/**
 * Right to erasure: a completed refund keeps no phone number its payment no longer has (the
 * bookings module blanks the payments of an erased customer's bookings). Refunds still in flight
 * keep theirs until they land, because a B2C refund needs the number to pay the money back.
 */
export async function blankErasedRefundPhones(tx: Executor): Promise<void> {
  await tx.execute(sql`
    update refunds set phone_number = null, updated_at = now()
    where status = 'completed' and phone_number is not null
      and payment_id in (select id from payments where phone_number is null)`);
}

export async function requestsOfRefund(db: Executor, refundId: string): Promise<MpesaRequestRow[]> {
  return db
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.refundId, refundId))
    .orderBy(asc(mpesaRequests.createdAt), asc(mpesaRequests.id));
}

export const insertRequest = (tx: Executor, values: typeof mpesaRequests.$inferInsert) =>
  insertRow(tx, mpesaRequests, values);
export const findRequest = (db: Executor, id: string) => rowById(db, mpesaRequests, id);
export const lockRequest = (tx: Executor, id: string) => rowById(tx, mpesaRequests, id, { forUpdate: true });

/** Daraja accepted the request: its ids, unless a result (or a failure) already moved it on. */
export async function markAccepted(
  db: Executor,
  id: string,
  accepted: { conversationId: string; originatorConversationId: string },
): Promise<void> {
  await db
    .update(mpesaRequests)
    .set({ status: 'accepted', ...accepted })
    .where(and(eq(mpesaRequests.id, id), eq(mpesaRequests.status, 'sending')));
}

export async function settleRequest(
  tx: Executor,
  id: string,
  values: Partial<
    Pick<
      MpesaRequestRow,
      'status' | 'resultCode' | 'resultDesc' | 'receipt' | 'answer' | 'settledAt' | 'conversationId'
    >
  >,
): Promise<MpesaRequestRow | undefined> {
  const [row] = await tx.update(mpesaRequests).set(values).where(eq(mpesaRequests.id, id)).returning();
  return row;
}

/** The open status query about a subject, if one is still waiting for its answer. */
export async function openStatusQuery(
  db: Executor,
  subject: 'payment' | 'withdrawal' | 'request',
  subjectId: string,
): Promise<MpesaRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.kind, 'status'),
        eq(mpesaRequests.subject, subject),
        eq(mpesaRequests.subjectId, subjectId),
        inArray(mpesaRequests.status, [...OPEN_REQUEST_STATES]),
      ),
    )
    .orderBy(desc(mpesaRequests.createdAt))
    .limit(1);
  return row;
}

/**
 * Refund requests (reversal, B2C) with no result past `before`, or timed out in Daraja's queue:
 * the status checks ask about them.
 */
export async function overdueRefundRequests(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: mpesaRequests.id })
    .from(mpesaRequests)
    .where(
      and(
        inArray(mpesaRequests.kind, ['reversal', 'b2c']),
        or(
          eq(mpesaRequests.status, 'timed_out'),
          and(inArray(mpesaRequests.status, ['sending', 'accepted']), lt(mpesaRequests.createdAt, before)),
        ),
      ),
    )
    .orderBy(asc(mpesaRequests.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** STK payments handed to the status checks (their deadline passed with no final answer). */
export async function checkingPaymentIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), isNotNull(payments.checkingSince)))
    .orderBy(asc(payments.checkingSince))
    .limit(limit);
  return rows.map((row) => row.id);
}

export const findPayment = (db: Executor, id: string) => rowById(db, payments, id);

/** Marks a pending payment as being checked with M-Pesa (once; the first time stays). */
export async function markPaymentChecking(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ checkingSince: at, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.checkingSince)));
}
