import { notificationText, smsText } from '@d3/shared/i18n/server-texts';
import type { Db } from '../../db/client.js';
import type { EventBus, RefundEventPayload } from '../../events/event-bus.js';
import { phoneLocale } from '../accounts/accounts-service.js';
import type { CustomerMessage, CustomerMessenger } from './customer-messages.js';
import { type NotificationsContext, notify } from './notifications-service.js';

/** The refund's WhatsApp template and its parameters (whatsapp-templates.ts). */
function refundTemplate(payload: RefundEventPayload): Pick<CustomerMessage, 'template' | 'values'> {
  const amount = payload.amount;
  if (payload.status === 'completed')
    return payload.receipt
      ? { template: 'refund_sent_receipt', values: { amount, receipt: payload.receipt } }
      : { template: 'refund_sent', values: { amount } };
  return payload.supportReference
    ? { template: 'refund_failed_reference', values: { amount, reference: payload.supportReference } }
    : { template: 'refund_failed', values: { amount } };
}

/** The refund SMS to the number that paid, in the language of the account holding it (issue 33). */
function refundSms(payload: RefundEventPayload, locale: Parameters<typeof smsText>[0]): string {
  if (payload.status === 'completed')
    return payload.receipt
      ? smsText(locale, 'refundSentReceipt', { amount: payload.amount, receipt: payload.receipt })
      : smsText(locale, 'refundSent', { amount: payload.amount });
  return payload.supportReference
    ? smsText(locale, 'refundFailedReference', {
        amount: payload.amount,
        reference: payload.supportReference,
      })
    : smsText(locale, 'refundFailed', { amount: payload.amount });
}

/**
 * A refund landed or failed: the booking's customer gets a notification (money: never muted by a
 * setting), and the number that paid gets an SMS (or the WhatsApp template, issue 36) — a friend who paid a split share has no
 * account, only the number. Both in the reader's language (server-texts.ts).
 */
export function registerMoneyNotifications(
  bus: EventBus,
  service: NotificationsContext,
  messenger: CustomerMessenger,
  db: Db,
) {
  for (const name of ['refund.completed', 'refund.failed'] as const) {
    bus.on(name, async (payload) => {
      const done = payload.status === 'completed';
      if (payload.userId) {
        await notify(service, {
          userId: payload.userId,
          type: 'system',
          title: (locale) => notificationText(locale, done ? 'refundSentTitle' : 'refundFailedTitle'),
          message: (locale) => {
            if (done)
              return payload.receipt
                ? notificationText(locale, 'refundSentReceipt', {
                    amount: payload.amount,
                    receipt: payload.receipt,
                  })
                : notificationText(locale, 'refundSent', { amount: payload.amount });
            return payload.supportReference
              ? notificationText(locale, 'refundFailedReference', { reference: payload.supportReference })
              : notificationText(locale, 'refundFailed');
          },
          actionUrl: `/booking-details/${payload.bookingId}`,
          priority: 'high',
          data: {
            bookingId: payload.bookingId,
            refundId: payload.refundId,
            amount: payload.amount,
            receipt: payload.receipt,
            supportReference: payload.supportReference,
          },
        });
      }
      if (payload.phoneNumber) {
        const phone = `+${payload.phoneNumber.replace(/^\+/, '')}`;
        const locale = await phoneLocale(db, payload.phoneNumber, payload.userId);
        // WhatsApp when the number that paid is the opted-in customer's own (issue 36), else SMS.
        await messenger.send({
          userId: payload.userId ?? null,
          phone,
          locale,
          ...refundTemplate(payload),
          sms: refundSms(payload, locale),
        });
      }
    });
  }
}
