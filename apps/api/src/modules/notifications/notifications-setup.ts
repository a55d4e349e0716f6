import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadVapidKeys, WebPushSender } from '../../adapters/push/web-push-sender.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { BookingReminders } from './booking-reminders.js';
import { registerMoneyNotifications } from './money-notifications.js';
import { realtimeDelivery } from './notification-delivery.js';
import { registerNotificationProducers } from './notification-producers.js';
import {
  createNotificationsContext,
  type NotificationsContext,
  pushesSettled,
} from './notifications-service.js';
import { registerWaitlistNotifications } from './waitlist-notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the notifications use cases work with (notifications-service.ts functions take it first). */
    notifications: NotificationsContext;
    /** server.ts starts its poller once listening; tests call runOnce(). */
    bookingReminders: BookingReminders;
  }
}

/**
 * Registered on the root app: builds the notifications service on the realtime port
 * (`app.realtime` when the chat module provides it) and Web Push.
 */
export default fp(
  async function notificationsSetup(app: FastifyInstance) {
    const service = createNotificationsContext({
      db: app.db,
      delivery: realtimeDelivery(app),
      push: new WebPushSender(
        loadVapidKeys(app.config.dataDir, app.config.vapid),
        app.config.vapid.subject,
        app.config.push,
        app.config.push.timeoutMs,
      ),
      pushPolicy: app.config.push,
      pushLimits: { perAccount: app.config.push.perAccount },
      log: app.log,
    });
    app.decorate('notifications', service);
    registerNotificationProducers(app.events, app.db, service);
    const { sms } = chooseMessageSenders(app.config, app.db);
    registerMoneyNotifications(app.events, service, sms, app.db);
    registerWaitlistNotifications(app.events, app.db, service, sms);
    const reminders = new BookingReminders({ db: app.db, service, sms, log: app.log });
    reminders.subscribe(app.events);
    app.decorate('bookingReminders', reminders);
    app.addHook('onClose', async () => {
      await reminders.stop();
      await pushesSettled(service);
    });
  },
  { name: 'notifications-setup' },
);
