import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { SLOT_TIMEOUT_MS, withRouteFallback } from './booking-errors';
import type { TBookingType, TSlotsResponse } from './booking-types';

export interface TSlotsParams {
  bookingType: TBookingType;
  /** The offer's or the service's id. */
  entityId: string;
  date: string;
  branchId?: string | null;
}

/** GET /bookings/offer-slots or /service-slots, with the seed's fallbacks /slots/unified and /slots. */
export function getSlots(params: TSlotsParams, signal?: AbortSignal): Promise<TSlotsResponse> {
  const { bookingType, entityId, date } = params;
  const branchId = params.branchId ?? undefined;
  const idKey = bookingType === 'offer' ? 'offerId' : 'serviceId';
  const options = { signal, timeoutMs: SLOT_TIMEOUT_MS };
  if (bookingType === 'quote') {
    return apiFetch<TSlotsResponse>('/bookings/quote-slots', {
      ...options,
      query: { quoteId: entityId, date, branchId },
    });
  }
  return withRouteFallback([
    () =>
      apiFetch<TSlotsResponse>(`/bookings/${bookingType}-slots`, {
        ...options,
        query: { [idKey]: entityId, date, branchId },
      }),
    () =>
      apiFetch<TSlotsResponse>('/bookings/slots/unified', {
        ...options,
        query: { entityId, entityType: bookingType, date, branchId },
      }),
    () =>
      apiFetch<TSlotsResponse>('/bookings/slots', {
        ...options,
        query: { [idKey]: entityId, date, bookingType, branchId },
      }),
  ]);
}

export const slotsQueryKey = (params: TSlotsParams) =>
  ['bookings', 'slots', params.bookingType, params.entityId, params.date, params.branchId ?? null] as const;

/** Slots change as others book: always refetched on mount, never kept stale for long. */
export function useSlots(params: TSlotsParams | null) {
  return useQuery({
    queryKey: params ? slotsQueryKey(params) : ['bookings', 'slots', 'idle'],
    queryFn: ({ signal }) => getSlots(params as TSlotsParams, signal),
    enabled: params !== null && params.date !== '' && params.entityId !== '',
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
