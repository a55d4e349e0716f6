import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import type { TOffersResponse } from './catalogue-types';

/** FEATURED OFFERS asks for 12 and shows 4 per page (seed 000 §9). */
export const FEATURED_LIMIT = 12;

export const featuredOffersQueryKey = (limit: number, location?: string) =>
  ['offers', 'featured', { limit, location }] as const;

export async function listFeaturedOffers(limit: number, location?: string, signal?: AbortSignal) {
  const response = await apiFetch<TOffersResponse>('/offers/featured', {
    query: { limit, location },
    signal,
  });
  return response.offers;
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
  const here = useFeaturedOffers(limit, location);
  const fellBack = location !== undefined && here.data?.length === 0;
  const everywhere = useFeaturedOffers(limit, undefined, { enabled: fellBack });
  return { query: fellBack ? everywhere : here, fellBack };
}
