import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatUploads, conversations, messages } from '../../db/schema/chat.js';

/** A query runs on the pool or inside a transaction alike. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type Role = 'customer' | 'merchant';

const STATUS_RANK = { sent: 1, delivered: 2, read: 3 } as const;

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** The one conversation of (customer, store): inserted unless it exists (concurrent creates meet the unique index). */
export async function upsertConversation(
  db: Executor,
  customerId: string,
  storeId: string,
): Promise<{ row: ConversationRow; created: boolean }> {
  const [inserted] = await db
    .insert(conversations)
    .values({ customerId, storeId })
    .onConflictDoNothing({ target: [conversations.customerId, conversations.storeId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.customerId, customerId), eq(conversations.storeId, storeId)));
  return { row: existing!, created: false };
}

/** Messages the viewer has not read: those of the other side below `read`. */
const unreadFor = (viewer: Role) =>
  sql<number>`(select count(*)::int from messages m where m.conversation_id = "conversations"."id" and m.sender_type <> ${viewer} and m.status_rank < 3)`;

export async function listConversations(
  db: Executor,
  filter: { customerId: string } | { storeIds: string[] },
  viewer: Role,
) {
  if ('storeIds' in filter && filter.storeIds.length === 0) return [];
  const where =
    'customerId' in filter
      ? eq(conversations.customerId, filter.customerId)
      : inArray(conversations.storeId, filter.storeIds);
  return db
    .select({ conversation: conversations, unreadCount: unreadFor(viewer) })
    .from(conversations)
    .where(where)
    .orderBy(
      sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`,
      desc(conversations.id),
    );
}

/** Several conversations by id (one query for a batch of sends). */
export async function findConversations(db: Executor, ids: string[]): Promise<ConversationRow[]> {
  if (!ids.length) return [];
  return db.select().from(conversations).where(inArray(conversations.id, ids));
}

/** A message whose id and creation time the caller chose (see insertMessages). */
export interface MessageInsert {
  id: string;
  conversationId: string;
  senderId: string;
  senderType: Role;
  content: string;
  messageType: 'text' | 'image';
  attachmentUrl: string | null;
  /** PostgreSQL timestamptz text with microseconds (keeps the order of messages stored together). */
  createdAtText: string;
}

export const messagePreview = (messageType: 'text' | 'image', content: string, length: number) =>
  messageType === 'image' && !content ? 'Photo' : content.slice(0, length);

/**
 * Stores messages in ONE statement (one round trip, one commit): a multi-row INSERT and, for each
 * conversation, the last message's time and preview on the conversation. The group commit of
 * chat sends (MessageWriter) stores each batch this way.
 */
export async function insertMessages(db: Executor, rows: MessageInsert[]): Promise<void> {
  if (!rows.length) return;
  const last = new Map<string, MessageInsert>();
  for (const row of rows) last.set(row.conversationId, row);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.conversationId}::uuid, ${r.senderId}::uuid, ${r.senderType}, ${r.content}, ${r.messageType}, ${r.attachmentUrl}, ${r.createdAtText}::timestamptz)`,
    ),
    sql`, `,
  );
  const latest = sql.join(
    [...last.values()].map(
      (r) =>
        sql`(${r.conversationId}::uuid, ${r.createdAtText}::timestamptz, ${messagePreview(r.messageType, r.content, 200)}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`with inserted as (
    insert into ${messages} (id, conversation_id, sender_id, sender_type, content, message_type, attachment_url, created_at)
    values ${values} returning 1
  )
  update ${conversations} c
  set last_message_at = v.at, last_message_preview = v.preview, updated_at = now()
  from (values ${latest}) as v(id, at, preview)
  where c.id = v.id`);
}

/** Page 1 is the newest `limit` messages; each page is returned oldest first. */
export async function messagePage(db: Executor, conversationId: string, page: number, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return { rows: rows.reverse(), total: total?.n ?? 0 };
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Marks the other side's messages read; answers the rows that changed. */
export async function markConversationRead(db: Executor, conversationId: string, reader: Role, at: Date) {
  return db
    .update(messages)
    .set({
      status: 'read',
      statusRank: STATUS_RANK.read,
      readAt: at,
      deliveredAt: sql`coalesce(${messages.deliveredAt}, ${at})`,
    })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderType, reader),
        lt(messages.statusRank, STATUS_RANK.read),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

/** Moves messages forward to `status` (never back); answers the rows that changed. */
export async function advanceStatus(db: Executor, ids: string[], status: 'delivered' | 'read', at: Date) {
  if (!ids.length) return [];
  const rank = STATUS_RANK[status];
  return db
    .update(messages)
    .set(
      status === 'read'
        ? { status, statusRank: rank, readAt: at, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${at})` }
        : { status, statusRank: rank, deliveredAt: at },
    )
    .where(and(inArray(messages.id, ids), lt(messages.statusRank, rank)))
    .returning();
}

