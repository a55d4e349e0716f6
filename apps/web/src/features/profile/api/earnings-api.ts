import type {
  TEarningActivity,
  TEarningsResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

// --- referral earnings -------------------------------------------------------------------------

export function useEarnings(token: string | null) {
  return useQuery({
    queryKey: ['users', 'earnings', token] as const,
    queryFn: ({ signal }) => apiFetch<TEarningsResponse>('/users/earnings', { signal }),
    enabled: token !== null,
  });
}

export function useEarningActivities(token: string | null) {
  return useQuery({
    queryKey: ['users', 'earning-activities', token] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ activities: TEarningActivity[] }>('/users/earning-activities', { signal }),
    enabled: token !== null,
  });
}
