import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { EventBus, RefundEventPayload } from '../../events/event-bus.js';
import { type NotificationsContext, notify } from './notifications-service.js';

/** What a customer is told when a refund lands, or cannot be paid automatically (issue 34). */
export const REFUND_COPY = {
  completedTitle: 'Refund sent',
  completed: (amount: number, receipt: string | null) =>
    `KES ${amount} is back on your M-Pesa${receipt ? `: receipt ${receipt}` : ''}.`,
  failedTitle: 'Refund: support will contact you',
  failed: (reference: string | null) =>
    `We could not refund automatically; support will contact you${reference ? ` (reference ${reference})` : ''}.`,
  sms: (payload: RefundEventPayload) =>
    payload.status === 'completed'
      ? `D3 Deals: your access fee refund of KES ${payload.amount} was sent to this M-Pesa number${payload.receipt ? `, receipt ${payload.receipt}` : ''}.`
      : `D3 Deals: we could not refund your KES ${payload.amount} access fee automatically; support will contact you${payload.supportReference ? ` (reference ${payload.supportReference})` : ''}.`,
} as const;

/**
 * A refund landed or failed: the booking's customer gets a notification (money: never muted by a
 * setting), and the number that paid gets an SMS — a friend who paid a split share has no
 * account, only the number.
 */
export function registerMoneyNotifications(bus: EventBus, service: NotificationsContext, sms: MessageSender) {
  for (const name of ['refund.completed', 'refund.failed'] as const) {
    bus.on(name, async (payload) => {
      if (payload.userId) {
        await notify(service, {
          userId: payload.userId,
          type: 'system',
          title: payload.status === 'completed' ? REFUND_COPY.completedTitle : REFUND_COPY.failedTitle,
          message:
            payload.status === 'completed'
              ? REFUND_COPY.completed(payload.amount, payload.receipt)
              : REFUND_COPY.failed(payload.supportReference),
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
      if (payload.phoneNumber)
        await sms.send(`+${payload.phoneNumber.replace(/^\+/, '')}`, REFUND_COPY.sms(payload));
    });
  }
}
