import { searchRoutes } from '@d3/shared/api/routes';
import type { TSearchResponse, TSearchSort } from '@d3/shared/catalogue/catalogue-schemas';
import type { TPriceRange } from '@d3/shared/catalogue/price-range-rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

export interface SearchParams {
  query: string;
  location?: string | null;
  category?: string | null;
  sortBy?: TSearchSort;
  limit: number;
  /** Seed 000 §5: under-1000, 1000-5000, 5000-10000, over-10000 (KSh after discount). */
  priceRange?: TPriceRange | null;
}

/** GET /search: matching offers (`discounts`) and stores (`shops`) with their total counts. */
export function searchCatalogue(params: SearchParams, signal?: AbortSignal): Promise<TSearchResponse> {
  return call(
    searchRoutes.search,
    {
      query: {
        query: params.query.trim(),
        location: params.location ?? undefined,
        category: params.category ?? undefined,
        sortBy: params.sortBy && params.sortBy !== 'relevance' ? params.sortBy : undefined,
        limit: params.limit,
        priceRange: params.priceRange ?? undefined,
      },
    },
    { signal },
  );
}

export const searchQueryKey = (params: SearchParams) =>
  [
    'search',
    params.query.trim().toLowerCase(),
    params.location ?? null,
    params.category ?? null,
    params.sortBy ?? 'relevance',
    params.limit,
    params.priceRange ?? null,
  ] as const;

/** A blank query asks nothing (seed 000 §5: blank query clears results). */
export function useSearch(params: SearchParams) {
  return useQuery({
    queryKey: searchQueryKey(params),
    queryFn: ({ signal }) => searchCatalogue(params, signal),
    enabled: params.query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
