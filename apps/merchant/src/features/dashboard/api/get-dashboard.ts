import { dashboardRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /merchant/dashboard: every dashboard figure in one call (issue 13). */
export function useMerchantDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['merchant', 'dashboard'],
    queryFn: ({ signal }) => call(dashboardRoutes.get, {}, { signal }).then((body) => body.data),
    enabled,
    refetchInterval: 60_000,
  });
}
