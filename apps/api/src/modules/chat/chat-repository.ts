import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatUploads, conversations, messages } from '../../db/schema/chat.js';
import { AppError } from '../../errors/app-error.js';

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

/** A message whose id and creation time the caller chose (see storeMessages). */
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
  /** The sender's own id of the message (issue 35): a second message with it is never stored. */
  clientMessageId: string | null;
}

export const messagePreview = (messageType: 'text' | 'image', content: string, length: number) =>
  messageType === 'image' && !content ? 'Photo' : content.slice(0, length);

/** What became of one message given to storeMessages. */
export type StoreOutcome =
  | { stored: true; seq: number }
  /** Already stored under its client message id (a resend): that message's id. */
  | { stored: false; existingId: string };

/** A send raced a resend of the same message on another process: the batch is tried again. */
class ResendRace extends Error {}

/**
 * Stores messages, exactly once each (issue 35), in ONE statement inside a transaction: the rows a
 * resend brings again (same conversation, sender and client message id) are answered with the
 * message already stored; the others get the next sequence numbers of their conversation (locked
 * in id order, so batches on several processes neither interleave numbers nor deadlock) and become
 * the conversation's last message. A resend racing its first send on another process meets the
 * unique index: the transaction rolls back (no number is spent) and the batch is tried again, now
 * seeing the stored one. The group commit of chat sends (MessageWriter) stores each batch this way.
 */
export async function storeMessages(db: Db, rows: MessageInsert[]): Promise<StoreOutcome[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => storeOnce(tx, rows));
    } catch (error) {
      if (!(error instanceof ResendRace) || attempt >= 3) throw error;
    }
  }
}

async function storeOnce(tx: Executor, rows: MessageInsert[]): Promise<StoreOutcome[]> {
  if (!rows.length) return [];
  const input = sql.join(
    rows.map(
      (r, ord) =>
        sql`(${ord}::int, ${r.id}::uuid, ${r.conversationId}::uuid, ${r.senderId}::uuid, ${r.senderType}::text, ${r.content}::text, ${r.messageType}::text, ${r.attachmentUrl}::text, ${r.createdAtText}::timestamptz, ${r.clientMessageId}::text, ${messagePreview(r.messageType, r.content, 200)}::text)`,
    ),
    sql`, `,
  );
  const result = await tx.execute<{ ord: number; seq: number | null; existing_id: string | null }>(sql`
    with input (ord, id, conversation_id, sender_id, sender_type, content, message_type, attachment_url, created_at, client_message_id, preview) as (
      values ${input}
    ),
    existing as (
      select i.ord, m.id from input i
      join ${messages} m on m.conversation_id = i.conversation_id and m.sender_id = i.sender_id
        and m.client_message_id = i.client_message_id
    ),
    fresh as (
      select i.*, row_number() over (partition by i.conversation_id order by i.ord)::int as n
      from input i where i.ord not in (select ord from existing)
    ),
    counts as (
      select conversation_id, count(*)::int as k, max(ord) as last_ord from fresh group by conversation_id
    ),
    locked as (
      select c.id, c.last_seq from ${conversations} c
      where c.id in (select conversation_id from counts) order by c.id for no key update of c
    ),
    bumped as (
      update ${conversations} c
      set last_seq = l.last_seq + k.k, last_message_at = f.created_at, last_message_preview = f.preview, updated_at = now()
      from locked l join counts k on k.conversation_id = l.id join fresh f on f.ord = k.last_ord
      where c.id = l.id
      returning c.id
    ),
    inserted as (
      insert into ${messages} (id, conversation_id, sender_id, sender_type, content, message_type, attachment_url, created_at, client_message_id, seq)
      select f.id, f.conversation_id, f.sender_id, f.sender_type, f.content, f.message_type, f.attachment_url, f.created_at, f.client_message_id, l.last_seq + f.n
      from fresh f join locked l on l.id = f.conversation_id
      on conflict do nothing
      returning id, seq
    )
    select f.ord, i.seq, null::uuid as existing_id from fresh f join inserted i on i.id = f.id
    union all
    select e.ord, null, e.id from existing e`);
  const outcomes: Array<StoreOutcome | undefined> = rows.map(() => undefined);
  for (const row of result.rows) {
    const ord = Number(row.ord);
    outcomes[ord] =
      row.existing_id !== null
        ? { stored: false, existingId: row.existing_id }
        : { stored: true, seq: Number(row.seq) };
  }
  // A row neither stored nor found met the unique index (a racing resend committed meanwhile), or
  // its conversation is gone.
  const missing = outcomes.indexOf(undefined);
  if (missing >= 0) {
    const conversation = await findConversation(tx, rows[missing]!.conversationId);
    throw conversation ? new ResendRace() : new AppError('CONVERSATION_NOT_FOUND');
  }
  return outcomes as StoreOutcome[];
}

/** Messages by id, in no particular order. */
export async function findMessages(db: Executor, ids: string[]): Promise<MessageRow[]> {
  if (!ids.length) return [];
  return db.select().from(messages).where(inArray(messages.id, ids));
}

/**
 * Page 1 is the newest `limit` messages; each page is returned oldest first. Ordered by the
 * conversation's sequence numbers: the order the messages were stored in, whichever process (and
 * clock) stored them.
 */
export async function messagePage(db: Executor, conversationId: string, page: number, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
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
