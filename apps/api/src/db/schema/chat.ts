import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';
import { stores } from './stores.js';

/** One conversation per (customer, store): a second create meets the unique index (issue 11). */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    customerId: requiredRef('customer_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    lastMessageAt: timestampTz('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    /** The sequence number of the conversation's latest message (issue 35): the next one gets +1. */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_customer_store_key').on(t.customerId, t.storeId),
    index('conversations_store_last_idx').on(t.storeId, t.lastMessageAt),
    index('conversations_customer_last_idx').on(t.customerId, t.lastMessageAt),
  ],
);

/**
 * A chat message. sender_id is the customer's user id or the store's merchant id (by sender_type);
 * status moves sent -> delivered -> read, never back. `seq` numbers a conversation's messages 1, 2,
 * 3 … with no gap (issue 35: loss and duplication are measured by it); `client_message_id` is the
 * sender's own id of the message, unique per conversation and sender, so a resend (a retry, a
 * reconnect, the offline outbox) finds the message already stored instead of storing a second one.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: requiredRef('conversation_id', () => conversations.id, 'cascade'),
    senderId: uuid('sender_id').notNull(),
    senderType: text('sender_type', { enum: ['customer', 'merchant'] }).notNull(),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['text', 'image'] })
      .notNull()
      .default('text'),
    attachmentUrl: text('attachment_url'),
    status: text('status', { enum: ['sent', 'delivered', 'read'] })
      .notNull()
      .default('sent'),
    /** Status as a rank (1 sent, 2 delivered, 3 read) so an update only ever moves forward. */
    statusRank: integer('status_rank').notNull().default(1),
    deliveredAt: timestampTz('delivered_at'),
    readAt: timestampTz('read_at'),
    seq: integer('seq').notNull(),
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('messages_client_message_key').on(t.conversationId, t.senderId, t.clientMessageId),
    index('messages_unread_idx').on(t.conversationId, t.senderType).where(sql`${t.statusRank} < 3`),
    check('messages_content_length', sql`char_length(${t.content}) <= 2000`),
  ],
);

/**
 * Chat images as uploaded (issue 31 finding 9): who uploaded each and whether a message uses it. A
 * message may attach only its sender's own upload; uploads never attached are capped per uploader
 * and deleted (row and file) a day after upload.
 */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    /** The stored file's name under chat/: <uuid>.webp. */
    name: text('name').primaryKey(),
    uploaderId: uuid('uploader_id').notNull(),
    uploaderRole: text('uploader_role', { enum: ['customer', 'merchant'] }).notNull(),
    attachedAt: timestampTz('attached_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_uploads_pending_idx').on(t.uploaderId, t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
);
