import { offersRoutes, servicesRoutes, storesRoutes } from '@d3/shared/api/routes';
import { readById } from './read-by-id';

export const storeQueryKey = (storeId: string) => ['stores', storeId] as const;
export const storeOffersQueryKey = (storeId: string) => ['stores', storeId, 'offers'] as const;
export const storeServicesQueryKey = (storeId: string) => ['stores', storeId, 'services'] as const;

/** GET /stores/{id}: the store with its branches and social links (400 bad id, 404 unknown). */
const storeRead = readById(storesRoutes.get, storeQueryKey);
/** GET /offers/store/{storeId}: the store's live offers (a failure gives an empty list server-side). */
const storeOffersRead = readById(offersRoutes.ofStore, storeOffersQueryKey);
/** GET /services/store/{storeId}. */
const storeServicesRead = readById(servicesRoutes.ofStore, storeServicesQueryKey);

/** The store, its offers and its services, as the store page asks for them (its server reads). */
export const storeReads = (storeId: string) => [
  storeRead.query(storeId),
  storeOffersRead.query(storeId),
  storeServicesRead.query(storeId),
];

export function useStore(storeId: string) {
  return storeRead.useRead(storeId);
}

export function useStoreOffers(storeId: string, enabled = true) {
  return storeOffersRead.useRead(storeId, enabled);
}

export function useStoreServices(storeId: string, enabled = true) {
  return storeServicesRead.useRead(storeId, enabled);
}
