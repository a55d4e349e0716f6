import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import {
  NOTIFICATION_MESSAGES,
  ZBroadcastRequest,
  ZBroadcastResponse,
  ZCleanupQuery,
  ZDeletedResponse,
  ZHealthResponse,
  ZMarkAllReadQuery,
  ZNotificationAnalyticsResponse,
  ZNotificationCountsResponse,
  ZNotificationIdParams,
  ZNotificationIds,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationResponse,
  ZPushSubscriptionRequest,
  ZPushSubscriptionResponse,
  ZUpdatedResponse,
  ZVapidKeyResponse,
} from '@d3/shared/notifications/notification-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { routeKit } from '../../plugins/route-kit.js';
import type { Recipient } from './notifications-service.js';
import {
  broadcastNotification,
  bulkDelete,
  bulkMarkRead,
  cleanupNotifications,
  deleteNotification,
  getNotification,
  listForStore,
  listNotifications,
  markAllRead,
  markRead,
  notificationAnalytics,
  notificationCounts,
  subscribePush,
  unsubscribePush,
} from './notifications-service.js';

const recipientOf = (request: FastifyRequest): Recipient => ({
  role: request.session!.role,
  id: request.session!.sub,
});

/**
 * Notifications (seed 001 §7 "Notifications"; issue 11). Settings are served by engagement
 * (one row, two views: API-CONTRACT decision 3). There is no POST /notifications: the server's
 * producers and a merchant's broadcast are the only senders.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  // signedIn: a customer or merchant, each sees only their own notifications.
  const { routes, open, merchantOnly, signedIn, subOf } = routeKit(app, 'notifications');

  routes.get('/notifications/health', open({ response: { 200: ZHealthResponse } }), async () => ({
    success: true as const,
    status: 'ok' as const,
    service: 'notifications' as const,
    timestamp: new Date().toISOString(),
  }));

  routes.get(
    '/notifications',
    signedIn({ querystring: ZNotificationListQuery, response: { 200: ZNotificationListResponse } }),
    async (request) => {
      const data = await listNotifications(app.notifications, recipientOf(request), request.query);
      return { success: true as const, data, pagination: data.pagination };
    },
  );

  routes.get(
    '/notifications/counts',
    signedIn({ response: { 200: ZNotificationCountsResponse } }),
    async (request) => ({
      success: true as const,
      data: await notificationCounts(app.notifications, recipientOf(request)),
    }),
  );

  routes.get(
    '/notifications/analytics',
    signedIn({ response: { 200: ZNotificationAnalyticsResponse } }),
    async (request) => ({
      success: true as const,
      data: await notificationAnalytics(app.notifications, recipientOf(request)),
    }),
  );

  routes.get(
    '/notifications/store/:id',
    signedIn({
      params: z.object({ id: z.string() }),
      querystring: ZNotificationListQuery,
      response: { 200: ZNotificationListResponse },
    }),
    async (request) => {
      const data = await listForStore(
        app.notifications,
        recipientOf(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, pagination: data.pagination };
    },
  );

  routes.put(
    '/notifications/mark-all-read',
    signedIn({ querystring: ZMarkAllReadQuery, response: { 200: ZUpdatedResponse } }),
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.allMarkedRead,
      data: await markAllRead(app.notifications, recipientOf(request), request.query.type),
    }),
  );

  routes.put(
    '/notifications/bulk/mark-read',
    signedIn({ body: ZNotificationIds, response: { 200: ZUpdatedResponse } }),
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.bulkMarkedRead,
      data: await bulkMarkRead(app.notifications, recipientOf(request), request.body.notificationIds),
    }),
  );

  routes.delete(
    '/notifications/bulk',
    signedIn({ body: ZNotificationIds, response: { 200: ZDeletedResponse } }),
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.bulkDeleted,
      data: await bulkDelete(app.notifications, recipientOf(request), request.body.notificationIds),
    }),
  );

  // The seed does not show the method: both DELETE and POST clean up.
  for (const method of ['delete', 'post'] as const) {
    routes[method](
      '/notifications/cleanup',
      signedIn({ querystring: ZCleanupQuery, response: { 200: ZDeletedResponse } }),
      async (request) => ({
        success: true as const,
        message: NOTIFICATION_MESSAGES.cleanedUp,
        data: await cleanupNotifications(
          app.notifications,
          recipientOf(request),
          request.query.olderThanDays,
        ),
      }),
    );
  }

  routes.post(
    '/notifications/broadcast',
    merchantOnly({ body: ZBroadcastRequest, response: { 200: ZBroadcastResponse } }),
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.broadcastSent,
      data: await broadcastNotification(app.notifications, subOf(request), request.body),
    }),
  );

  routes.get(
    '/notifications/push-subscription/key',
    open({ response: { 200: ZVapidKeyResponse } }),
    async () => {
      const publicKey = app.notifications.push.publicKey;
      if (!publicKey) throw new AppError('NOT_FOUND', 'Web push is not configured');
      return { success: true as const, publicKey };
    },
  );

  routes.post(
    '/notifications/push-subscription',
    signedIn({ body: ZPushSubscriptionRequest, response: { 201: ZPushSubscriptionResponse } }),
    async (request, reply) => {
      const data = await subscribePush(app.notifications, recipientOf(request), request.body.subscription);
      return reply
        .code(201)
        .send({ success: true as const, message: NOTIFICATION_MESSAGES.subscriptionSaved, data });
    },
  );

  routes.delete(
    '/notifications/push-subscription/:id',
    signedIn({ params: z.object({ id: z.string() }), response: { 200: ZMessageResponse } }),
    async (request) => {
      await unsubscribePush(app.notifications, recipientOf(request), request.params.id);
      return { success: true as const, message: NOTIFICATION_MESSAGES.subscriptionRemoved };
    },
  );

  routes.get(
    '/notifications/:id',
    signedIn({ params: ZNotificationIdParams, response: { 200: ZNotificationResponse } }),
    async (request) => {
      const notification = await getNotification(app.notifications, recipientOf(request), request.params.id);
      return { success: true as const, data: notification, notification };
    },
  );

  routes.put(
    '/notifications/:id/read',
    signedIn({ params: ZNotificationIdParams, response: { 200: ZNotificationResponse } }),
    async (request) => {
      const notification = await markRead(app.notifications, recipientOf(request), request.params.id);
      return { success: true as const, data: notification, notification };
    },
  );

  routes.delete(
    '/notifications/:id',
    signedIn({ params: ZNotificationIdParams, response: { 200: ZDeletedResponse } }),
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.deleted,
      data: await deleteNotification(app.notifications, recipientOf(request), request.params.id),
    }),
  );
}
