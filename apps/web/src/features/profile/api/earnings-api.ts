import { referralsRoutes } from '@d3/shared/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

// --- referral earnings -------------------------------------------------------------------------

export function useEarnings(token: string | null) {
  return useQuery({
    queryKey: ['users', 'earnings', token] as const,
    queryFn: ({ signal }) => call(referralsRoutes.earnings, {}, { signal }),
    enabled: token !== null,
    // While a withdrawal waits for M-Pesa's result, ask again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.earnings.latestWithdrawal?.status === 'pending' ? WITHDRAWAL_POLL_MS : false,
  });
}

export const WITHDRAWAL_POLL_MS = 3000;

/** POST /users/earnings/withdraw: the whole available balance to the verified M-Pesa number. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(referralsRoutes.withdraw, { body: {} }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'earnings'] }),
        queryClient.invalidateQueries({ queryKey: ['users', 'earning-activities'] }),
      ]);
    },
  });
}

export function useEarningActivities(token: string | null) {
  return useQuery({
    queryKey: ['users', 'earning-activities', token] as const,
    queryFn: ({ signal }) => call(referralsRoutes.activities, {}, { signal }),
    enabled: token !== null,
  });
}
