import { z } from 'zod';
import { queryInt } from '../api/envelope-schemas.js';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from './notification-rules.js';

/**
 * Wire contract of notifications (seed 001 §3 "Notification", §7 "Notifications"; API-CONTRACT
 * "Shapes fixed here"). Settings live with engagement (one row, two views: decision 3).
 */

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
export const BELL_LOAD = 10;
export const NOTIFICATION_POLL_MS = 30_000;
export const BROWSER_NOTIFICATION_CLOSE_MS = 5_000;
export const BROADCAST_TITLE_MAX = 120;
export const BROADCAST_MESSAGE_MAX = 1000;
export const BULK_IDS_MAX = 100;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  markedRead: 'Notification marked as read',
  allMarkedRead: 'All notifications marked as read',
  bulkMarkedRead: 'Notifications marked as read',
  deleted: 'Notification deleted',
  bulkDeleted: 'Notifications deleted',
  cleanedUp: 'Old read notifications deleted',
  idsRequired: 'Send between 1 and 100 notification ids',
  invalidId: 'Invalid notification ID',
  invalidType: 'Unknown notification type',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${BROADCAST_TITLE_MAX} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${BROADCAST_MESSAGE_MAX} characters`,
  storeRequired: 'Store ID is required',
  invalidStoreId: 'Invalid store ID format',
  broadcastSent: 'Announcement sent to your followers',
  subscriptionSaved: 'Push subscription saved',
  subscriptionRemoved: 'Push subscription removed',
  subscriptionInvalid:
    'A push subscription needs an https endpoint of a known push service and its p256dh and auth keys',
  olderThanDays: 'olderThanDays must be a whole number from 1 to 365',
} as const;

const ok = z.literal(true);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

const queryBool = z.preprocess(
  (value) =>
    value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1',
  z.boolean().default(false),
);

export const ZNotificationType = z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.invalidType });
export const ZNotificationPriority = z.enum(NOTIFICATION_PRIORITIES);

/** `type` all (default) or one type; an unknown type is a 400, not an empty list. */
const ZTypeFilter = z.preprocess(
  (value) => (value === '' || value === undefined || value === 'all' ? undefined : value),
  ZNotificationType.optional(),
);

export const ZNotificationListQuery = z.object({
  page: queryInt(1, 10_000),
  limit: queryInt(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_MAX),
  type: ZTypeFilter,
  unreadOnly: queryBool,
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** A malformed id is simply not found (404), like another user's. */
export const ZNotificationIdParams = z.object({ id: z.string() });
export const isUuid = (value: string) => uuid.safeParse(value).success;

export const ZNotificationStore = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
});

export const ZNotification = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  message: z.string(),
  description: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  priority: ZNotificationPriority,
  avatar: z.string().nullable(),
  actionUrl: z.string().nullable(),
  actionType: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  sender: z.string().nullable(),
  store: ZNotificationStore.nullable(),
  // derived
  time: z.string(),
  timeAgo: z.string(),
  isNew: z.boolean(),
  team: z.string(),
  icon: z.string(),
  color: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPagePagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
});

export const ZNotificationListResponse = z.object({
  success: ok,
  data: z.object({ notifications: z.array(ZNotification), pagination: ZNotificationPagePagination }),
  pagination: ZNotificationPagePagination,
});

export const ZNotificationResponse = z.object({
  success: ok,
  data: ZNotification,
  notification: ZNotification,
});

export const ZNotificationCounts = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  byType: z.object({
    message: z.number().int(),
    booking: z.number().int(),
    offer: z.number().int(),
    service_request_offer: z.number().int(),
    store_follow: z.number().int(),
  }),
});
export type TNotificationCounts = z.infer<typeof ZNotificationCounts>;
export const ZNotificationCountsResponse = z.object({ success: ok, data: ZNotificationCounts });

export const ZMarkAllReadQuery = z.object({ type: ZTypeFilter });

export const ZNotificationIds = z.object({
  notificationIds: z
    .array(uuid, { error: NOTIFICATION_MESSAGES.idsRequired })
    .min(1, { error: NOTIFICATION_MESSAGES.idsRequired })
    .max(BULK_IDS_MAX, { error: NOTIFICATION_MESSAGES.idsRequired }),
});

export const ZUpdatedResponse = z.object({
  success: ok,
  message: z.string(),
  data: z.object({ updated: z.number().int(), unread: z.number().int() }),
});
export const ZDeletedResponse = z.object({
  success: ok,
  message: z.string(),
  data: z.object({ deleted: z.number().int(), unread: z.number().int() }),
});

export const ZCleanupQuery = z.object({
  olderThanDays: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z.coerce
      .number({ error: NOTIFICATION_MESSAGES.olderThanDays })
      .int({ error: NOTIFICATION_MESSAGES.olderThanDays })
      .min(1, { error: NOTIFICATION_MESSAGES.olderThanDays })
      .max(365, { error: NOTIFICATION_MESSAGES.olderThanDays })
      .default(30),
  ),
});

export const ZNotificationAnalytics = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
  readRate: z.number(),
  last7Days: z.number().int(),
  byType: z.record(z.string(), z.object({ total: z.number().int(), unread: z.number().int() })),
  byPriority: z.record(z.string(), z.number().int()),
});
export const ZNotificationAnalyticsResponse = z.object({ success: ok, data: ZNotificationAnalytics });

export const ZBroadcastRequest = z.object({
  storeId: z
    .string({ error: NOTIFICATION_MESSAGES.storeRequired })
    .min(1, { error: NOTIFICATION_MESSAGES.storeRequired }),
  title: z
    .string({ error: NOTIFICATION_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: NOTIFICATION_MESSAGES.titleRequired })
    .max(BROADCAST_TITLE_MAX, { error: NOTIFICATION_MESSAGES.titleTooLong }),
  message: z
    .string({ error: NOTIFICATION_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: NOTIFICATION_MESSAGES.messageRequired })
    .max(BROADCAST_MESSAGE_MAX, { error: NOTIFICATION_MESSAGES.messageTooLong }),
  actionUrl: z.string().max(500).optional(),
  priority: ZNotificationPriority.optional(),
});
export const ZBroadcastResponse = z.object({
  success: ok,
  message: z.string(),
  data: z.object({ recipients: z.number().int() }),
});

export const ZHealthResponse = z.object({
  success: ok,
  status: z.literal('ok'),
  service: z.literal('notifications'),
  timestamp: z.string(),
});

export const ZPushSubscriptionRequest = z.object({
  subscription: z.object(
    {
      endpoint: z
        .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
        .url({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
        .max(2000, { error: NOTIFICATION_MESSAGES.subscriptionInvalid })
        // Which hosts may be named is the server's configuration (PUSH_SERVICE_HOSTS, issue 31).
        .refine((value) => value.startsWith('https://') || value.startsWith('http://'), {
          error: NOTIFICATION_MESSAGES.subscriptionInvalid,
        }),
      keys: z.object(
        {
          p256dh: z.string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid }).min(1).max(200),
          auth: z.string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid }).min(1).max(100),
        },
        { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
      ),
    },
    { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
  ),
});
export const ZPushSubscriptionResponse = z.object({
  success: ok,
  message: z.string(),
  data: z.object({ id: z.string() }),
});
export const ZVapidKeyResponse = z.object({ success: ok, publicKey: z.string() });

/** Socket payloads sent to `user:{id}` (documented in docs/realtime-events.md). */
export interface NewNotificationEvent {
  notification: TNotification;
  unread: number;
}
export interface NotificationCountUpdateEvent {
  unread: number;
  total: number;
}
export interface NotificationReadEvent {
  notificationIds: string[] | 'all';
  type?: string | undefined;
  unread: number;
}
