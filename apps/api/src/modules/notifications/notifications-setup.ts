import { whatsappContract } from '@d3/shared/notifications/whatsapp-contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadVapidKeys, WebPushSender } from '../../adapters/push/web-push-sender.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { chooseWhatsApp, type WhatsAppSetup } from '../../adapters/whatsapp/choose-whatsapp.js';
import { registerConfirmationMessages } from './booking-confirmation-messages.js';
import { BookingReminders } from './booking-reminders.js';
import { registerMoneyNotifications } from './money-notifications.js';
import { realtimeDelivery } from './notification-delivery.js';
import { registerNotificationProducers } from './notification-producers.js';
import {
  createNotificationsContext,
  type NotificationsContext,
  pushesSettled,
} from './notifications-context.js';
import { registerWaitlistNotifications } from './waitlist-notifications.js';
import { WhatsAppChannel } from './whatsapp-channel.js';

/** Where Meta (and the simulator) post the webhook: whatsapp-contract.ts under /api/v1. */
const WHATSAPP_WEBHOOK_URL = `/api/v1${whatsappContract.webhook.path}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the notifications use cases work with (the module's use-case functions take it first). */
    notifications: NotificationsContext;
    /** server.ts starts its poller once listening; tests call runOnce(). */
    bookingReminders: BookingReminders;
    /** WhatsApp notifications (issue 36): the channel (server.ts starts its poller) and the simulator. */
    whatsapp: WhatsAppSetup & { channel: WhatsAppChannel };
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
    const whatsapp = chooseWhatsApp(app.config.whatsapp, app.config.isProduction);
    const channel = new WhatsAppChannel({
      db: app.db,
      sender: whatsapp.sender,
      sms,
      phoneNumberId: app.config.whatsapp.phoneNumberId,
      paceMs: app.config.whatsapp.paceMs,
      intervalMs: app.config.whatsapp.jobsIntervalMs,
      log: app.log,
    });
    // The simulator posts its signed status webhooks to our own endpoint, through the whole HTTP
    // stack (app.inject: no listening socket needed), as Meta would.
    whatsapp.simulator?.connect(async (rawBody, signature) => {
      const answer = await app.inject({
        method: 'POST',
        url: WHATSAPP_WEBHOOK_URL,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: rawBody,
      });
      return answer.statusCode;
    });
    app.decorate('whatsapp', { ...whatsapp, channel });
    channel.subscribe(app.events);
    registerMoneyNotifications(app.events, service, channel, app.db);
    registerWaitlistNotifications(app.events, app.db, service, channel);
    registerConfirmationMessages(app.events, app.db, channel);
    const reminders = new BookingReminders({ db: app.db, service, sms, messenger: channel, log: app.log });
    reminders.subscribe(app.events);
    app.decorate('bookingReminders', reminders);
    app.addHook('onClose', async () => {
      await reminders.stop();
      await channel.stop();
      await whatsapp.simulator?.settled();
      await pushesSettled(service);
    });
  },
  { name: 'notifications-setup' },
);
