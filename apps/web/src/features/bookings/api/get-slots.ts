import { bookingsRoutes } from '@d3/shared/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { SLOT_TIMEOUT_MS } from './booking-errors';
import type { TBookingType, TSlotsResponse } from './booking-types';

export interface TSlotsParams {
  bookingType: TBookingType;
  /** The offer's or the service's id. */
  entityId: string;
  date: string;
  branchId?: string | null;
}

/** GET /bookings/slots/unified (an offer or a service), or /bookings/quote-slots (an accepted quote). */
export function getSlots(params: TSlotsParams, signal?: AbortSignal): Promise<TSlotsResponse> {
  const { bookingType, entityId, date } = params;
  const branchId = params.branchId ?? undefined;
  const options = { signal, timeoutMs: SLOT_TIMEOUT_MS };
  if (bookingType === 'quote') {
    return call(bookingsRoutes.quoteSlots, { query: { quoteId: entityId, date, branchId } }, options);
  }
  return call(
    bookingsRoutes.slots,
    { query: { entityId, entityType: bookingType, date, branchId } },
    options,
  );
}

/** Keyed by the session too: a signed-in customer's list shows the waitlist place held for them as open (issue 36). */
export const slotsQueryKey = (params: TSlotsParams, token: string | null) =>
  [
    'bookings',
    'slots',
    params.bookingType,
    params.entityId,
    params.date,
    params.branchId ?? null,
    token,
  ] as const;

/** Slots change as others book: always refetched on mount, never kept stale for long. */
export function useSlots(params: TSlotsParams | null) {
  const token = useSession()?.token ?? null;
  return useQuery({
    queryKey: params ? slotsQueryKey(params, token) : ['bookings', 'slots', 'idle'],
    queryFn: ({ signal }) => getSlots(params as TSlotsParams, signal),
    enabled: params !== null && params.date !== '' && params.entityId !== '',
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
