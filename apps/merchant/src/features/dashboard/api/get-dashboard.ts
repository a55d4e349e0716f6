import type { TMerchantDashboardResponse } from '@d3/shared/merchant/dashboard-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /merchant/dashboard: every dashboard figure in one call (issue 13). */
export function useMerchantDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['merchant', 'dashboard'],
    queryFn: ({ signal }) =>
      apiClient.get<TMerchantDashboardResponse>('/merchant/dashboard', { signal }).then((body) => body.data),
    enabled,
    refetchInterval: 60_000,
  });
}
