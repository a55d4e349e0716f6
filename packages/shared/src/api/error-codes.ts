/**
 * The one table of error codes: HTTP status and the seed's default message for each.
 * The server throws `new AppError('NOT_FOUND', 'Store not found')` from it; both sites switch on
 * `code` (never on the message text) and may show `message` as the seed's words.
 */
const e = <S extends number, M extends string>(status: S, message: M) => ({ status, message }) as const;

export const ERROR_CODES = {
  VALIDATION_ERROR: e(400, 'Invalid request data'),
  BAD_REQUEST: e(400, 'Invalid request data'),
  /** Booking rules (issue 6): the seed's policy and availability refusals. */
  CANCELLATION_NOT_ALLOWED: e(
    400,
    'Cancellation Not Available – This booking cannot be cancelled due to the cancellation policy. Contact the service provider for assistance.',
  ),
  RESCHEDULE_NOT_ALLOWED: e(
    400,
    'Reschedule Not Available – This booking can only be rescheduled at least 1 hour before it starts, while it is pending or confirmed.',
  ),
  BOOKING_NOT_ENABLED: e(400, 'Booking is not enabled for this service.'),
  OFFER_UNAVAILABLE: e(400, 'This offer is no longer available.'),
  SLOT_UNAVAILABLE: e(400, 'No available time slots for this date. Please try a different date.'),
  INVALID_STATUS_TRANSITION: e(400, 'This booking cannot move to that status.'),
  OTP_INVALID: e(400, 'Invalid OTP. Please try again.'),
  /** The code took its five tries: only a new code helps, so 400 rather than 429. */
  OTP_ATTEMPTS_EXCEEDED: e(400, 'Too many attempts. Please request a new code.'),
  INVALID_API_KEY: e(401, 'Invalid API key'),
  UNAUTHENTICATED: e(401, 'Authentication required'),
  INVALID_CREDENTIALS: e(401, 'Invalid credentials'),
  SESSION_EXPIRED: e(401, 'Your session has expired. Please log in again.'),
  FORBIDDEN: e(403, 'You do not have permission to perform this action.'),
  NOT_FOUND: e(404, 'The requested resource was not found.'),
  USER_NOT_FOUND: e(404, 'User not found'),
  /** Reverse geocoding of a point outside Kenya: the site falls back to All Locations. */
  LOCATION_UNKNOWN: e(404, 'Could not determine your location'),
  CONFLICT: e(409, 'This action conflicts with the current state.'),
  USER_EXISTS: e(409, 'User already exists'),
  GOOGLE_ACCOUNT_IN_USE: e(409, 'This Google account is already linked to another user'),
  REVIEW_EXISTS: e(409, 'You have already reviewed this store. You can edit your existing review instead.'),
  SLOT_TAKEN: e(409, 'This time slot is no longer available. Please select a different time.'),
  /** Waitlist (issue 36): only a full slot has one; one wait per customer per slot; 5 at a time. */
  WAITLIST_SLOT_OPEN: e(409, 'This time slot still has places. Book it now.'),
  WAITLIST_ALREADY_JOINED: e(409, 'You are already on the waitlist for this time slot.'),
  WAITLIST_LIMIT: e(409, 'You can wait for at most 5 time slots at once. Leave a waitlist to join another.'),
  STAFF_TAKEN: e(
    409,
    'This staff member is already booked at that time. Please choose another time or staff member.',
  ),
  STORE_HAS_BOOKINGS: e(
    409,
    'This store has bookings and cannot be deleted. Cancel or complete them first, or contact support.',
  ),
  PAYLOAD_TOO_LARGE: e(413, 'Request body is too large (max 1 MiB).'),
  UNSUPPORTED_MEDIA_TYPE: e(415, 'Unsupported content type. Send JSON.'),
  GOOGLE_AUTH_FAILED: e(422, 'Google authentication failed'),
  RATE_LIMITED: e(429, 'Too many requests. Please try again later.'),
  INTERNAL: e(500, 'Server error. Please try again later.'),
  /** M-Pesa payments (issue 6). */
  PAYMENT_NOT_ALLOWED: e(400, 'This booking can no longer be paid.'),
  AMOUNT_MISMATCH: e(400, 'Amount does not match the access fee'),
  IDEMPOTENCY_KEY_REUSED: e(409, 'This Idempotency-Key was already used for another payment.'),
  /** Daraja answered the STK push with an error. */
  PAYMENT_INITIATION_FAILED: e(502, 'Payment initiation failed. Please try again.'),
  /** Daraja could not be reached or did not answer in time. */
  PAYMENT_PROVIDER_UNAVAILABLE: e(503, 'Payment initiation failed. Please try again.'),
  SERVICE_UNAVAILABLE: e(503, 'Service temporarily unavailable. Please try again shortly.'),
  /** Issue 14: hardening — abuse limits and review eligibility. */
  TOO_MANY_HELD_BOOKINGS: e(
    409,
    'You already have 3 bookings waiting for payment. Pay for one or cancel it before booking another.',
  ),
  STK_PUSH_LIMIT: e(
    429,
    'Too many payment prompts sent to other phone numbers. Use your verified phone number or try again later.',
  ),
  REVIEW_NOT_ALLOWED: e(403, 'You can review this store after you complete a booking with it.'),
  /** Issue 13: the merchant site. */
  BOOKING_NOT_STARTED: e(400, 'This booking cannot be checked in or completed before its start time.'),
  /** Issue 17: codes the sites switch on instead of matching message text. */
  BRANCH_NOT_FOUND: e(404, 'Branch not found'),
  /** An unknown API path (the sites fall back to the seed's older paths only on this code). */
  ROUTE_NOT_FOUND: e(404, 'Route not found'),
  /** Issue 12: service requests, quotes and referral rewards. */
  SERVICE_REQUEST_NOT_FOUND: e(404, 'Service request not found'),
  QUOTE_NOT_FOUND: e(404, 'Offer not found'),
  NOT_REQUEST_OWNER: e(403, 'Only the customer who posted this request can do that.'),
  NOT_QUOTE_OWNER: e(403, 'Only the merchant who made this offer can withdraw it.'),
  REQUEST_NOT_OPEN: e(409, 'This service request is no longer accepting offers.'),
  DUPLICATE_QUOTE: e(
    409,
    'This store already has an offer on this request. Withdraw it before sending another.',
  ),
  QUOTE_NOT_PENDING: e(400, 'Only pending offers can be accepted or rejected.'),
  REQUEST_STATE_INVALID: e(400, 'This service request cannot change that way now.'),
  REQUEST_REVIEW_NOT_ALLOWED: e(400, 'You can review the provider once the request is completed.'),
  REQUEST_REVIEW_EXISTS: e(409, 'You have already reviewed the provider for this request.'),
  /** Issue 11: realtime chat. */
  CHAT_STORE_NOT_FOUND: e(404, 'Store not found'),
  CONVERSATION_NOT_FOUND: e(404, 'Conversation not found'),
  CONVERSATION_FORBIDDEN: e(403, 'You do not have access to this conversation'),
  MESSAGE_NOT_FOUND: e(404, 'Message not found'),
  MESSAGE_STATUS_FORBIDDEN: e(403, 'Only the recipient can update a message status'),
  CHAT_SEND_RATE_LIMITED: e(429, 'You are sending messages too fast. Please wait a moment.'),
  ATTACHMENT_NOT_IMAGE: e(400, 'Attached files must be images'),
  ATTACHMENT_TOO_LARGE: e(413, 'Image is too large (max 5 MB)'),
  /** wip/merch1 (issue 13): merchant settings and store images. */
  CURRENT_PASSWORD_INCORRECT: e(400, 'Current password is incorrect'),
  IMAGE_NOT_SUPPORTED: e(400, 'Upload a JPEG, PNG, WebP or GIF image'),
  IMAGE_TOO_LARGE: e(413, 'Image is too large (max 5 MB)'),
  /** Branch wip/sr (issue 12): booking an accepted quote, earnings withdrawal. */
  QUOTE_NOT_ACCEPTED: e(400, 'Only an accepted offer can be booked.'),
  QUOTE_ALREADY_BOOKED: e(409, 'This offer is already booked. Open My Bookings to see or change it.'),
  /** wip/rt (issue 11): socket handshake refusals, sent as connect_error data.code. */
  SOCKET_AUTH_MISSING: e(401, 'No authentication token available'),
  SOCKET_AUTH_INVALID: e(401, 'Invalid or expired authentication token'),
  /** Issue 15 (branch wip/cust): check-in by the booking voucher's code. */
  VOUCHER_INVALID: e(400, 'This is not a voucher code. Codes look like D3-1A2B-3C4D.'),
  VOUCHER_NOT_FOUND: e(404, 'No booking with this voucher code at your stores.'),
  VOUCHER_AMBIGUOUS: e(409, 'More than one booking matches this code. Check the booking in from the list.'),
  /** Issue 16 (wip/perfapi): the embedded database's queue is full; retry after Retry-After seconds. */
  DATABASE_BUSY: e(503, 'The service is busy. Please try again in a moment.'),
  /** Branch wip/wd (issue 12): referral balance withdrawals through M-Pesa B2C. */
  WITHDRAWAL_BELOW_MINIMUM: e(400, 'The minimum withdrawal is KES 50.'),
  WITHDRAWAL_EXCEEDS_BALANCE: e(400, 'You cannot withdraw more than your available balance.'),
  WITHDRAWAL_PHONE_NOT_VERIFIED: e(400, 'Verify your phone number to withdraw to M-Pesa.'),
  WITHDRAWAL_PENDING: e(
    409,
    'A withdrawal is already pending. Wait for it to finish before starting another.',
  ),
  /** Issue 31: security, round two. */
  SOCKET_EVENT_UNKNOWN: e(400, 'Unknown event'),
  PHONE_IN_USE: e(
    409,
    'This phone number is already verified on another account. Sign in to that account, or use another number.',
  ),
  CHAT_UPLOADS_PENDING_LIMIT: e(
    429,
    'Too many images are waiting to be sent. Send them, or wait a day for them to be cleared.',
  ),
  WITHDRAWAL_PROVIDER_UNAVAILABLE: e(
    503,
    'The withdrawal could not be started. Nothing was deducted; please try again.',
  ),
  /** Issue 34: splitting a booking's access fee between friends. */
  SPLIT_NOT_ALLOWED: e(400, 'Only an offer booking with an access fee can be split between friends.'),
  SPLIT_ALREADY_OPEN: e(
    409,
    'You already have an open split for this time. Finish or cancel it before starting another.',
  ),
  SPLIT_NOT_FOUND: e(404, 'This split link is not valid. Ask your friend to share it again.'),
  SPLIT_CLOSED: e(409, 'This split is closed: every share is paid or the time to pay ran out.'),
  SPLIT_FULLY_CLAIMED: e(
    409,
    'Every share of this booking is already taken. Ask your friend for a new link.',
  ),
  SPLIT_PUSH_LIMIT: e(429, 'This number has had too many payment prompts in the last hour. Try again later.'),
  /** Issue 36: WhatsApp notifications (the Cloud API's webhook, the opt-in). */
  WEBHOOK_SIGNATURE_INVALID: e(401, 'Invalid webhook signature'),
  WEBHOOK_VERIFY_FAILED: e(403, 'Webhook verification failed'),
  WHATSAPP_PHONE_NOT_VERIFIED: e(400, 'Verify your phone number to get notifications on WhatsApp.'),
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** True when a wire error code is one of ours (clients switch on it). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}
