/**
 * The one table of error codes: HTTP status and the seed's default message for each.
 * The server throws `new AppError('NOT_FOUND', 'Store not found')` from it; both sites switch on
 * `code` (never on the message text) and may show `message` as the seed's words.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid request data' },
  BAD_REQUEST: { status: 400, message: 'Invalid request data' },
  /** Booking rules (issue 6): the seed's policy and availability refusals. */
  CANCELLATION_NOT_ALLOWED: {
    status: 400,
    message:
      'Cancellation Not Available – This booking cannot be cancelled due to the cancellation policy. Contact the service provider for assistance.',
  },
  RESCHEDULE_NOT_ALLOWED: {
    status: 400,
    message:
      'Reschedule Not Available – This booking can only be rescheduled at least 1 hour before it starts, while it is pending or confirmed.',
  },
  BOOKING_NOT_ENABLED: { status: 400, message: 'Booking is not enabled for this service.' },
  OFFER_UNAVAILABLE: { status: 400, message: 'This offer is no longer available.' },
  SLOT_UNAVAILABLE: {
    status: 400,
    message: 'No available time slots for this date. Please try a different date.',
  },
  INVALID_STATUS_TRANSITION: { status: 400, message: 'This booking cannot move to that status.' },
  OTP_INVALID: { status: 400, message: 'Invalid OTP. Please try again.' },
  /** The code took its five tries: only a new code helps, so 400 rather than 429. */
  OTP_ATTEMPTS_EXCEEDED: { status: 400, message: 'Too many attempts. Please request a new code.' },
  INVALID_API_KEY: { status: 401, message: 'Invalid API key' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has expired. Please log in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action.' },
  NOT_FOUND: { status: 404, message: 'The requested resource was not found.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  /** Reverse geocoding of a point outside Kenya: the site falls back to All Locations. */
  LOCATION_UNKNOWN: { status: 404, message: 'Could not determine your location' },
  CONFLICT: { status: 409, message: 'This action conflicts with the current state.' },
  USER_EXISTS: { status: 409, message: 'User already exists' },
  GOOGLE_ACCOUNT_IN_USE: { status: 409, message: 'This Google account is already linked to another user' },
  REVIEW_EXISTS: {
    status: 409,
    message: 'You have already reviewed this store. You can edit your existing review instead.',
  },
  SLOT_TAKEN: {
    status: 409,
    message: 'This time slot is no longer available. Please select a different time.',
  },
  STAFF_TAKEN: {
    status: 409,
    message: 'This staff member is already booked at that time. Please choose another time or staff member.',
  },
  STORE_HAS_BOOKINGS: {
    status: 409,
    message:
      'This store has bookings and cannot be deleted. Cancel or complete them first, or contact support.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large (max 1 MiB).' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type. Send JSON.' },
  GOOGLE_AUTH_FAILED: { status: 422, message: 'Google authentication failed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL: { status: 500, message: 'Server error. Please try again later.' },
  /** M-Pesa payments (issue 6). */
  PAYMENT_NOT_ALLOWED: { status: 400, message: 'This booking can no longer be paid.' },
  AMOUNT_MISMATCH: { status: 400, message: 'Amount does not match the access fee' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used for another payment.',
  },
  /** Daraja answered the STK push with an error. */
  PAYMENT_INITIATION_FAILED: { status: 502, message: 'Payment initiation failed. Please try again.' },
  /** Daraja could not be reached or did not answer in time. */
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503, message: 'Payment initiation failed. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again shortly.' },
  /** Issue 14: hardening — abuse limits and review eligibility. */
  TOO_MANY_HELD_BOOKINGS: {
    status: 409,
    message:
      'You already have 3 bookings waiting for payment. Pay for one or cancel it before booking another.',
  },
  STK_PUSH_LIMIT: {
    status: 429,
    message:
      'Too many payment prompts sent to other phone numbers. Use your verified phone number or try again later.',
  },
  REVIEW_NOT_ALLOWED: {
    status: 403,
    message: 'You can review this store after you complete a booking with it.',
  },
  /** Issue 13: the merchant site. */
  BOOKING_NOT_STARTED: {
    status: 400,
    message: 'This booking cannot be checked in or completed before its start time.',
  },
  /** Issue 17: codes the sites switch on instead of matching message text. */
  BRANCH_NOT_FOUND: { status: 404, message: 'Branch not found' },
  /** An unknown API path (the sites fall back to the seed's older paths only on this code). */
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  /** Issue 12: service requests, quotes and referral rewards. */
  SERVICE_REQUEST_NOT_FOUND: { status: 404, message: 'Service request not found' },
  QUOTE_NOT_FOUND: { status: 404, message: 'Offer not found' },
  NOT_REQUEST_OWNER: { status: 403, message: 'Only the customer who posted this request can do that.' },
  NOT_QUOTE_OWNER: { status: 403, message: 'Only the merchant who made this offer can withdraw it.' },
  REQUEST_NOT_OPEN: { status: 409, message: 'This service request is no longer accepting offers.' },
  DUPLICATE_QUOTE: {
    status: 409,
    message: 'This store already has an offer on this request. Withdraw it before sending another.',
  },
  QUOTE_NOT_PENDING: { status: 400, message: 'Only pending offers can be accepted or rejected.' },
  REQUEST_STATE_INVALID: { status: 400, message: 'This service request cannot change that way now.' },
  REQUEST_REVIEW_NOT_ALLOWED: {
    status: 400,
    message: 'You can review the provider once the request is completed.',
  },
  REQUEST_REVIEW_EXISTS: { status: 409, message: 'You have already reviewed the provider for this request.' },
  /** Issue 11: realtime chat. */
  CHAT_STORE_NOT_FOUND: { status: 404, message: 'Store not found' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  CONVERSATION_FORBIDDEN: { status: 403, message: 'You do not have access to this conversation' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  MESSAGE_STATUS_FORBIDDEN: { status: 403, message: 'Only the recipient can update a message status' },
  CHAT_SEND_RATE_LIMITED: {
    status: 429,
    message: 'You are sending messages too fast. Please wait a moment.',
  },
  ATTACHMENT_NOT_IMAGE: { status: 400, message: 'Attached files must be images' },
  ATTACHMENT_TOO_LARGE: { status: 413, message: 'Image is too large (max 5 MB)' },
  /** wip/merch1 (issue 13): merchant settings and store images. */
  CURRENT_PASSWORD_INCORRECT: { status: 400, message: 'Current password is incorrect' },
  IMAGE_NOT_SUPPORTED: { status: 400, message: 'Upload a JPEG, PNG, WebP or GIF image' },
  IMAGE_TOO_LARGE: { status: 413, message: 'Image is too large (max 5 MB)' },
  /** Branch wip/sr (issue 12): booking an accepted quote, earnings withdrawal. */
  QUOTE_NOT_ACCEPTED: { status: 400, message: 'Only an accepted offer can be booked.' },
  QUOTE_ALREADY_BOOKED: {
    status: 409,
    message: 'This offer is already booked. Open My Bookings to see or change it.',
  },
  /** wip/rt (issue 11): socket handshake refusals, sent as connect_error data.code. */
  SOCKET_AUTH_MISSING: { status: 401, message: 'No authentication token available' },
  SOCKET_AUTH_INVALID: { status: 401, message: 'Invalid or expired authentication token' },
  /** Issue 15 (branch wip/cust): check-in by the booking voucher's code. */
  VOUCHER_INVALID: { status: 400, message: 'This is not a voucher code. Codes look like D3-1A2B-3C4D.' },
  VOUCHER_NOT_FOUND: { status: 404, message: 'No booking with this voucher code at your stores.' },
  VOUCHER_AMBIGUOUS: {
    status: 409,
    message: 'More than one booking matches this code. Check the booking in from the list.',
  },
  /** Issue 16 (wip/perfapi): the embedded database's queue is full; retry after Retry-After seconds. */
  DATABASE_BUSY: { status: 503, message: 'The service is busy. Please try again in a moment.' },
  /** Branch wip/wd (issue 12): referral balance withdrawals through M-Pesa B2C. */
  WITHDRAWAL_BELOW_MINIMUM: { status: 400, message: 'The minimum withdrawal is KES 50.' },
  WITHDRAWAL_EXCEEDS_BALANCE: {
    status: 400,
    message: 'You cannot withdraw more than your available balance.',
  },
  WITHDRAWAL_PHONE_NOT_VERIFIED: {
    status: 400,
    message: 'Verify your phone number to withdraw to M-Pesa.',
  },
  WITHDRAWAL_PENDING: {
    status: 409,
    message: 'A withdrawal is already pending. Wait for it to finish before starting another.',
  },
  WITHDRAWAL_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The withdrawal could not be started. Nothing was deducted; please try again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** True when a wire error code is one of ours (clients switch on it). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}
