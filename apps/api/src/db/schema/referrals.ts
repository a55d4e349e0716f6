import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bookings } from './bookings.js';
import { createdAt, id } from './columns.js';

/**
 * The referral ledger (API-CONTRACT decision 10): one credit per completed offer booking of a
 * referred customer, 30 % of the access fee actually paid, in whole cents. `booking_id` is unique,
 * so a retried completion can never credit twice.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: id(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
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
