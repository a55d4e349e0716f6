import type { TBranch } from './catalogue-schemas.js';

/** What a store row must carry to stand in for its own main branch. */
export interface MainBranchStore {
  id: string;
  name: string;
  locationName: string | null;
  phoneNumber: string | null;
  primaryEmail: string | null;
  openingTime: string;
  closingTime: string;
  workingDays: string[];
  latitude: number | null;
  longitude: number | null;
}

/** The id of the main branch a store without branches stands in for: 'store-{storeId}'. */
export const mainBranchId = (storeId: string) => `store-${storeId}`;

/**
 * A store without branches is shown as one main branch 'store-{id}' with the store's details
 * (the store page marks it synthetic; a booking's branch is the same without the mark).
 */
export function storeAsMainBranch(store: MainBranchStore): Omit<TBranch, 'isSynthetic'> {
  return {
    id: mainBranchId(store.id),
    storeId: store.id,
    name: store.name,
    address: store.locationName ?? '',
    phone: store.phoneNumber,
    email: store.primaryEmail,
    status: 'active',
    openingTime: store.openingTime,
    closingTime: store.closingTime,
    workingDays: store.workingDays,
    isMainBranch: true,
    manager: null,
    latitude: store.latitude,
    longitude: store.longitude,
  };
}
