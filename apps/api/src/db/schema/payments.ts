import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bookings } from './bookings.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';

// Owned by the payments module (moved from bookings.ts in issue 17; the table is unchanged).

/**
 * An M-Pesa STK push for a booking's access fee. Amounts are whole shillings (M-Pesa takes no
 * cents). `checkoutRequestId` and `mpesaReceiptNumber` are unique so a repeated callback can
 * never record a second payment; `idempotencyKey` is unique per user so a repeated request
 * replays the first answer instead of pushing twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id, 'restrict'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'booking_access_fee' */
    type: text('type').notNull().default('booking_access_fee'),
    method: text('method').notNull().default('mpesa'),
    currency: text('currency').notNull().default('KES'),
    amount: integer('amount').notNull(),
    /** 2547XXXXXXXX / 2541XXXXXXXX; blanked on account erasure. */
    phoneNumber: text('phone_number'),
    /** 'pending' | 'completed' | 'failed' */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    mpesaReceiptNumber: text('mpesa_receipt_number'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** Amount the callback reported (may differ from `amount`: then the payment is not paid). */
    paidAmount: integer('paid_amount'),
    callbackReceivedAt: timestampTz('callback_received_at'),
    /**
     * Set when the payment passed its deadline with no final answer (issue 34): the status checks
     * ask Daraja until it knows, and the customer sees 'Checking with M-Pesa'. Never failed on a
     * time-out alone while the money may have moved.
     */
    checkingSince: timestampTz('checking_since'),
    /** The split share this payment pays (issue 34), null for a booking paid whole. */
    shareId: uuid('share_id').references((): AnyPgColumn => paymentSplitShares.id, { onDelete: 'set null' }),
    completedAt: timestampTz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_checkout_request_key').on(t.checkoutRequestId),
    uniqueIndex('payments_receipt_key').on(t.mpesaReceiptNumber),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('payments_share_idx').on(t.shareId).where(sql`${t.shareId} is not null`),
    check('payments_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Money going back (issue 34): one refund per payment that must be returned (its booking was
 * cancelled, it paid a booking already paid, or it paid less than the fee). `payment_id` is unique:
 * whatever is replayed or retried, a payment is refunded at most once. Paid by Daraja's Reversal
 * of the original receipt, or by B2C to the number that paid when the reversal is refused.
 * status: pending (waiting for its job) → processing (a request is with Daraja) → completed
 * (`receipt`), or failed (no automatic way left: `support_reference`, support pays by hand).
 * `checking_since`: a request's result is overdue; Transaction Status is being asked.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: requiredRef('payment_id', () => payments.id, 'restrict'),
    bookingId: requiredRef('booking_id', () => bookings.id, 'restrict'),
    /** The customer to notify (the payment's account; null for a friend who paid a split share). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whole shillings received, all of which go back. */
    amount: integer('amount').notNull(),
    /** The number that paid (2547…): where a B2C refund goes; blanked on account erasure. */
    phoneNumber: text('phone_number'),
    /** The receipt of the payment being returned (what a reversal reverses). */
    originalReceipt: text('original_receipt'),
    /** 'cancelled' | 'duplicate' | 'underpaid' */
    reason: text('reason').notNull(),
    /** 'pending' | 'processing' | 'completed' | 'failed' */
    status: text('status').notNull().default('pending'),
    /** 'reversal' | 'b2c': how it was (or is being) paid. */
    method: text('method'),
    /** The reversal's or B2C payment's M-Pesa receipt. */
    receipt: text('receipt'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** 'RF-' and 8 characters, given when no automatic way is left; the customer quotes it to support. */
    supportReference: text('support_reference'),
    checkingSince: timestampTz('checking_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    uniqueIndex('refunds_support_reference_key').on(t.supportReference),
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_open_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'processing')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`),
    check('refunds_method_check', sql`${t.method} is null or ${t.method} in ('reversal', 'b2c')`),
    check('refunds_reason_check', sql`${t.reason} in ('cancelled', 'duplicate', 'underpaid')`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Every asynchronous request we make of Daraja for money going back or for an answer (issue 34):
 * a reversal or a B2C payment of a refund, or a Transaction Status query. The row is committed
 * before the request leaves, and its id is in the ResultURL / QueueTimeOutURL, so a result always
 * finds its request; for B2C the id is also the OriginatorConversationID.
 * status: sending (not known to have reached Daraja) → accepted → completed | failed | timed_out.
 */
export const mpesaRequests = pgTable(
  'mpesa_requests',
  {
    id: id(),
    /** 'reversal' | 'b2c' | 'status' */
    kind: text('kind').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** What a status query asks about: 'payment' | 'withdrawal' | 'request' (another of these rows). */
    subject: text('subject'),
    subjectId: uuid('subject_id'),
    amount: integer('amount'),
    status: text('status').notNull().default('sending'),
    conversationId: text('conversation_id'),
    originatorConversationId: text('originator_conversation_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** The receipt the result named (a reversal's or B2C payment's; for a status query, the one found). */
    receipt: text('receipt'),
    /** Status queries: what M-Pesa said of the transaction ('Completed', 'not found', …). */
    answer: text('answer'),
    createdAt: createdAt(),
    settledAt: timestampTz('settled_at'),
  },
  (t) => [
    uniqueIndex('mpesa_requests_conversation_key').on(t.conversationId),
    index('mpesa_requests_refund_idx').on(t.refundId),
    index('mpesa_requests_subject_idx').on(t.subjectId),
    index('mpesa_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('sending', 'accepted', 'timed_out')`),
    check('mpesa_requests_kind_check', sql`${t.kind} in ('reversal', 'b2c', 'status')`),
    check(
      'mpesa_requests_status_check',
      sql`${t.status} in ('sending', 'accepted', 'completed', 'failed', 'timed_out')`,
    ),
    check(
      'mpesa_requests_subject_check',
      sql`${t.subject} is null or ${t.subject} in ('payment', 'withdrawal', 'request')`,
    ),
  ],
);

