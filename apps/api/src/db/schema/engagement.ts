import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants, users } from './accounts.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';
import { offers } from './offers.js';
import { stores } from './stores.js';

/** A customer's saved offer; one row per (user, offer) — concurrent adds meet the unique index. */
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    offerId: requiredRef('offer_id', () => offers.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_user_offer_key').on(t.userId, t.offerId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
    index('favorites_offer_idx').on(t.offerId),
  ],
);

/** A customer following a store; stores.followers is kept equal to the count of these rows. */
export const storeFollows = pgTable(
  'store_follows',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_follows_user_store_key').on(t.userId, t.storeId),
    index('store_follows_store_idx').on(t.storeId),
    index('store_follows_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * One review per customer per store; stores.rating / total_reviews are recomputed from these
 * rows in the transaction of every change.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    /** The store's merchant's answer (API-CONTRACT POST /reviews/{id}/response). */
    responseText: text('response_text'),
    respondedAt: timestampTz('responded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_store_key').on(t.userId, t.storeId),
    index('reviews_store_created_idx').on(t.storeId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_text_length', sql`char_length(${t.text}) between 1 and 500`),
    check('reviews_response_length', sql`char_length(${t.responseText}) <= 1000`),
  ],
);

/** The /notifications/settings switches customers and merchants both have, each on by default. */
const notificationSwitches = () => ({
  email: boolean('email').notNull().default(true),
  push: boolean('push').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  bookings: boolean('bookings').notNull().default(true),
  offers: boolean('offers').notNull().default(true),
  storeUpdates: boolean('store_updates').notNull().default(true),
});

/**
 * One row per customer, read through two views (API-CONTRACT decision 3):
 * /notifications/settings -> email, push, messages, bookings, offers, storeUpdates;
 * /users/notification-settings -> notifications (= push), emailUpdates, smsAlerts.
 * No row means every default.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...notificationSwitches(),
  /** Marketing / product update e-mails: opt-in (seed 000 §3 defaults true, false, true). */
  emailUpdates: boolean('email_updates').notNull().default(false),
  smsAlerts: boolean('sms_alerts').notNull().default(true),
  /** Issue 36: notifications on WhatsApp, opt-in (Meta's rule); a 'STOP' sent to us turns it off. */
  whatsapp: boolean('whatsapp').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A merchant's switches for the notification centre's view (issue 13 settings): the same
 * /notifications/settings fields as a customer's row; no row means every switch on.
 */
export const merchantNotificationSettings = pgTable('merchant_notification_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  ...notificationSwitches(),
  updatedAt: updatedAt(),
});
