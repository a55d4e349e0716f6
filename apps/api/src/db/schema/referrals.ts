import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bookings } from './bookings.js';
import { createdAt, id, requiredRef } from './columns.js';

/**
 * The referral ledger (API-CONTRACT decision 10): one credit per completed offer booking of a
 * referred customer, 30 % of the access fee actually paid, in whole cents. `booking_id` is unique,
 * so a retried completion can never credit twice.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: id(),
    referrerId: requiredRef('referrer_id', () => users.id, 'cascade'),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: requiredRef('booking_id', () => bookings.id, 'cascade'),
    /** What the referred customer paid for the access fee, in cents. */
    paidFeeCents: integer('paid_fee_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'credited' */
    status: text('status').notNull().default('credited'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_rewards_booking_key').on(t.bookingId),
    index('referral_rewards_referrer_created_idx').on(t.referrerId, t.createdAt),
    check('referral_rewards_amount_check', sql`${t.amountCents} >= 0 and ${t.paidFeeCents} > 0`),
  ],
);

/**
 * Referral balance withdrawals through M-Pesa B2C (issue 12). The row's id is the B2C
 * OriginatorConversationID. `pending` until Daraja's result: `completed` debits the balance,
 * `failed` debits nothing. At most one pending withdrawal per customer (partial unique index).
 */
export const referralWithdrawals = pgTable(
  'referral_withdrawals',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** Whole shillings in cents (B2C pays whole shillings). */
    amountCents: integer('amount_cents').notNull(),
    /** The verified number paid, as Daraja wants it (2547…). */
    phoneNumber: text('phone_number').notNull(),
    /** 'pending' | 'completed' | 'failed' */
    status: text('status').notNull().default('pending'),
    /** Daraja's ConversationID (AG_…), once the request was accepted. */
    conversationId: text('conversation_id'),
    /** The M-Pesa receipt (TransactionID) of a completed payout. */
    receipt: text('receipt'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Its result is overdue or it timed out in Daraja's queue: Transaction Status is being asked (issue 34). */
    checkingSince: timestamp('checking_since', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referral_withdrawals_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('referral_withdrawals_user_created_idx').on(t.userId, t.createdAt),
    check('referral_withdrawals_amount_check', sql`${t.amountCents} > 0`),
    check('referral_withdrawals_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);
