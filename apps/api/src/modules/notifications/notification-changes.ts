import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { NOTIFICATION_EVENTS } from './notification-delivery.js';
import { getNotification, owned, typesOf } from './notification-reads.js';
import type { NotificationsContext } from './notifications-context.js';
import type { Recipient } from './notifications-repository.js';
import * as repository from './notifications-repository.js';

async function emitRead(
  ctx: NotificationsContext,
  recipient: Recipient,
  notificationIds: string[] | 'all',
  type?: string,
) {
  const counts = await repository.unreadCount(ctx.db, recipient);
  const delivery = ctx.delivery();
  delivery.emitToUser(recipient.id, NOTIFICATION_EVENTS.read, {
    notificationIds,
    ...(type ? { type } : {}),
    unread: counts.unread,
  });
  delivery.emitToUser(recipient.id, NOTIFICATION_EVENTS.count, counts);
  return counts;
}

export async function markRead(
  ctx: NotificationsContext,
  recipient: Recipient,
  id: string,
): Promise<TNotification> {
  const row = await owned(ctx, recipient, id);
  const changed = await repository.markRead(ctx.db, recipient, [row.id]);
  if (changed.length) await emitRead(ctx, recipient, changed);
  return getNotification(ctx, recipient, id);
}

export async function markAllRead(ctx: NotificationsContext, recipient: Recipient, type?: string) {
  const changed = await repository.markRead(ctx.db, recipient, null, typesOf(type));
  const counts = changed.length
    ? await emitRead(ctx, recipient, 'all', type)
    : await repository.unreadCount(ctx.db, recipient);
  return { updated: changed.length, unread: counts.unread };
}

/**
 * A conversation read in the chat: the reader's message notifications of it are read too, and their
 * bells hear it (`notification_read` with the ids, and the counts).
 */
export async function markConversationNotificationsRead(
  ctx: NotificationsContext,
  recipient: Recipient,
  conversationId: string,
) {
  const changed = await repository.markConversationMessagesRead(ctx.db, recipient, conversationId);
  if (changed.length) await emitRead(ctx, recipient, changed);
  return changed.length;
}

/** Ids that are not the caller's are ignored (never revealed). */
export async function bulkMarkRead(ctx: NotificationsContext, recipient: Recipient, ids: readonly string[]) {
  const changed = await repository.markRead(ctx.db, recipient, [...new Set(ids)]);
  const counts = changed.length
    ? await emitRead(ctx, recipient, changed)
    : await repository.unreadCount(ctx.db, recipient);
  return { updated: changed.length, unread: counts.unread };
}

export async function bulkDelete(ctx: NotificationsContext, recipient: Recipient, ids: readonly string[]) {
  const deleted = await repository.deleteOwned(ctx.db, recipient, [...new Set(ids)]);
  const counts = await repository.unreadCount(ctx.db, recipient);
  if (deleted.length) ctx.delivery().emitToUser(recipient.id, NOTIFICATION_EVENTS.count, counts);
  return { deleted: deleted.length, unread: counts.unread };
}

export async function deleteNotification(ctx: NotificationsContext, recipient: Recipient, id: string) {
  const row = await owned(ctx, recipient, id);
  return bulkDelete(ctx, recipient, [row.id]);
}

/** Deletes the caller's read notifications older than `olderThanDays`. */
export async function cleanupNotifications(
  ctx: NotificationsContext,
  recipient: Recipient,
  olderThanDays: number,
) {
  const before = new Date(ctx.now().getTime() - olderThanDays * 24 * 60 * 60_000);
  const deleted = await repository.deleteReadOlderThan(ctx.db, recipient, before);
  const counts = await repository.unreadCount(ctx.db, recipient);
  return { deleted, unread: counts.unread };
}
