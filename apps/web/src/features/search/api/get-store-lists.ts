import { storesRoutes } from '@d3/shared/api/routes';
import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { mostReviewedStores, trendingStores } from '@d3/shared/catalogue/store-list-rules';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Enough of the best-rated and most-reviewed stores to pick 8 of each by the seed's rules. */
const CANDIDATES = 40;

/**
 * GET /stores?sortBy=rating and ?sortBy=popular: the search landing's Trending Stores and Most
 * Reviewed Stores (seed 000 §5, §9), picked by the shared store-list rules.
 */
export async function getStoreLists(
  signal?: AbortSignal,
): Promise<{ trending: TStore[]; mostReviewed: TStore[] }> {
  const [rated, reviewed] = await Promise.all(
    (['rating', 'popular'] as const).map((sortBy) =>
      call(storesRoutes.list, { query: { sortBy, limit: CANDIDATES } }, { signal }),
    ),
  );
  return { trending: trendingStores(rated!.stores), mostReviewed: mostReviewedStores(reviewed!.stores) };
}

export const storeListsQueryKey = ['stores', 'lists', 'search-landing'] as const;

export function useStoreLists(enabled: boolean) {
  return useQuery({
    queryKey: storeListsQueryKey,
    queryFn: ({ signal }) => getStoreLists(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
