import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationBroadcasts, notifications, pushSubscriptions } from '../../db/schema/notifications.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Whose notifications: a customer (users) or a merchant (merchants). */
export interface Recipient {
  role: 'customer' | 'merchant';
  id: string;
}

export function ownedBy(recipient: Recipient): SQL {
  return recipient.role === 'merchant'
    ? eq(notifications.merchantId, recipient.id)
    : eq(notifications.userId, recipient.id);
}

export function recipientColumns(recipient: Recipient) {
  return recipient.role === 'merchant'
    ? { merchantId: recipient.id, userId: null }
    : { userId: recipient.id, merchantId: null };
}

export async function insertNotifications(
  db: Executor,
  rows: NotificationInsert[],
): Promise<NotificationRow[]> {
  if (!rows.length) return [];
  return db.insert(notifications).values(rows).returning();
}

export interface ListFilter {
  types?: readonly string[] | undefined;
  unreadOnly?: boolean;
  storeId?: string;
}

function filterOf(recipient: Recipient, filter: ListFilter): SQL {
  const conditions: SQL[] = [ownedBy(recipient)];
  if (filter.types) conditions.push(inArray(notifications.type, [...filter.types]));
  if (filter.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (filter.storeId) conditions.push(eq(notifications.storeId, filter.storeId));
  return and(...conditions)!;
}

const PRIORITY_ORDER = sql`case ${notifications.priority} when 'urgent' then 4 when 'high' then 3 when 'low' then 1 else 2 end`;

/** Highest priority first, then newest (seed 001 §4), id as the tie-breaker for stable pages. */
export async function listNotifications(
  db: Db,
  recipient: Recipient,
  filter: ListFilter,
  page: number,
  limit: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = filterOf(recipient, filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(PRIORITY_ORDER), desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function countsByType(db: Db, recipient: Recipient) {
  return db
    .select({
      type: notifications.type,
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(ownedBy(recipient))
    .groupBy(notifications.type);
}

export async function countsByPriority(db: Db, recipient: Recipient) {
  return db
    .select({ priority: notifications.priority, total: count() })
    .from(notifications)
    .where(ownedBy(recipient))
    .groupBy(notifications.priority);
}

export async function countSince(db: Db, recipient: Recipient, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(ownedBy(recipient), gte(notifications.createdAt, since)));
  return row?.total ?? 0;
}

export async function unreadCount(
  db: Executor,
  recipient: Recipient,
): Promise<{ unread: number; total: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(ownedBy(recipient));
  return { unread: row?.unread ?? 0, total: row?.total ?? 0 };
}

/** unreadCount of several recipients in one query per role; keyed `${role}:${id}`. */
export async function unreadCounts(
  db: Executor,
  recipients: Recipient[],
): Promise<Map<string, { unread: number; total: number }>> {
  const counts = new Map<string, { unread: number; total: number }>();
  for (const r of recipients) counts.set(`${r.role}:${r.id}`, { unread: 0, total: 0 });
  await Promise.all(
    (['customer', 'merchant'] as const).map(async (role) => {
      const ids = [...new Set(recipients.filter((r) => r.role === role).map((r) => r.id))];
      if (!ids.length) return;
      const owner = role === 'merchant' ? notifications.merchantId : notifications.userId;
      const rows = await db
        .select({
          id: owner,
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        })
        .from(notifications)
        .where(inArray(owner, ids))
        .groupBy(owner);
      for (const row of rows) counts.set(`${role}:${row.id}`, { unread: row.unread, total: row.total });
    }),
  );
  return counts;
}

/** The push subscriptions of several recipients (one query per role). */
export async function pushSubscriptionsOfMany(
  db: Db,
  recipients: Recipient[],
): Promise<PushSubscriptionRow[]> {
  const customers = [...new Set(recipients.filter((r) => r.role === 'customer').map((r) => r.id))];
  const merchants = [...new Set(recipients.filter((r) => r.role === 'merchant').map((r) => r.id))];
  const [a, b] = await Promise.all([
    customers.length
      ? db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, customers))
      : [],
    merchants.length
      ? db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.merchantId, merchants))
      : [],
  ]);
  return [...a, ...b];
}

