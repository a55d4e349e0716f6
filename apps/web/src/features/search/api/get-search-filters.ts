import { locationsRoutes, storesRoutes } from '@d3/shared/api/routes';
import type { TCategoryCount, TLocationOption } from '@d3/shared/catalogue/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /stores/categories and GET /locations/available: the choices of the results page's filters panel. */
export function getSearchFilters(signal?: AbortSignal): Promise<{
  categories: TCategoryCount[];
  locations: TLocationOption[];
}> {
  return Promise.all([
    call(storesRoutes.categories, {}, { signal }),
    call(locationsRoutes.available, {}, { signal }),
  ]).then(([categories, locations]) => ({
    categories: categories.categories,
    locations: locations.locations,
  }));
}

export const searchFiltersQueryKey = ['search', 'filters'] as const;

export function useSearchFilters(enabled: boolean) {
  return useQuery({
    queryKey: searchFiltersQueryKey,
    queryFn: ({ signal }) => getSearchFilters(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
