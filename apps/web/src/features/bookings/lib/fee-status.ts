import { siteText } from '../../../lib/site-i18n';
import type { TBooking } from '../api/booking-types';
import { REFUND_MESSAGES } from './booking-messages';

export type TFeeTone = 'paid' | 'refund' | 'attention' | 'neutral';

export interface TFeeStatus {
  text: string;
  tone: TFeeTone;
  /** A line under it: the support reference of a refund support pays by hand. */
  detail: string | null;
}

/**
 * Where a booking's access fee stands for its customer (issues 15 and 34): a refund on its way,
 * refunded (with M-Pesa's receipt), with support (with a reference to quote), paid, being checked
 * with M-Pesa, not charged or not paid yet.
 */
export function accessFeeStatus(booking: TBooking): TFeeStatus {
  const refund = booking.Refund;
  if (refund?.status === 'completed') {
    return { text: REFUND_MESSAGES.refunded(refund.receipt), tone: 'refund', detail: null };
  }
  if (refund?.status === 'failed') {
    return {
      text: REFUND_MESSAGES.support,
      tone: 'attention',
      detail: refund.supportReference ? REFUND_MESSAGES.supportReference(refund.supportReference) : null,
    };
  }
  if (refund?.status === 'pending' || booking.accessFeeOutcome === 'refund_due') {
    return { text: REFUND_MESSAGES.onItsWay, tone: 'refund', detail: null };
  }
  if (booking.accessFeePaid) return { text: siteText('fee.paid'), tone: 'paid', detail: null };
  if (booking.Payment?.status === 'checking') {
    return { text: REFUND_MESSAGES.checking, tone: 'attention', detail: null };
  }
  if (booking.status === 'cancelled')
    return { text: siteText('fee.notCharged'), tone: 'neutral', detail: null };
  return { text: siteText('fee.notPaid'), tone: 'attention', detail: null };
}
