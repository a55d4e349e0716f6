import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TBooking, TRescheduleOption } from './booking-types';
import { userBookingsKeys } from './user-bookings';

/** PUT /bookings/{id}/cancel. */
export function cancelBooking(id: string, body: { reason?: string; refundRequested?: boolean }) {
  return apiFetch<{ message: string; booking: TBooking }>(`/bookings/${encodeURIComponent(id)}/cancel`, {
    method: 'PUT',
    body,
    timeoutMs: BOOKING_TIMEOUT_MS,
  });
}

/** PUT /bookings/{id}/reschedule. */
export function rescheduleBooking(
  id: string,
  body: { newStartTime: string; newStaffId?: string; reason?: string },
) {
  return apiFetch<{ message: string; booking: TBooking }>(`/bookings/${encodeURIComponent(id)}/reschedule`, {
    method: 'PUT',
    body,
    timeoutMs: BOOKING_TIMEOUT_MS,
  });
}

/** GET /bookings/{id}/reschedule-options: the free slots of the next 7 days from the real slot engine. */
export function useRescheduleOptions(token: string | null, id: string, enabled: boolean) {
  return useQuery({
    queryKey: userBookingsKeys.rescheduleOptions(token, id),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ options: TRescheduleOption[] }>(
        `/bookings/${encodeURIComponent(id)}/reschedule-options`,
        { signal, timeoutMs: BOOKING_TIMEOUT_MS },
      );
      return body.options ?? [];
    },
    enabled: enabled && token !== null,
    staleTime: 0,
  });
}
