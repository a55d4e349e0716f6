import type { merchantAccountsContract } from '@d3/shared/accounts/accounts-contract';
import type { EndpointOutput } from '@d3/shared/api/contract';
import { merchantAccountsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

export type TMerchantMeResponse = EndpointOutput<typeof merchantAccountsContract.me>;
export type TMerchantStoreSummary = TMerchantMeResponse['stores'][number];

export const merchantMeQueryKey = (token: string | null) => ['merchants', 'me', token] as const;

/** GET /merchants/me: the signed-in merchant and a summary of their stores. */
export function getMerchantMe(signal?: AbortSignal): Promise<TMerchantMeResponse> {
  return call(merchantAccountsRoutes.me, {}, { signal });
}

export function useMerchantMe(token: string | null) {
  return useQuery({
    queryKey: merchantMeQueryKey(token),
    queryFn: ({ signal }) => getMerchantMe(signal),
    enabled: token !== null,
  });
}
