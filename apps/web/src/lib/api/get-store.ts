import type { TOffer, TService, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { readById } from './read-by-id';

export const storeQueryKey = (storeId: string) => ['stores', storeId] as const;
export const storeOffersQueryKey = (storeId: string) => ['stores', storeId, 'offers'] as const;
export const storeServicesQueryKey = (storeId: string) => ['stores', storeId, 'services'] as const;

/** GET /stores/{id}: the store with its branches and social links (400 bad id, 404 unknown). */
const storeRead = readById<{ store: TStoreDetail }>((id) => `/stores/${id}`, storeQueryKey);
/** GET /offers/store/{storeId}: the store's live offers (a failure gives an empty list server-side). */
const storeOffersRead = readById<{ offers: TOffer[] }>((id) => `/offers/store/${id}`, storeOffersQueryKey);
/** GET /services/store/{storeId}. */
const storeServicesRead = readById<{ services: TService[] }>(
  (id) => `/services/store/${id}`,
  storeServicesQueryKey,
);

export function useStore(storeId: string) {
  return storeRead.useRead(storeId);
}

export function useStoreOffers(storeId: string, enabled = true) {
  return storeOffersRead.useRead(storeId, enabled);
}

export function useStoreServices(storeId: string, enabled = true) {
  return storeServicesRead.useRead(storeId, enabled);
}
