import type { NotificationPriority } from '@d3/shared/notifications/notification-rules';
import {
  isNewNotification,
  notificationGroup,
  notificationTimeAgo,
} from '@d3/shared/notifications/notification-rules';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import type { NotificationRow } from './notifications-repository.js';

const ICONS = {
  message: 'message-circle',
  booking: 'calendar',
  offer: 'tag',
  store: 'store',
  system: 'bell',
};
const COLORS: Record<string, string> = { urgent: 'red', high: 'orange', normal: 'blue', low: 'gray' };

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

export function toNotificationView(row: NotificationRow, now: Date): TNotification {
  const data = row.data ?? {};
  const storeName = str(data.storeName);
  const createdAt = row.createdAt.toISOString();
  const timeAgo = notificationTimeAgo(row.createdAt, now);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    message: row.message,
    description: row.message,
    createdAt,
    read: row.readAt !== null,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    priority: row.priority as NotificationPriority,
    avatar: str(data.avatar),
    actionUrl: row.actionUrl,
    actionType: row.actionType,
    data,
    metadata: data,
    sender: row.sender,
    store: row.storeId && storeName ? { id: row.storeId, name: storeName, logo_url: str(data.avatar) } : null,
    time: timeAgo,
    timeAgo,
    isNew: isNewNotification(row.createdAt, now),
    team: row.sender ?? storeName ?? 'D3 Deals',
    icon: ICONS[notificationGroup(row.type)],
    color: COLORS[row.priority] ?? 'blue',
  };
}

/** Only same-site paths are followed from a notification ('/stores/…'), never another origin. */
export function safeActionUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : null;
}