/**
 * A booking's access fee split between friends (issue 34): the organiser's booking holds
 * `party_size` places; each share is paid by its own M-Pesa number. `token` is the secret of the
 * share link. At most one open split per organiser per slot (the partial unique index).
 * status: open → paid (every share paid, the booking confirmed) | lapsed (the hold ran out, paid
 * shares refunded) | cancelled.
 */
export const paymentSplits = pgTable(
  'payment_splits',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id, 'cascade'),
    organiserId: uuid('organiser_id').references(() => users.id, { onDelete: 'set null' }),
    token: text('token').notNull(),
    partySize: integer('party_size').notNull(),
    /** Whole shillings: the fee of every place, rounded up to the shilling once. */
    totalAmount: integer('total_amount').notNull(),
    /** The slot (offer and start) an organiser may hold one open split of. */
    offerId: uuid('offer_id').notNull(),
    startTime: timestampTz('start_time').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestampTz('closed_at'),
  },
  (t) => [
    uniqueIndex('payment_splits_booking_key').on(t.bookingId),
    uniqueIndex('payment_splits_token_key').on(t.token),
    uniqueIndex('payment_splits_open_slot_key')
      .on(t.organiserId, t.offerId, t.startTime)
      .where(sql`${t.status} = 'open'`),
    check('payment_splits_status_check', sql`${t.status} in ('open', 'paid', 'lapsed', 'cancelled')`),
    check('payment_splits_party_check', sql`${t.partySize} between 2 and 10`),
  ],
);

/**
 * One person's share of a split (position 0 is the organiser's, which absorbs the rounding).
 * `phone_number` is set when the organiser names the friend or a friend claims the share through
 * the link; status open → pending (a push is out) → paid (`payment_id`). A declined push puts the
 * share back to open, at no cost to anyone.
 */
export const paymentSplitShares = pgTable(
  'payment_split_shares',
  {
    id: id(),
    splitId: requiredRef('split_id', () => paymentSplits.id, 'cascade'),
    position: integer('position').notNull(),
    amount: integer('amount').notNull(),
    /** 2547… once known; blanked on the organiser's account erasure. */
    phoneNumber: text('phone_number'),
    /** 'open' | 'pending' | 'paid' */
    status: text('status').notNull().default('open'),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestampTz('paid_at'),
  },
  (t) => [
    uniqueIndex('payment_split_shares_position_key').on(t.splitId, t.position),
    check('payment_split_shares_status_check', sql`${t.status} in ('open', 'pending', 'paid')`),
    check('payment_split_shares_amount_check', sql`${t.amount} > 0`),
  ],
);
