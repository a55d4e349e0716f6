import { storesRoutes } from '@d3/shared/api/routes';
import type { TStoreSort } from '@d3/shared/catalogue/catalogue-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

/** All Stores page size (seed 000 §9). */
export const STORES_PAGE_SIZE = 20;

export interface ListStoresParams {
  search?: string;
  location?: string;
  category?: string;
  sortBy?: TStoreSort;
  page?: number;
  limit?: number;
}

export const listStoresQueryKey = (params: ListStoresParams) => ['stores', 'list', params] as const;

export function listStores(params: ListStoresParams, signal?: AbortSignal) {
  return call(storesRoutes.list, { query: { limit: STORES_PAGE_SIZE, ...params } }, { signal });
}

/** The list's key and function (the hook's, and All Stores' server read). */
export const storesQuery = (params: ListStoresParams) => ({
  queryKey: listStoresQueryKey(params),
  queryFn: ({ signal }: { signal?: AbortSignal }) => listStores(params, signal),
});

export function useStores(params: ListStoresParams) {
  return useQuery({
    ...storesQuery(params),
    placeholderData: keepPreviousData,
  });
}
