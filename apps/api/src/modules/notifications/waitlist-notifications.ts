import { WAITLIST_COPY, WAITLIST_OFFER_MINUTES } from '@d3/shared/bookings/waitlist-schemas';
import { bookingWhenText, smsText } from '@d3/shared/i18n/server-texts';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { customerVerifiedPhone, recipientLocales } from '../accounts/accounts-service.js';
import type { CustomerMessenger } from './customer-messages.js';
import { type NotificationsContext, notify } from './notifications-service.js';

const WHEN = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * A freed place offered to a customer on a slot's waitlist (issue 36): the bell (with a push, as
 * every notification) and an SMS to their number — or the WhatsApp template when they opted in —
 * whatever their settings: the place is theirs for 15 minutes only. The text is in their language.
 * The notification opens the booking page of that slot.
 */
export function registerWaitlistNotifications(
  bus: EventBus,
  db: Db,
  service: NotificationsContext,
  messenger: CustomerMessenger,
) {
  bus.on('waitlist.offered', async (offer) => {
    const when = WHEN.format(offer.startTime);
    await notify(service, {
      userId: offer.userId,
      type: 'booking',
      title: WAITLIST_COPY.offerTitle,
      message: WAITLIST_COPY.offer(offer.title, offer.storeName, when, WAITLIST_OFFER_MINUTES),
      actionUrl: `/booking/${offer.bookingType}/${offer.entityId}?waitlist=${offer.waitId}`,
      priority: 'urgent',
      data: {
        waitId: offer.waitId,
        storeId: offer.storeId,
        startTime: offer.startTime.toISOString(),
        expiresAt: offer.expiresAt.toISOString(),
      },
    });
    const phone = await customerVerifiedPhone(db, offer.userId);
    if (!phone) return;
    const recipient = { role: 'customer' as const, id: offer.userId };
    const locale = (await recipientLocales(db, [recipient]))(recipient);
    const values = {
      what: offer.title,
      store: offer.storeName,
      when: locale === 'en' ? when : bookingWhenText(offer.startTime, locale, ','),
      minutes: WAITLIST_OFFER_MINUTES,
    };
    await messenger.send({
      userId: offer.userId,
      phone,
      phoneIsVerified: true,
      locale,
      template: 'waitlist_offer',
      values,
      sms: smsText(locale, 'waitlistOffer', values),
    });
  });
}
