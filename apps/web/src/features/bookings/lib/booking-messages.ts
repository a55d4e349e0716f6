/** Every user-facing text of the booking pages, the seed's exact words where it gives them (seed 000 §2, 001 §8). */

export const BOOKING_API_MESSAGES = {
  unauthenticated: 'Authentication required. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  slotTaken: 'This time slot is no longer available. Please select a different time.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  server: 'Server error occurred. Please try again in a few moments.',
  network: 'Network error. Please check your connection and try again.',
} as const;

export const SLOT_MESSAGES = {
  none: 'No available time slots for this date. Please try a different date.',
  failed: 'Failed to load available time slots. Please try again.',
} as const;

export const WIZARD_MESSAGES = {
  offerUnavailable: 'This offer is no longer available.',
  serviceUnavailable: 'This service is no longer available.',
  bookingDisabled: 'Booking is not enabled for this service.',
  loadOfferFailed: 'Failed to load offer booking information',
  loadServiceFailed: 'Failed to load service booking information',
  startFailed: 'Failed to start booking process. Please try again.',
  serviceNotFound: 'Service not found',
  manualReview: 'Your booking will be reviewed manually within 24 hours.',
  manualReviewConfirm:
    'This store confirms bookings by hand: your booking will be reviewed manually within 24 hours. Send the booking request?',
  dynamicConfirm:
    'The final price of this service is agreed with the store after a consultation. Send the booking request?',
  needDateTime: 'Choose a date and a time to continue.',
  needBranch: 'Choose a location to continue.',
  timeNotAtBranch: 'Your chosen time is not available at this location. Choose another time or location.',
  arriveEarly: 'Please arrive 10 minutes early.',
} as const;

export const PAYMENT_MESSAGES = {
  invalidPhone: 'Please enter a valid phone number',
  initiationFailed: 'Payment initiation failed. Please try again.',
  failed: 'Payment failed. Please try again.',
  timeout: 'Payment confirmation timeout. Please check your M-Pesa messages.',
  unconfirmed: 'Unable to confirm payment status. Please contact support.',
  checking:
    'Checking with M-Pesa. Your payment is not confirmed yet; your booking stays held and we will tell you as soon as M-Pesa answers.',
} as const;

/** Where a paid access fee that goes back stands (issue 34), and a payment M-Pesa is asked about. */
export const REFUND_MESSAGES = {
  onItsWay: 'Refund on its way',
  refunded: (receipt: string | null) => (receipt ? `Refunded: receipt ${receipt}` : 'Refunded'),
  support: 'We could not refund automatically; support will contact you',
  supportReference: (reference: string) => `Support reference: ${reference}`,
  checking: 'Checking with M-Pesa',
} as const;

export const MY_BOOKINGS_MESSAGES = {
  title: 'My Bookings',
  subtitle: 'Manage your service appointments and offer bookings',
  loading: 'Loading your bookings...',
  emptyTitle: 'No bookings yet',
  emptyText: 'Book an offer or a service and it will show up here.',
  noneFoundTitle: 'No bookings found',
  noneFoundText: 'Try another search, filter or tab.',
  loadFailed: 'Failed to load bookings',
  searchPlaceholder: 'Search bookings...',
} as const;

export const CHANGE_MESSAGES = {
  cancelled: 'Booking cancelled successfully',
  cancelFailed: 'Failed to cancel booking',
  cancelPolicy:
    'Cancellation Not Available – This booking cannot be cancelled due to the cancellation policy. Contact the service provider for assistance.',
  rescheduled: 'Booking rescheduled successfully',
  rescheduleFailed: 'Failed to reschedule booking',
  rescheduleNote: 'Subject to availability. Original booking terms still apply.',
  chooseNewTime: 'Please choose a new date and time',
  noRescheduleSlots: 'No free times in the next 7 days. Contact the store to arrange another time.',
  rescheduleOptionsFailed: 'Failed to load available times. Please try again.',
} as const;

/**
 * What happens to the access fee (issue 15; docs/decisions.md "Access fee when a booking is
 * cancelled"; the terms page says the same).
 */
export const ACCESS_FEE_MESSAGES = {
  refundOnCancel: (fee: string) =>
    `Your ${fee} access fee will be refunded in full to the M-Pesa number that paid it.`,
  nothingPaid: 'No access fee has been paid, so cancelling costs you nothing.',
  cancelWindow: (when: string) =>
    `You can cancel until ${when}. After that the booking can no longer be cancelled, and a paid access fee is not refunded if you do not attend.`,
  refundDue: (fee: string) =>
    `This booking was cancelled, so the ${fee} access fee is being refunded in full to the M-Pesa number that paid it.`,
  notCharged: 'This booking was cancelled before the access fee was paid: nothing was charged.',
  used: 'Paid and used for this visit.',
  policyLink: 'Access fee policy',
} as const;

export const DETAIL_MESSAGES = {
  notFound: 'Booking not found',
  notFoundHelp: 'Booking not found. It may have been removed, or the link may be incomplete.',
  forbidden: 'You do not have permission to view this booking',
  server: 'Server error occurred',
  network: 'Network connection error. Please check your internet connection.',
  general: 'Failed to load booking details',
  loadedAfterRetry: 'Booking details loaded successfully!',
  linkCopied: 'Link copied to clipboard!',
} as const;
