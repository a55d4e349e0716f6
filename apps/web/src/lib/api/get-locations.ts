import { locationsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { type LocationOption, withAllLocations } from '../location';

export const locationsQueryKey = ['locations', 'available'] as const;

/** GET /locations/available, with the synthetic 'All Locations' entry (summed counts) first. */
export async function getLocations(signal?: AbortSignal): Promise<LocationOption[]> {
  const response = await call(locationsRoutes.available, {}, { signal });
  return withAllLocations(response.locations);
}

export function useLocations(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: locationsQueryKey,
    queryFn: ({ signal }) => getLocations(signal),
    staleTime: 5 * 60_000,
    enabled: options.enabled ?? true,
  });
}
