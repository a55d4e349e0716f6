import type { TBranch, TService, TStaff, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import type { TMerchantOfferListResponse, TMerchantOfferState } from '@d3/shared/merchant/offer-schemas';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { useMerchantToken } from '../auth-token';
import { useMerchantMe } from './get-merchant-me';

/** The signed-in merchant's stores (summaries) from GET /merchants/me. */
export function useMyStores() {
  const token = useMerchantToken();
  return useMerchantMe(token);
}

/** A query about one store, keyed by `key(storeId)`; it waits until a store is chosen. */
function useStoreQuery<T>(
  key: (storeId: string) => QueryKey,
  storeId: string | null,
  fetch: (storeId: string, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: key(storeId ?? ''),
    queryFn: ({ signal }) => fetch(storeId ?? '', signal),
    enabled: Boolean(storeId),
  });
}

export const storeKey = (id: string) => ['merchant', 'store', id] as const;
export function useStoreDetail(id: string | null) {
  return useStoreQuery(storeKey, id, (storeId, signal) =>
    apiClient.get<{ store: TStoreDetail }>(`/stores/${storeId}`, { signal }).then((body) => body.store),
  );
}

export const branchesKey = (storeId: string) => ['merchant', 'branches', storeId] as const;
export function useBranches(storeId: string | null) {
  return useStoreQuery(branchesKey, storeId, (id, signal) =>
    apiClient
      .get<{ branches: TBranch[] }>(`/stores/${id}/branches`, { signal })
      .then((body) => body.branches.filter((branch) => !branch.isSynthetic)),
  );
}

export const staffKey = (storeId: string) => ['merchant', 'staff', storeId] as const;
export function useStaff(storeId: string | null) {
  return useStoreQuery(staffKey, storeId, (id, signal) =>
    apiClient.get<{ staff: TStaff[] }>(`/stores/${id}/staff`, { signal }).then((body) => body.staff),
  );
}

export const servicesKey = (storeId: string) => ['merchant', 'services', storeId] as const;
export function useServices(storeId: string | null) {
  return useStoreQuery(servicesKey, storeId, (id, signal) =>
    apiClient
      .get<{ services?: TService[]; data?: TService[] }>('/services', {
        signal,
        query: { storeId: id, limit: 100 },
      })
      .then((body) => body.services ?? body.data ?? []),
  );
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

/** A list the forms choose from (categories, locations): GET `path` answers it under `name`; kept 10 minutes. */
function useReferenceList<T>(name: 'categories' | 'locations', path: string) {
  return useQuery({
    queryKey: ['merchant', name],
    queryFn: ({ signal }) =>
      apiClient.get<Record<typeof name, T[]>>(path, { signal }).then((body) => body[name]),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useReferenceList<TCategory>('categories', '/stores/categories');
}

export function useLocations() {
  return useReferenceList<TLocation>('locations', '/stores/locations');
}
