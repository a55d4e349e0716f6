import type { TBranch, TService, TStaff, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import type { TMerchantOfferListResponse, TMerchantOfferState } from '@d3/shared/merchant/offer-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { useMerchantToken } from '../auth-token';
import { useMerchantMe } from './get-merchant-me';

/** The signed-in merchant's stores (summaries) from GET /merchants/me. */
export function useMyStores() {
  const token = useMerchantToken();
  return useMerchantMe(token);
}

export const storeKey = (id: string) => ['merchant', 'store', id] as const;
export function useStoreDetail(id: string | null) {
  return useQuery({
    queryKey: storeKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ store: TStoreDetail }>(`/stores/${id}`, { signal }).then((body) => body.store),
    enabled: Boolean(id),
  });
}

export const branchesKey = (storeId: string) => ['merchant', 'branches', storeId] as const;
export function useBranches(storeId: string | null) {
  return useQuery({
    queryKey: branchesKey(storeId ?? ''),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ branches: TBranch[] }>(`/stores/${storeId}/branches`, { signal })
        .then((body) => body.branches.filter((branch) => !branch.isSynthetic)),
    enabled: Boolean(storeId),
  });
}

export const staffKey = (storeId: string) => ['merchant', 'staff', storeId] as const;
export function useStaff(storeId: string | null) {
  return useQuery({
    queryKey: staffKey(storeId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ staff: TStaff[] }>(`/stores/${storeId}/staff`, { signal }).then((body) => body.staff),
    enabled: Boolean(storeId),
  });
}

export const servicesKey = (storeId: string) => ['merchant', 'services', storeId] as const;
export function useServices(storeId: string | null) {
  return useQuery({
    queryKey: servicesKey(storeId ?? ''),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ services?: TService[]; data?: TService[] }>('/services', {
          signal,
          query: { storeId: storeId ?? undefined, limit: 100 },
        })
        .then((body) => body.services ?? body.data ?? []),
    enabled: Boolean(storeId),
  });
}

export const offersKey = (storeId: string) => ['merchant', 'offers', storeId] as const;
/** The store's offers in every state (GET /offers/merchant), `state` 'all' or one state. */
export function useOffers(storeId: string | null, state: TMerchantOfferState | 'all' = 'all') {
  return useQuery({
    queryKey: [...offersKey(storeId ?? ''), state],
    queryFn: ({ signal }) =>
      apiClient.get<TMerchantOfferListResponse>('/offers/merchant', {
        signal,
        query: { storeId: storeId ?? undefined, state, limit: 100 },
      }),
    enabled: Boolean(storeId),
    placeholderData: (previous) => previous,
  });
}

export type TCategory = { id: string | null; name: string };
export type TLocation = { id: string; name: string; area?: string };

export function useCategories() {
  return useQuery({
    queryKey: ['merchant', 'categories'],
    queryFn: ({ signal }) =>
      apiClient
        .get<{ categories: TCategory[] }>('/stores/categories', { signal })
        .then((body) => body.categories),
    staleTime: 10 * 60_000,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: ['merchant', 'locations'],
    queryFn: ({ signal }) =>
      apiClient
        .get<{ locations: TLocation[] }>('/stores/locations', { signal })
        .then((body) => body.locations),
    staleTime: 10 * 60_000,
  });
}
