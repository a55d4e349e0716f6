import { WAITLIST_COPY, WAITLIST_OFFER_MINUTES } from '@d3/shared/bookings/waitlist-schemas';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
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
 * every notification) and an SMS to their number, whatever their settings — the place is theirs
 * for 15 minutes only. The notification opens the booking page of that slot.
 */
export function registerWaitlistNotifications(
  bus: EventBus,
  db: Db,
  service: NotificationsContext,
  sms: MessageSender,
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
    if (phone)
      await sms.send(phone, WAITLIST_COPY.sms(offer.title, offer.storeName, when, WAITLIST_OFFER_MINUTES));
  });
}
