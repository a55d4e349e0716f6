import type { TMerchant } from '@d3/shared/accounts/accounts-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export type TMerchantStoreSummary = {
  id: string;
  name: string;
  category: string | null;
  location: string | null;
  logoUrl: string | null;
};

export type TMerchantMeResponse = {
  success: true;
  merchant: TMerchant;
  stores: TMerchantStoreSummary[];
};

export const merchantMeQueryKey = (token: string | null) => ['merchants', 'me', token] as const;

/** GET /merchants/me: the signed-in merchant and a summary of their stores. */
export function getMerchantMe(signal?: AbortSignal): Promise<TMerchantMeResponse> {
  return apiClient.get<TMerchantMeResponse>('/merchants/me', { signal });
}

export function useMerchantMe(token: string | null) {
  return useQuery({
    queryKey: merchantMeQueryKey(token),
    queryFn: ({ signal }) => getMerchantMe(signal),
    enabled: token !== null,
  });
}
