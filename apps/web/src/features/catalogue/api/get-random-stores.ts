import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { RANDOM_STORES_LIMIT } from '@d3/shared/catalogue/store-list-rules';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /stores/random?limit=21 (seed 001 §7, 000 §9): the All Stores page's 'Discover More Stores'. */
export function getRandomStores(signal?: AbortSignal): Promise<{ stores: TStore[] }> {
  return apiFetch<{ stores: TStore[] }>('/stores/random', { query: { limit: RANDOM_STORES_LIMIT }, signal });
}

export const randomStoresQueryKey = ['stores', 'random', RANDOM_STORES_LIMIT] as const;

export function useRandomStores() {
  return useQuery({
    queryKey: randomStoresQueryKey,
    queryFn: ({ signal }) => getRandomStores(signal),
    staleTime: 5 * 60_000,
  });
}
