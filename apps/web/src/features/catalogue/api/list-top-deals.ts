import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { TOffersResponse } from './catalogue-types';

/** The hero reads the top 20 active offers by discount (seed 000 §9). */
export const TOP_DEALS_LIMIT = 20;

export const topDealsQueryKey = (limit: number, location?: string) =>
  ['offers', 'top-deals', { limit, location }] as const;

/** GET /offers/top-deals: active offers, biggest discount first. */
export async function listTopDeals(limit: number, location?: string, signal?: AbortSignal) {
  const response = await apiFetch<TOffersResponse>('/offers/top-deals', {
    query: { limit, location },
    signal,
  });
  return response.offers;
}

export function useTopDeals(limit = TOP_DEALS_LIMIT, location?: string) {
  return useQuery({
    queryKey: topDealsQueryKey(limit, location),
    queryFn: ({ signal }) => listTopDeals(limit, location, signal),
  });
}
