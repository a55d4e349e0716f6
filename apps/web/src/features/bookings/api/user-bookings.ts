import { bookingsRoutes } from '@d3/shared/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TBookingType } from './booking-types';

/** Seed 000 §9: bookings come 12 to a page. */
export const BOOKINGS_PAGE_SIZE = 12;

export type TBookingsTab = 'upcoming' | 'past' | 'cancelled' | 'all';

export interface TUserBookingsParams {
  page: number;
  tab: TBookingsTab;
  bookingType: TBookingType | 'all';
  search: string;
}

/** Personal data lives under 'users', which signing out removes. */
export const userBookingsKeys = {
  all: ['users', 'bookings'] as const,
  list: (token: string | null, params: TUserBookingsParams) =>
    ['users', 'bookings', token, 'list', params] as const,
  detail: (token: string | null, id: string) => ['users', 'bookings', token, 'detail', id] as const,
  rescheduleOptions: (token: string | null, id: string) =>
    ['users', 'bookings', token, 'reschedule-options', id] as const,
};

/** GET /bookings/user: one page, filtered on the server. */
export function listUserBookings(params: TUserBookingsParams & { limit?: number }, signal?: AbortSignal) {
  const query = {
    page: params.page,
    limit: params.limit ?? BOOKINGS_PAGE_SIZE,
    status: params.tab === 'all' ? undefined : params.tab,
    bookingType: params.bookingType === 'all' ? undefined : params.bookingType,
    search: params.search.trim(),
  };
  return call(bookingsRoutes.mine, { query }, { signal, timeoutMs: BOOKING_TIMEOUT_MS });
}

export function useUserBookings(token: string | null, params: TUserBookingsParams) {
  return useQuery({
    queryKey: userBookingsKeys.list(token, params),
    queryFn: ({ signal }) => listUserBookings(params, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
