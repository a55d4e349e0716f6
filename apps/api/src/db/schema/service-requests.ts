import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants, users } from './accounts.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';
import { stores } from './stores.js';

/**
 * A customer's request for quotes (issue 12). `active` takes quotes; accepting one moves it to
 * `in_progress` and records `acceptedQuoteId`; `completed` and `cancelled` are past.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    title: text('title').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    budgetMin: numeric('budget_min', { precision: 12, scale: 2 }).notNull(),
    budgetMax: numeric('budget_max', { precision: 12, scale: 2 }).notNull(),
    timeline: text('timeline').notNull(),
    location: text('location').notNull(),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('active'),
    /** The quote accepted (no foreign key: quotes reference requests). */
    acceptedQuoteId: uuid('accepted_quote_id'),
    completedAt: timestampTz('completed_at'),
    cancelledAt: timestampTz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_requests_status_created_idx').on(t.status, t.createdAt),
    index('service_requests_user_created_idx').on(t.userId, t.createdAt),
    check('service_requests_budget_check', sql`${t.budgetMax} > ${t.budgetMin} and ${t.budgetMin} >= 0`),
    check(
      'service_requests_status_check',
      sql`${t.status} in ('pending', 'active', 'in_progress', 'completed', 'cancelled')`,
    ),
  ],
);

/**
 * A merchant's quote for one of its stores. At most one live (pending or accepted) quote per store
 * per request — the partial unique index holds it under concurrent posts — and at most one
 * accepted quote per request.
 */
export const serviceRequestQuotes = pgTable(
  'service_request_quotes',
  {
    id: id(),
    requestId: requiredRef('request_id', () => serviceRequests.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    merchantId: requiredRef('merchant_id', () => merchants.id, 'cascade'),
    quotedPrice: numeric('quoted_price', { precision: 12, scale: 2 }).notNull(),
    message: text('message').notNull(),
    availability: text('availability').notNull(),
    estimatedDuration: text('estimated_duration'),
    includesSupplies: boolean('includes_supplies').notNull().default(false),
    warranty: text('warranty'),
    /** 'pending' | 'accepted' | 'rejected' | 'withdrawn' */
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    decidedAt: timestampTz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_request_quotes_live_store_key')
      .on(t.requestId, t.storeId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    uniqueIndex('service_request_quotes_one_accepted_key')
      .on(t.requestId)
      .where(sql`${t.status} = 'accepted'`),
    index('service_request_quotes_request_idx').on(t.requestId, t.createdAt),
    index('service_request_quotes_merchant_idx').on(t.merchantId, t.createdAt),
    check('service_request_quotes_price_check', sql`${t.quotedPrice} > 0`),
    check(
      'service_request_quotes_status_check',
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'withdrawn')`,
    ),
  ],
);

/** The owner's review of the provider after completion: one per request. */
export const serviceRequestReviews = pgTable(
  'service_request_reviews',
  {
    id: id(),
    requestId: requiredRef('request_id', () => serviceRequests.id, 'cascade'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    rating: integer('rating').notNull(),
    review: text('review').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_request_reviews_request_key').on(t.requestId),
    check('service_request_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
