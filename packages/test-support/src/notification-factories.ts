import type { TNotification } from '@d3/shared/notifications/notification-schemas';

/**
 * A notification as the API sends it (ZNotification): unread, just now, of a booking; override what the
 * test is about. `read: true` marks it read (isRead, readAt, isNew follow).
 */
export function createNotification(id: string, overrides: Partial<TNotification> = {}): TNotification {
  const createdAt = new Date().toISOString();
  const read = overrides.read ?? false;
  return {
    id,
    type: 'booking_confirmed',
    title: `Title ${id}`,
    subtitle: null,
    message: `Message ${id}`,
    description: `Message ${id}`,
    priority: 'normal',
    read,
    isRead: read,
    readAt: read ? createdAt : null,
    createdAt,
    avatar: null,
    actionUrl: null,
    actionType: null,
    data: {},
    metadata: {},
    sender: null,
    store: null,
    time: createdAt,
    timeAgo: '5m ago',
    isNew: !read,
    team: 'Bookings',
    icon: 'calendar',
    color: 'blue',
    ...overrides,
  };
}
