import { storesRoutes } from '@d3/shared/api/routes';
import { RANDOM_STORES_LIMIT } from '@d3/shared/catalogue/store-list-rules';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /stores/random?limit=21 (seed 001 §7, 000 §9): the All Stores page's 'Discover More Stores'. */
export function getRandomStores(signal?: AbortSignal) {
  return call(storesRoutes.random, { query: { limit: RANDOM_STORES_LIMIT } }, { signal });
}

export const randomStoresQueryKey = ['stores', 'random', RANDOM_STORES_LIMIT] as const;

export function useRandomStores() {
  return useQuery({
    queryKey: randomStoresQueryKey,
    queryFn: ({ signal }) => getRandomStores(signal),
    staleTime: 5 * 60_000,
  });
}
