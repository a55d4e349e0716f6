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

export function useFeaturedOffers(limit = FEATURED_LIMIT, location?: string) {
  return useQuery({
    queryKey: featuredOffersQueryKey(limit, location),
    queryFn: ({ signal }) => listFeaturedOffers(limit, location, signal),
  });
}
