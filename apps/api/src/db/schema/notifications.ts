import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants, users } from './accounts.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';
import { stores } from './stores.js';

/**
 * Issue 11. A notification belongs to exactly one recipient: a customer (user_id) or a merchant
 * (merchant_id); erasing either erases their notifications.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('normal'),
    actionUrl: text('action_url'),
    actionType: text('action_type'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    sender: text('sender'),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_merchant_created_idx').on(t.merchantId, t.createdAt),
    check('notifications_one_recipient', sql`num_nonnulls(${t.userId}, ${t.merchantId}) = 1`),
    check('notifications_priority', sql`${t.priority} in ('urgent', 'high', 'normal', 'low')`),
  ],
);

/** A merchant's announcement to its store's followers (kept to rate-limit them). */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    merchantId: requiredRef('merchant_id', () => merchants.id, 'cascade'),
    title: text('title').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notification_broadcasts_store_created_idx').on(t.storeId, t.createdAt)],
);

/** A browser's Web Push subscription; the endpoint is unique (a re-subscribe moves it to its new owner); at most PUSH_SUBSCRIPTIONS_MAX per account, newest kept. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Sends that failed in a row (issue 31): at PUSH_DROP_AFTER_FAILURES the subscription goes. */
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_one_owner', sql`num_nonnulls(${t.userId}, ${t.merchantId}) = 1`),
  ],
);

/**
 * Issue 36: each WhatsApp template message to a customer, from queued to delivered, read or failed
 * (Meta's status webhooks find it by `wamid`). `sms_text` is what goes by SMS instead when the
 * send fails or Meta reports it failed; `fell_back_at` marks that it went (once).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** E.164 with its '+', as SMS takes it; the Cloud API gets the digits. */
    phone: text('phone').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    smsText: text('sms_text').notNull(),
    /** 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' */
    status: text('status').notNull().default('queued'),
    wamid: text('wamid'),
    error: text('error'),
    fellBackAt: timestampTz('fell_back_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_wamid_key').on(t.wamid),
    index('whatsapp_messages_user_created_idx').on(t.userId, t.createdAt),
    check(
      'whatsapp_messages_status',
      sql`${t.status} in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);

/**
 * The per-number pace of WhatsApp sends (issue 36; Meta's pair rate limit): `next_at` is the
 * earliest time the next message to this number may leave. Reserving a slot is one upsert, so
 * processes sharing the database never give two messages the same slot.
 */
export const whatsappPace = pgTable('whatsapp_pace', {
  phone: text('phone').primaryKey(),
  nextAt: timestampTz('next_at').notNull(),
});
