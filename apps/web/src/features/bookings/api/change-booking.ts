import { bookingsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import { userBookingsKeys } from './user-bookings';

const slow = { timeoutMs: BOOKING_TIMEOUT_MS };

/** PUT /bookings/{id}/cancel. */
export function cancelBooking(id: string, body: { reason?: string; refundRequested?: boolean }) {
  return call(bookingsRoutes.cancel, { params: { id }, body }, slow);
}

/** PUT /bookings/{id}/reschedule. */
export function rescheduleBooking(
  id: string,
  body: { newStartTime: string; newStaffId?: string; reason?: string },
) {
  return call(bookingsRoutes.reschedule, { params: { id }, body }, slow);
}

/** GET /bookings/{id}/reschedule-options: the free slots of the next 7 days from the real slot engine. */
export function useRescheduleOptions(token: string | null, id: string, enabled: boolean) {
  return useQuery({
    queryKey: userBookingsKeys.rescheduleOptions(token, id),
    queryFn: async ({ signal }) =>
      (await call(bookingsRoutes.rescheduleOptions, { params: { id } }, { signal, ...slow })).options ?? [],
    enabled: enabled && token !== null,
    staleTime: 0,
  });
}
