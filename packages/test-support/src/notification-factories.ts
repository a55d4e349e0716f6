import {
  type TNotification,
  ZNotificationListResponse,
  ZNotificationResponse,
} from '@d3/shared/notifications/notification-schemas';
import { api, holdableAnswer, wire } from './msw/handlers';
import { mswServer } from './msw/server';

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

/**
 * The bell's list and its read marks as the server keeps them: the notifications `ids` (each made by
 * `make(id, read)`); a PUT of one's read mark reads it read from then on. The list's next read can
 * be held on its way: `list.hold()`, `list.held()`, `list.release()`.
 */
export function serveNotificationReads(
  ids: readonly string[],
  make: (id: string, read: boolean) => TNotification,
) {
  const readIds = new Set<string>();
  const pagination = {
    currentPage: 1,
    totalPages: 1,
    totalCount: ids.length,
    limit: 20,
    hasNextPage: false,
  };
  const list = holdableAnswer(() =>
    wire(ZNotificationListResponse, {
      success: true,
      data: { notifications: ids.map((id) => make(id, readIds.has(id))), pagination },
      pagination,
    }),
  );
  mswServer.use(
    api.get('/notifications', list.resolver),
    api.put('/notifications/:id/read', ({ params }) => {
      const id = String(params.id);
      readIds.add(id);
      const read = make(id, true);
      return wire(ZNotificationResponse, { success: true, data: read, notification: read });
    }),
  );
  return list;
}
