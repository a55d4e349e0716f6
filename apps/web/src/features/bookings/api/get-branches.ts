import { bookingsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TBookingType, TStaffResponse } from './booking-types';

const BRANCHES = {
  offer: bookingsRoutes.offerBranches,
  service: bookingsRoutes.serviceBranches,
  quote: bookingsRoutes.quoteBranches,
} as const;

/** GET /bookings/{offers|services|quotes}/{id}/branch. */
export function getBranches(type: TBookingType, id: string, signal?: AbortSignal) {
  return call(BRANCHES[type], { params: { id } }, { signal, timeoutMs: BOOKING_TIMEOUT_MS });
}

export function useBranches(type: TBookingType, id: string) {
  return useQuery({
    queryKey: ['bookings', 'branches', type, id] as const,
    queryFn: ({ signal }) => getBranches(type, id, signal),
    enabled: id !== '',
  });
}

/** GET /bookings/{offers|services}/{id}/staff?branchId. */
export function getStaff(type: TBookingType, id: string, branchId: string, signal?: AbortSignal) {
  // A quote books the store, not a staff member: only 'Any available staff' is offered.
  if (type === 'quote') return Promise.resolve<TStaffResponse>({ success: true, staff: [] });
  const route = type === 'offer' ? bookingsRoutes.offerStaff : bookingsRoutes.serviceStaff;
  return call(route, { params: { id }, query: { branchId } }, { signal, timeoutMs: BOOKING_TIMEOUT_MS });
}

export function useStaff(type: TBookingType, id: string, branchId: string | null) {
  return useQuery({
    queryKey: ['bookings', 'staff', type, id, branchId] as const,
    queryFn: ({ signal }) => getStaff(type, id, branchId ?? '', signal),
    enabled: id !== '' && branchId !== null,
  });
}
