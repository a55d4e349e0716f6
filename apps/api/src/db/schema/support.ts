import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  { id: id(), email: text('email').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Messages the SMS / e-mail simulators "sent"; read back through /api/v1/dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);
