import { bookingsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TBooking } from './booking-types';
import { listUserBookings, userBookingsKeys } from './user-bookings';

/** Seed 000 §9: when the detail call fails on the server, the customer's list (up to 100) is searched instead. */
export const BOOKINGS_FALLBACK_LIMIT = 100;
/** Seed 001 §4: a server error is retried 3 times, after 1, 2 and 4 seconds. */
export const DETAIL_MAX_RETRIES = 3;

/** React Query passes the failures before this retry (0, 1, 2): waits of 1, 2 and 4 s. */
export function retryDelayMs(failuresBefore: number): number {
  return 1000 * 2 ** Math.max(0, failuresBefore);
}

export function isServerError(error: unknown): boolean {
  return isApiError(error) && error.status >= 500;
}

/** The list a booking falls back to (and the copy kept for offline vouchers, issue 32). */
const FALLBACK_LIST = {
  page: 1,
  limit: BOOKINGS_FALLBACK_LIMIT,
  tab: 'all',
  bookingType: 'all',
  search: '',
} as const;

/** No answer at all (offline, connection refused, timeout): the API client's status 0. */
const unanswered = (error: unknown) => isApiError(error) && error.status === 0;

/**
 * Reads the customer's bookings as getBooking falls back to them, so the service worker keeps that
 * answer (src/sw/sw.ts): every booking's voucher then opens with no signal, not only those opened
 * online before (issue 32). Called by My Bookings once it has loaded.
 */
export async function keepVouchersForOffline(): Promise<void> {
  await listUserBookings(FALLBACK_LIST).catch(() => null);
}

/**
 * GET /bookings/{id}; on a 5xx, or with no answer (offline: the service worker then answers the list
 * from its copy), the booking from GET /bookings/user?limit=100 when it is there.
 */
export async function getBooking(id: string, signal?: AbortSignal): Promise<TBooking> {
  try {
    const body = await call(
      bookingsRoutes.get,
      { params: { id } },
      { signal, timeoutMs: BOOKING_TIMEOUT_MS },
    );
    return body.booking;
  } catch (error) {
    if (!isServerError(error) && !unanswered(error)) throw error;
    const list = await listUserBookings(FALLBACK_LIST, signal).catch(() => null);
    const found = list?.bookings.find((booking) => booking.id === id);
    if (found) return found;
    throw error;
  }
}

export function useBooking(token: string | null, id: string) {
  return useQuery({
    queryKey: userBookingsKeys.detail(token, id),
    queryFn: ({ signal }) => getBooking(id, signal),
    enabled: token !== null && id !== '',
    // Only server errors are retried, at 1, 2 and 4 s; the page shows 'Retry attempt n/3' meanwhile.
    retry: (failureCount, error) => isServerError(error) && failureCount < DETAIL_MAX_RETRIES,
    retryDelay: (failureCount) => retryDelayMs(failureCount),
  });
}