/**
 * `message_delivered` (issue 31 finding 4): one statement for a whole frame of ids. Only messages
 * the reader received (the other side sent them) in conversations the reader belongs to move; the
 * rest are ignored. Answers each moved message with its conversation's customer and store.
 */
export async function markDeliveredFor(
  db: Executor,
  reader: { role: Role; customerId?: string; storeIds?: string[] },
  ids: string[],
  at: Date,
) {
  const rank = STATUS_RANK.delivered;
  const member =
    reader.role === 'customer'
      ? eq(conversations.customerId, reader.customerId ?? '')
      : inArray(conversations.storeId, reader.storeIds ?? []);
  if (!ids.length || (reader.role === 'merchant' && !reader.storeIds?.length)) return [];
  return db
    .update(messages)
    .set({ status: 'delivered', statusRank: rank, deliveredAt: at })
    .from(conversations)
    .where(
      and(
        inArray(messages.id, ids),
        eq(conversations.id, messages.conversationId),
        ne(messages.senderType, reader.role),
        lt(messages.statusRank, rank),
        member,
      ),
    )
    .returning({
      message: messages,
      customerId: conversations.customerId,
      storeId: conversations.storeId,
    });
}

/** Escapes LIKE wildcards so a search for `%` or `_` finds those characters. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchMessages(db: Executor, conversationIds: string[], query: string, limit: number) {
  if (!conversationIds.length) return [];
  return db
    .select()
    .from(messages)
    .where(
      and(
        inArray(messages.conversationId, conversationIds),
        sql`${messages.content} ilike ${likePattern(query)} escape '\\'`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(limit);
}

export async function analytics(db: Executor, conversationIds: string[], viewer: Role, from: Date) {
  if (!conversationIds.length) {
    return { newConversations: 0, sent: 0, received: 0, unread: 0 };
  }
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${messages.senderType} = ${viewer} and ${messages.createdAt} >= ${from})::int`,
      received: sql<number>`count(*) filter (where ${messages.senderType} <> ${viewer} and ${messages.createdAt} >= ${from})::int`,
      unread: sql<number>`count(*) filter (where ${messages.senderType} <> ${viewer} and ${messages.statusRank} < 3)::int`,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds));
  const [fresh] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(inArray(conversations.id, conversationIds), gte(conversations.createdAt, from)));
  return {
    newConversations: fresh?.n ?? 0,
    sent: row?.sent ?? 0,
    received: row?.received ?? 0,
    unread: row?.unread ?? 0,
  };
}

/**
 * Average minutes between a message of the other side and the viewer's next reply, over the period.
 * Null without replies.
 */
export async function averageResponseMinutes(
  db: Executor,
  conversationIds: string[],
  viewer: Role,
  from: Date,
) {
  if (!conversationIds.length) return null;
  const result = await db
    .select({
      minutes: sql<number | null>`avg(extract(epoch from (r.created_at - q.created_at)) / 60)::float8`,
    })
    .from(sql`${messages} q`)
    .innerJoin(
      sql`lateral (select m.created_at from ${messages} m where m.conversation_id = q.conversation_id and m.sender_type = ${viewer} and m.created_at > q.created_at order by m.created_at asc limit 1) r`,
      sql`true`,
    )
    .where(
      sql`q.conversation_id in (${sql.join(
        conversationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and q.sender_type <> ${viewer} and q.created_at >= ${from}`,
    );
  const minutes = result[0]?.minutes;
  return minutes === null || minutes === undefined ? null : Math.round(Number(minutes) * 10) / 10;
}

// ---- uploads (issue 31 finding 9) ----

export async function insertUpload(db: Executor, name: string, uploader: { sub: string; role: Role }) {
  await db.insert(chatUploads).values({ name, uploaderId: uploader.sub, uploaderRole: uploader.role });
}

/** The uploader's uploads not yet in any message. */
export async function countPendingUploads(db: Executor, uploaderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatUploads)
    .where(and(eq(chatUploads.uploaderId, uploaderId), sql`${chatUploads.attachedAt} is null`));
  return Number(row?.n ?? 0);
}

/** The upload, if it is this sender's own. */
export async function findOwnUpload(db: Executor, name: string, uploader: { sub: string; role: Role }) {
  const [row] = await db
    .select()
    .from(chatUploads)
    .where(
      and(
        eq(chatUploads.name, name),
        eq(chatUploads.uploaderId, uploader.sub),
        eq(chatUploads.uploaderRole, uploader.role),
      ),
    );
  return row;
}

export async function markUploadsAttached(db: Executor, names: string[], at: Date) {
  if (!names.length) return;
  await db
    .update(chatUploads)
    .set({ attachedAt: at })
    .where(and(inArray(chatUploads.name, names), sql`${chatUploads.attachedAt} is null`));
}

/** Deletes uploads never attached and older than `before`; answers their names (their files go next). */
export async function deleteStaleUploads(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .delete(chatUploads)
    .where(and(sql`${chatUploads.attachedAt} is null`, lt(chatUploads.createdAt, before)))
    .returning({ name: chatUploads.name });
  return rows.map((row) => row.name);
}
