import { offersRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { listOffersAt, useLocatedOffers } from './located-offers';

/** FEATURED OFFERS asks for 12 and shows 4 per page (seed 000 §9). */
export const FEATURED_LIMIT = 12;

export const featuredOffersQueryKey = (limit: number, location?: string) =>
  ['offers', 'featured', { limit, location }] as const;

export function listFeaturedOffers(limit: number, location?: string, signal?: AbortSignal) {
  return listOffersAt(offersRoutes.featured, limit, location, signal);
}

export function useFeaturedOffers(
  limit = FEATURED_LIMIT,
  location?: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: featuredOffersQueryKey(limit, location),
    queryFn: ({ signal }) => listFeaturedOffers(limit, location, signal),
    enabled: options.enabled ?? true,
  });
}

/** Featured offers of the chosen place; every location's (`fellBack`) when the place has none. */
export function useLocatedFeaturedOffers(limit = FEATURED_LIMIT, location?: string) {
  return useLocatedOffers(useFeaturedOffers, limit, location);
}
