import { offersRoutes, servicesRoutes, storesRoutes } from '@d3/shared/api/routes';
import type { TMerchantOfferState } from '@d3/shared/merchant/offer-schemas';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
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
  read: (storeId: string, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: key(storeId ?? ''),
    queryFn: ({ signal }) => read(storeId ?? '', signal),
    enabled: Boolean(storeId),
  });
}

export const storeKey = (id: string) => ['merchant', 'store', id] as const;
export function useStoreDetail(id: string | null) {
  return useStoreQuery(storeKey, id, (storeId, signal) =>
    call(storesRoutes.get, { params: { id: storeId } }, { signal }).then((body) => body.store),
  );
}

export const branchesKey = (storeId: string) => ['merchant', 'branches', storeId] as const;
export function useBranches(storeId: string | null) {
  return useStoreQuery(branchesKey, storeId, (id, signal) =>
    call(storesRoutes.branches, { params: { id } }, { signal }).then((body) =>
      body.branches.filter((branch) => !branch.isSynthetic),
    ),
  );
}

export const staffKey = (storeId: string) => ['merchant', 'staff', storeId] as const;
export function useStaff(storeId: string | null) {
  return useStoreQuery(staffKey, storeId, (id, signal) =>
    call(storesRoutes.staff, { params: { id } }, { signal }).then((body) => body.staff),
  );
}

export const servicesKey = (storeId: string) => ['merchant', 'services', storeId] as const;
export function useServices(storeId: string | null) {
  return useStoreQuery(servicesKey, storeId, (id, signal) =>
    call(servicesRoutes.list, { query: { storeId: id, limit: 100 } }, { signal }).then(
      (body) => body.services ?? body.data ?? [],
    ),
  );
}

export const offersKey = (storeId: string) => ['merchant', 'offers', storeId] as const;
/** The store's offers in every state (GET /offers/merchant), `state` 'all' or one state. */
export function useOffers(storeId: string | null, state: TMerchantOfferState | 'all' = 'all') {
  return useQuery({
    queryKey: [...offersKey(storeId ?? ''), state],
    queryFn: ({ signal }) =>
      call(
        offersRoutes.merchantList,
        { query: { storeId: storeId ?? undefined, state, limit: 100 } },
        { signal },
      ),
    enabled: Boolean(storeId),
    placeholderData: (previous) => previous,
  });
}

export type TCategory = { id: string | null; name: string };
export type TLocation = { id: string; name: string; area?: string };

/** A list the forms choose from (categories, locations), kept 10 minutes. */
function useReferenceList<T>(name: 'categories' | 'locations', read: (signal: AbortSignal) => Promise<T[]>) {
  return useQuery({
    queryKey: ['merchant', name],
    queryFn: ({ signal }) => read(signal),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useReferenceList<TCategory>('categories', (signal) =>
    call(storesRoutes.categories, {}, { signal }).then((body) => body.categories),
  );
}

export function useLocations() {
  return useReferenceList<TLocation>('locations', (signal) =>
    call(storesRoutes.locations, {}, { signal }).then((body) => body.locations),
  );
}
