import { siteText } from '../../../lib/site-i18n';

/**
 * Every user-facing text of the booking pages, the seed's exact words where it gives them (seed 000
 * §2, 001 §8). Each reads the catalogue (locales/booking) in the page's language when it is used
 * (issue 33).
 */

export const BOOKING_API_MESSAGES = {
  get unauthenticated() {
    return siteText('booking.api.unauthenticated');
  },
  get forbidden() {
    return siteText('booking.api.forbidden');
  },
  get notFound() {
    return siteText('booking.api.notFound');
  },
  get slotTaken() {
    return siteText('booking.api.slotTaken');
  },
  get rateLimited() {
    return siteText('booking.api.rateLimited');
  },
  get server() {
    return siteText('booking.api.server');
  },
  get network() {
    return siteText('booking.api.network');
  },
};

export const SLOT_MESSAGES = {
  get none() {
    return siteText('booking.slot.none');
  },
  get failed() {
    return siteText('booking.slot.failed');
  },
};

export const WIZARD_MESSAGES = {
  get offerUnavailable() {
    return siteText('booking.wizard.offerUnavailable');
  },
  get serviceUnavailable() {
    return siteText('booking.wizard.serviceUnavailable');
  },
  get bookingDisabled() {
    return siteText('booking.wizard.bookingDisabled');
  },
  get loadOfferFailed() {
    return siteText('booking.wizard.loadOfferFailed');
  },
  get loadServiceFailed() {
    return siteText('booking.wizard.loadServiceFailed');
  },
  get startFailed() {
    return siteText('booking.wizard.startFailed');
  },
  get serviceNotFound() {
    return siteText('booking.wizard.serviceNotFound');
  },
  get manualReview() {
    return siteText('booking.wizard.manualReview');
  },
  get manualReviewConfirm() {
    return siteText('booking.wizard.manualReviewConfirm');
  },
  get dynamicConfirm() {
    return siteText('booking.wizard.dynamicConfirm');
  },
  get needDateTime() {
    return siteText('booking.wizard.needDateTime');
  },
  get needBranch() {
    return siteText('booking.wizard.needBranch');
  },
  get timeNotAtBranch() {
    return siteText('booking.wizard.timeNotAtBranch');
  },
  get arriveEarly() {
    return siteText('booking.wizard.arriveEarly');
  },
};

export const PAYMENT_MESSAGES = {
  get invalidPhone() {
    return siteText('booking.payment.invalidPhone');
  },
  get initiationFailed() {
    return siteText('booking.payment.initiationFailed');
  },
  get failed() {
    return siteText('booking.payment.failed');
  },
  get timeout() {
    return siteText('booking.payment.timeout');
  },
  get unconfirmed() {
    return siteText('booking.payment.unconfirmed');
  },
  get checking() {
    return siteText('booking.payment.checking');
  },
};

/** Where a paid access fee that goes back stands (issue 34), and a payment M-Pesa is asked about. */
export const REFUND_MESSAGES = {
  get onItsWay() {
    return siteText('booking.refund.onItsWay');
  },
  refunded: (receipt: string | null) =>
    receipt ? siteText('booking.refund.refundedReceipt', { receipt }) : siteText('booking.refund.refunded'),
  get support() {
    return siteText('booking.refund.support');
  },
  supportReference: (reference: string) => siteText('booking.refund.supportReference', { reference }),
  get checking() {
    return siteText('booking.refund.checking');
  },
};

export const MY_BOOKINGS_MESSAGES = {
  get title() {
    return siteText('booking.myBookings.title');
  },
  get subtitle() {
    return siteText('booking.myBookings.subtitle');
  },
  get loading() {
    return siteText('booking.myBookings.loading');
  },
  get emptyTitle() {
    return siteText('booking.myBookings.emptyTitle');
  },
  get emptyText() {
    return siteText('booking.myBookings.emptyText');
  },
  get noneFoundTitle() {
    return siteText('booking.myBookings.noneFoundTitle');
  },
  get noneFoundText() {
    return siteText('booking.myBookings.noneFoundText');
  },
  get loadFailed() {
    return siteText('booking.myBookings.loadFailed');
  },
  get searchPlaceholder() {
    return siteText('booking.myBookings.searchPlaceholder');
  },
};

export const CHANGE_MESSAGES = {
  get cancelled() {
    return siteText('booking.change.cancelled');
  },
  get cancelFailed() {
    return siteText('booking.change.cancelFailed');
  },
  get cancelPolicy() {
    return siteText('booking.change.cancelPolicy');
  },
  get rescheduled() {
    return siteText('booking.change.rescheduled');
  },
  get rescheduleFailed() {
    return siteText('booking.change.rescheduleFailed');
  },
  get rescheduleNote() {
    return siteText('booking.change.rescheduleNote');
  },
  get chooseNewTime() {
    return siteText('booking.change.chooseNewTime');
  },
  get noRescheduleSlots() {
    return siteText('booking.change.noRescheduleSlots');
  },
  get rescheduleOptionsFailed() {
    return siteText('booking.change.rescheduleOptionsFailed');
  },
};

/**
 * What happens to the access fee (issue 15; docs/decisions.md "Access fee when a booking is
 * cancelled"; the terms page says the same).
 */
export const ACCESS_FEE_MESSAGES = {
  refundOnCancel: (fee: string) => siteText('booking.fee.refundOnCancel', { fee }),
  get nothingPaid() {
    return siteText('booking.fee.nothingPaid');
  },
  cancelWindow: (when: string) => siteText('booking.fee.cancelWindow', { when }),
  refundDue: (fee: string) => siteText('booking.fee.refundDue', { fee }),
  get notCharged() {
    return siteText('booking.fee.notCharged');
  },
  get used() {
    return siteText('booking.fee.used');
  },
  get policyLink() {
    return siteText('booking.fee.policyLink');
  },
};

export const DETAIL_MESSAGES = {
  get notFound() {
    return siteText('booking.detail.notFound');
  },
  get notFoundHelp() {
    return siteText('booking.detail.notFoundHelp');
  },
  get forbidden() {
    return siteText('booking.detail.forbidden');
  },
  get server() {
    return siteText('booking.detail.server');
  },
  get network() {
    return siteText('booking.detail.network');
  },
  get general() {
    return siteText('booking.detail.general');
  },
  get loadedAfterRetry() {
    return siteText('booking.detail.loadedAfterRetry');
  },
  get linkCopied() {
    return siteText('booking.detail.linkCopied');
  },
};
