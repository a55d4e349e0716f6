import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { realtimeDelivery } from './notification-delivery.js';
import { registerNotificationProducers } from './notification-producers.js';
import { NotificationsService } from './notifications-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications module's service: producers call `notify`. */
    notifications: NotificationsService;
  }
}

/**
 * Registered on the root app: builds the notifications service on the realtime port
 * (`app.realtime` when the chat module provides it) and Web Push.
 */
export default fp(
  async function notificationsSetup(app: FastifyInstance) {
    const service = new NotificationsService({
      db: app.db,
      delivery: realtimeDelivery(app),
      log: app.log,
    });
    app.decorate('notifications', service);
    registerNotificationProducers(app.events, app.db, service);
  },
  { name: 'notifications-setup' },
);
