import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS, withRouteFallback } from './booking-errors';
import type { TBookingType, TBranchesResponse, TStaffResponse } from './booking-types';

const plural = (type: TBookingType) =>
  type === 'offer' ? 'offers' : type === 'quote' ? 'quotes' : 'services';

/** GET /bookings/{offers|services}/{id}/branch, fallback /bookings/branches/{offer|service}/{id}. */
export function getBranches(type: TBookingType, id: string, signal?: AbortSignal) {
  const options = { signal, timeoutMs: BOOKING_TIMEOUT_MS };
  const encoded = encodeURIComponent(id);
  return withRouteFallback([
    () => apiFetch<TBranchesResponse>(`/bookings/${plural(type)}/${encoded}/branch`, options),
    () => apiFetch<TBranchesResponse>(`/bookings/branches/${type}/${encoded}`, options),
  ]);
}

export function useBranches(type: TBookingType, id: string) {
  return useQuery({
    queryKey: ['bookings', 'branches', type, id] as const,
    queryFn: ({ signal }) => getBranches(type, id, signal),
    enabled: id !== '',
  });
}

/** GET /bookings/{offers|services}/{id}/staff?branchId, fallback /bookings/staff/{offer|service}/{id}. */
export function getStaff(type: TBookingType, id: string, branchId: string, signal?: AbortSignal) {
  // A quote books the store, not a staff member: only 'Any available staff' is offered.
  if (type === 'quote') return Promise.resolve<TStaffResponse>({ success: true, staff: [] });
  const options = { signal, timeoutMs: BOOKING_TIMEOUT_MS, query: { branchId } };
  const encoded = encodeURIComponent(id);
  return withRouteFallback([
    () => apiFetch<TStaffResponse>(`/bookings/${plural(type)}/${encoded}/staff`, options),
    () => apiFetch<TStaffResponse>(`/bookings/staff/${type}/${encoded}`, options),
  ]);
}

export function useStaff(type: TBookingType, id: string, branchId: string | null) {
  return useQuery({
    queryKey: ['bookings', 'staff', type, id, branchId] as const,
    queryFn: ({ signal }) => getStaff(type, id, branchId ?? '', signal),
    enabled: id !== '' && branchId !== null,
  });
}
