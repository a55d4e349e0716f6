import { NOTIFICATION_MESSAGES } from '@d3/shared/notifications/notification-schemas';
import { notificationsContract as c } from '@d3/shared/notifications/notifications-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { broadcastNotification } from './broadcasts.js';
import {
  bulkDelete,
  bulkMarkRead,
  cleanupNotifications,
  deleteNotification,
  markAllRead,
  markRead,
} from './notification-changes.js';
import {
  getNotification,
  listForStore,
  listNotifications,
  notificationAnalytics,
  notificationCounts,
} from './notification-reads.js';
import type { Recipient } from './notifications-repository.js';
import { subscribePush, unsubscribePush } from './push-delivery.js';
import { whatsappWebhookRoutes } from './whatsapp-routes.js';

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
  const route = contractRoutes(app);
  // Meta's webhook (issue 36), in its own scope: it reads its JSON bodies as signed text.
  await app.register(whatsappWebhookRoutes);

  route(c.health, async () => ({
    success: true as const,
    status: 'ok' as const,
    service: 'notifications' as const,
    timestamp: new Date().toISOString(),
  }));
  route(c.list, async (request) => {
    const data = await listNotifications(app.notifications, recipientOf(request), request.query);
    return { success: true as const, data, pagination: data.pagination };
  });
  route(c.counts, async (request) => ({
    success: true as const,
    data: await notificationCounts(app.notifications, recipientOf(request)),
  }));
  route(c.analytics, async (request) => ({
    success: true as const,
    data: await notificationAnalytics(app.notifications, recipientOf(request)),
  }));
  route(c.ofStore, async (request) => {
    const data = await listForStore(
      app.notifications,
      recipientOf(request),
      request.params.id,
      request.query,
    );
    return { success: true as const, data, pagination: data.pagination };
  });
  route(c.markAllRead, async (request) => ({
    success: true as const,
    message: NOTIFICATION_MESSAGES.allMarkedRead,
    data: await markAllRead(app.notifications, recipientOf(request), request.query.type),
  }));
  route(c.bulkMarkRead, async (request) => ({
    success: true as const,
    message: NOTIFICATION_MESSAGES.bulkMarkedRead,
    data: await bulkMarkRead(app.notifications, recipientOf(request), request.body.notificationIds),
  }));
  route(c.bulkDelete, async (request) => ({
    success: true as const,
    message: NOTIFICATION_MESSAGES.bulkDeleted,
    data: await bulkDelete(app.notifications, recipientOf(request), request.body.notificationIds),
  }));
  // The seed does not show the method: both DELETE and POST clean up.
  for (const endpoint of [c.cleanup, c.cleanupByPost]) {
    route(endpoint, async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.cleanedUp,
      data: await cleanupNotifications(app.notifications, recipientOf(request), request.query.olderThanDays),
    }));
  }
  route(c.broadcast, async (request) => ({
    success: true as const,
    message: NOTIFICATION_MESSAGES.broadcastSent,
    data: await broadcastNotification(app.notifications, request.session!.sub, request.body),
  }));
  route(c.pushKey, async () => {
    const publicKey = app.notifications.push.publicKey;
    if (!publicKey) throw new AppError('NOT_FOUND', 'Web push is not configured');
    return { success: true as const, publicKey };
  });
  route(c.subscribePush, async (request, reply) => {
    const data = await subscribePush(app.notifications, recipientOf(request), request.body.subscription);
    return reply
      .code(201)
      .send({ success: true as const, message: NOTIFICATION_MESSAGES.subscriptionSaved, data });
  });
  route(c.unsubscribePush, async (request) => {
    await unsubscribePush(app.notifications, recipientOf(request), request.params.id);
    return { success: true as const, message: NOTIFICATION_MESSAGES.subscriptionRemoved };
  });
  route(c.get, async (request) => {
    const notification = await getNotification(app.notifications, recipientOf(request), request.params.id);
    return { success: true as const, data: notification, notification };
  });
  route(c.markRead, async (request) => {
    const notification = await markRead(app.notifications, recipientOf(request), request.params.id);
    return { success: true as const, data: notification, notification };
  });
  route(c.remove, async (request) => ({
    success: true as const,
    message: NOTIFICATION_MESSAGES.deleted,
    data: await deleteNotification(app.notifications, recipientOf(request), request.params.id),
  }));
}
