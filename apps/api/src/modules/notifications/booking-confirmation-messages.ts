import { bookingWhenText, smsText } from '@d3/shared/i18n/server-texts';
import type { Db } from '../../db/client.js';
import type { BookingEventPayload, EventBus } from '../../events/event-bus.js';
import { customerVerifiedPhone, recipientLocales } from '../accounts/accounts-service.js';
import { bookingForNotification } from '../bookings/bookings-service.js';
import { customersOnWhatsApp } from '../engagement/profile-service.js';
import type { CustomerMessenger } from './customer-messages.js';
import { batched, bookingWhat } from './notification-producers.js';

/**
 * A confirmed booking's WhatsApp template to a customer who opted in (issue 36). There was never
 * an SMS for a confirmation (the bell and the push tell it), so nobody else gets a text; a
 * WhatsApp message that fails still falls back to SMS. Batched like the other booking events: a
 * rush of confirmations is one read of who opted in; only those customers cost more reads.
 */
export function registerConfirmationMessages(
  bus: EventBus,
  db: Db,
  messenger: CustomerMessenger & { enabled: boolean },
): void {
  bus.on(
    'booking.confirmed',
    batched(async (payloads: BookingEventPayload[]) => {
      if (!messenger.enabled) return;
      const withCustomer = payloads.filter((p): p is BookingEventPayload & { userId: string } =>
        Boolean(p.userId),
      );
      const optedIn = new Set(
        await customersOnWhatsApp(
          db,
          withCustomer.map((p) => p.userId),
        ),
      );
      const bookingIds = new Set<string>();
      for (const payload of withCustomer) {
        if (!optedIn.has(payload.userId) || bookingIds.has(payload.bookingId)) continue;
        bookingIds.add(payload.bookingId);
        await confirm(db, messenger, payload.bookingId, payload.userId);
      }
    }),
  );
}

async function confirm(db: Db, messenger: CustomerMessenger, bookingId: string, userId: string) {
  const booking = await bookingForNotification(db, bookingId);
  if (booking?.status !== 'confirmed' || !booking.startTime) return;
  const phone = await customerVerifiedPhone(db, userId);
  if (!phone) return;
  const recipient = { role: 'customer' as const, id: userId };
  const locale = (await recipientLocales(db, [recipient]))(recipient);
  const values = {
    what: bookingWhat(booking, locale),
    store: booking.Store.name,
    when: bookingWhenText(booking.startTime, locale),
  };
  await messenger.send({
    userId,
    phone,
    phoneIsVerified: true,
    locale,
    template: 'booking_confirmation',
    values,
    sms: smsText(locale, 'bookingConfirmed', values),
    smsWithoutWhatsApp: false,
  });
}
