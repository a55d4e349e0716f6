import { notificationGroup } from '@d3/shared/notifications/notification-rules';
import {
  isUuid,
  NOTIFICATION_MESSAGES,
  type TNotification,
  type TNotificationCounts,
  type TNotificationListQuery,
} from '@d3/shared/notifications/notification-schemas';
import { AppError } from '../../errors/app-error.js';
import { assertStoreOwner } from '../stores/stores-service.js';
import { toNotificationView } from './notification-view.js';
import type { NotificationsContext } from './notifications-context.js';
import type { NotificationRow, Recipient } from './notifications-repository.js';
import * as repository from './notifications-repository.js';

/** The types a `type` filter covers: one type (seed 001 §7 filters by type). */
export function typesOf(type: string | undefined): readonly string[] | undefined {
  return type ? [type] : undefined;
}

export async function listNotifications(
  ctx: NotificationsContext,
  recipient: Recipient,
  query: TNotificationListQuery,
  storeId?: string,
) {
  const { rows, total } = await repository.listNotifications(
    ctx.db,
    recipient,
    { types: typesOf(query.type), unreadOnly: query.unreadOnly, ...(storeId ? { storeId } : {}) },
    query.page,
    query.limit,
  );
  const now = ctx.now();
  const totalPages = Math.ceil(total / query.limit);
  return {
    notifications: rows.map((row) => toNotificationView(row, now)),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalCount: total,
      limit: query.limit,
      hasNextPage: query.page < totalPages,
    },
  };
}

/** Notifications about one store: its merchant's (403 for another merchant), or a customer's own from it. */
export async function listForStore(
  ctx: NotificationsContext,
  recipient: Recipient,
  storeId: string,
  query: TNotificationListQuery,
) {
  if (!isUuid(storeId)) throw new AppError('VALIDATION_ERROR', NOTIFICATION_MESSAGES.invalidStoreId);
  if (recipient.role === 'merchant') await assertStoreOwner(ctx.db, storeId, recipient.id);
  return listNotifications(ctx, recipient, query, storeId);
}

export async function notificationCounts(
  ctx: NotificationsContext,
  recipient: Recipient,
): Promise<TNotificationCounts> {
  const rows = await repository.countsByType(ctx.db, recipient);
  const byType = { message: 0, booking: 0, offer: 0, service_request_offer: 0, store_follow: 0 };
  let total = 0;
  let unread = 0;
  for (const row of rows) {
    total += row.total;
    unread += row.unread;
    const group = notificationGroup(row.type);
    if (group === 'message') byType.message += row.unread;
    if (group === 'booking') byType.booking += row.unread;
    if (group === 'offer') byType.offer += row.unread;
    if (row.type === 'service_request_offer') byType.service_request_offer += row.unread;
    if (group === 'store') byType.store_follow += row.unread;
  }
  return { total, unread, byType };
}

export async function getNotification(
  ctx: NotificationsContext,
  recipient: Recipient,
  id: string,
): Promise<TNotification> {
  return toNotificationView(await owned(ctx, recipient, id), ctx.now());
}

/** Another recipient's notification, or a malformed id, is simply not found (404). */
export async function owned(
  ctx: NotificationsContext,
  recipient: Recipient,
  id: string,
): Promise<NotificationRow> {
  const row = isUuid(id) ? await repository.findNotification(ctx.db, id) : undefined;
  const owner = recipient.role === 'merchant' ? row?.merchantId : row?.userId;
  if (!row || owner !== recipient.id) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  return row;
}

export async function notificationAnalytics(ctx: NotificationsContext, recipient: Recipient) {
  const [byTypeRows, byPriorityRows, last7Days] = await Promise.all([
    repository.countsByType(ctx.db, recipient),
    repository.countsByPriority(ctx.db, recipient),
    repository.countSince(ctx.db, recipient, new Date(ctx.now().getTime() - 7 * 24 * 60 * 60_000)),
  ]);
  const byType: Record<string, { total: number; unread: number }> = {};
  let total = 0;
  let unread = 0;
  for (const row of byTypeRows) {
    byType[row.type] = { total: row.total, unread: row.unread };
    total += row.total;
    unread += row.unread;
  }
  const byPriority: Record<string, number> = { urgent: 0, high: 0, normal: 0, low: 0 };
  for (const row of byPriorityRows) byPriority[row.priority] = row.total;
  const read = total - unread;
  return {
    total,
    unread,
    read,
    readRate: total ? Math.round((read / total) * 1000) / 1000 : 0,
    last7Days,
    byType,
    byPriority,
  };
}