/** Marks the recipient's unread notifications among `ids` (all of them without ids) read; returns the ids changed. */
export async function markRead(
  db: Db,
  recipient: Recipient,
  ids: readonly string[] | null,
  types?: readonly string[],
): Promise<string[]> {
  const conditions: SQL[] = [ownedBy(recipient), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, [...ids]));
  if (types) conditions.push(inArray(notifications.type, [...types]));
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Marks the recipient's unread `new_message` notifications of one conversation read; their ids. */
export async function markConversationMessagesRead(
  db: Db,
  recipient: Recipient,
  conversationId: string,
): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        ownedBy(recipient),
        isNull(notifications.readAt),
        eq(notifications.type, 'new_message'),
        sql`${notifications.data}->>'conversationId' = ${conversationId}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function deleteOwned(db: Db, recipient: Recipient, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .delete(notifications)
    .where(and(ownedBy(recipient), inArray(notifications.id, [...ids])))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function deleteReadOlderThan(db: Db, recipient: Recipient, before: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(and(ownedBy(recipient), isNotNull(notifications.readAt), lt(notifications.createdAt, before)))
    .returning({ id: notifications.id });
  return rows.length;
}

// ---- broadcasts ----

export async function broadcastsSince(db: Db, storeId: string, since: Date) {
  return db
    .select({ createdAt: notificationBroadcasts.createdAt })
    .from(notificationBroadcasts)
    .where(and(eq(notificationBroadcasts.storeId, storeId), gte(notificationBroadcasts.createdAt, since)))
    .orderBy(notificationBroadcasts.createdAt);
}

export async function insertBroadcast(db: Executor, row: typeof notificationBroadcasts.$inferInsert) {
  await db.insert(notificationBroadcasts).values(row);
}

// ---- push subscriptions ----

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Saves (or re-owns) the subscription, then keeps only the owner's newest `max` (issue 31 finding 3:
 * one account with unlimited subscriptions stalled everyone's notifications). One transaction.
 */
export async function savePushSubscription(
  db: Db,
  recipient: Recipient,
  subscription: { endpoint: string; p256dh: string; auth: string },
  max: number,
): Promise<PushSubscriptionRow> {
  const owner = recipientColumns(recipient);
  const ownerColumn = recipient.role === 'merchant' ? pushSubscriptions.merchantId : pushSubscriptions.userId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...owner, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          ...owner,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          failures: 0,
          createdAt: new Date(),
        },
      })
      .returning();
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(ownerColumn, recipient.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(max);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(ownerColumn, recipient.id), notInArray(pushSubscriptions.id, kept)));
    return row!;
  });
}

/** A send failed: counted; at `dropAfter` failures in a row the subscription is deleted. */
export async function recordPushFailure(db: Db, id: string, dropAfter: number): Promise<'kept' | 'dropped'> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failures });
  if (row && row.failures >= dropAfter) {
    await deletePushSubscriptionById(db, id);
    return 'dropped';
  }
  return 'kept';
}

/** A send went through: the failure count starts again. */
export async function clearPushFailures(db: Db, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: 0 })
    .where(and(eq(pushSubscriptions.id, id), sql`${pushSubscriptions.failures} > 0`));
}

export async function deletePushSubscription(db: Db, recipient: Recipient, id: string): Promise<boolean> {
  const owner =
    recipient.role === 'merchant'
      ? eq(pushSubscriptions.merchantId, recipient.id)
      : eq(pushSubscriptions.userId, recipient.id);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(owner, eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every notification and push subscription of the recipient (an erased account). */
export async function deleteEverythingOf(
  db: Db,
  recipient: Recipient,
): Promise<{ notifications: number; pushSubscriptions: number }> {
  const owner =
    recipient.role === 'merchant'
      ? eq(pushSubscriptions.merchantId, recipient.id)
      : eq(pushSubscriptions.userId, recipient.id);
  return db.transaction(async (tx) => {
    const gone = await tx.delete(notifications).where(ownedBy(recipient)).returning({ id: notifications.id });
    const subscriptions = await tx
      .delete(pushSubscriptions)
      .where(owner)
      .returning({ id: pushSubscriptions.id });
    return { notifications: gone.length, pushSubscriptions: subscriptions.length };
  });
}
