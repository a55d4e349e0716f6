import { WAITLIST_OFFER_MINUTES } from '@d3/shared/bookings/waitlist-schemas';
import type { Locale } from '@d3/shared/i18n/locale';
import { bookingWhenText, notificationText, smsText } from '@d3/shared/i18n/server-texts';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { customerVerifiedPhone, phoneLocale } from '../accounts/accounts-service.js';
import { type NotificationsContext, notify } from './notifications-service.js';

/**
 * A freed place offered to a customer on a slot's waitlist (issue 36): the bell (with a push, as
 * every notification) and an SMS to their number, whatever their settings — the place is theirs
 * for 15 minutes only. Both in the customer's language (issue 33's server texts). The notification
 * opens the booking page of that slot.
 */
export function registerWaitlistNotifications(
  bus: EventBus,
  db: Db,
  service: NotificationsContext,
  sms: MessageSender,
) {
  bus.on('waitlist.offered', async (offer) => {
    const values = (locale: Locale) => ({
      what: offer.title,
      store: offer.storeName,
      when: bookingWhenText(offer.startTime, locale),
      minutes: WAITLIST_OFFER_MINUTES,
    });
    await notify(service, {
      userId: offer.userId,
      type: 'booking',
      title: (locale) => notificationText(locale, 'waitlistOfferTitle'),
      message: (locale) => notificationText(locale, 'waitlistOffer', values(locale)),
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
    if (phone) {
      const locale = await phoneLocale(db, phone, offer.userId);
      await sms.send(phone, smsText(locale, 'waitlistOffer', values(locale)));
    }
  });
}
