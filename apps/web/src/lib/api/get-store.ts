import type { TOffer, TService, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** GET /stores/{id}: the store with its branches and social links (400 bad id, 404 unknown). */
export function getStore(storeId: string, signal?: AbortSignal): Promise<{ store: TStoreDetail }> {
  return apiFetch<{ store: TStoreDetail }>(`/stores/${encodeURIComponent(storeId)}`, { signal });
}

export const storeQueryKey = (storeId: string) => ['stores', storeId] as const;

export function useStore(storeId: string) {
  return useQuery({
    queryKey: storeQueryKey(storeId),
    queryFn: ({ signal }) => getStore(storeId, signal),
    enabled: storeId !== '',
  });
}

/** GET /offers/store/{storeId}: the store's live offers (a failure gives an empty list server-side). */
export function getStoreOffers(storeId: string, signal?: AbortSignal): Promise<{ offers: TOffer[] }> {
  return apiFetch<{ offers: TOffer[] }>(`/offers/store/${encodeURIComponent(storeId)}`, { signal });
}

export const storeOffersQueryKey = (storeId: string) => ['stores', storeId, 'offers'] as const;

export function useStoreOffers(storeId: string, enabled = true) {
  return useQuery({
    queryKey: storeOffersQueryKey(storeId),
    queryFn: ({ signal }) => getStoreOffers(storeId, signal),
    enabled: enabled && storeId !== '',
  });
}

/** GET /services/store/{storeId}. */
export function getStoreServices(storeId: string, signal?: AbortSignal): Promise<{ services: TService[] }> {
  return apiFetch<{ services: TService[] }>(`/services/store/${encodeURIComponent(storeId)}`, { signal });
}

export const storeServicesQueryKey = (storeId: string) => ['stores', storeId, 'services'] as const;

export function useStoreServices(storeId: string, enabled = true) {
  return useQuery({
    queryKey: storeServicesQueryKey(storeId),
    queryFn: ({ signal }) => getStoreServices(storeId, signal),
    enabled: enabled && storeId !== '',
  });
}
