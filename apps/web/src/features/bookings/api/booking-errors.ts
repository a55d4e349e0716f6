import { isApiError } from '../../../lib/api-client';
import { BOOKING_API_MESSAGES } from '../lib/booking-messages';

/** Timeouts of seed 001 §7: booking API 20 s, slot requests 15 s. */
export const BOOKING_TIMEOUT_MS = 20_000;
export const SLOT_TIMEOUT_MS = 15_000;

/**
 * The seed's "Booking API mapping" (seed 001 §8). A 400 keeps the server's own text (it is already the
 * seed's wording: 'Start time must be a valid date and time', the business-rule messages, ...).
 */
export function bookingErrorMessage(error: unknown): string {
  if (!isApiError(error)) return BOOKING_API_MESSAGES.server;
  const { status } = error;
  if (status === 0) return BOOKING_API_MESSAGES.network;
  if (status === 400) return error.message;
  if (status === 401) return BOOKING_API_MESSAGES.unauthenticated;
  if (status === 403) return BOOKING_API_MESSAGES.forbidden;
  if (status === 404) return BOOKING_API_MESSAGES.notFound;
  if (status === 409) return BOOKING_API_MESSAGES.slotTaken;
  if (status === 429) return BOOKING_API_MESSAGES.rateLimited;
  if (status >= 500) return BOOKING_API_MESSAGES.server;
  return error.message;
}

export function isSlotTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
