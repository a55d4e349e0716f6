import { offersRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { readBootData } from '../boot-data';
import type { TOffersResponse } from './catalogue-types';
import { listOffersAt, useLocatedOffers } from './located-offers';

/** The hero reads the top 20 active offers by discount (seed 000 §9). */
export const TOP_DEALS_LIMIT = 20;

export const topDealsQueryKey = (limit: number, location?: string) =>
  ['offers', 'top-deals', { limit, location }] as const;

/** GET /offers/top-deals: active offers, biggest discount first. */
export function listTopDeals(limit: number, location?: string, signal?: AbortSignal) {
  return listOffersAt(offersRoutes.topDeals, limit, location, signal);
}

/** The home page's own copy of this answer (all locations), when the server sent one. */
function bootTopDeals(limit: number, location: string | undefined) {
  const boot = readBootData();
  if (location || !boot?.topDeals || boot.topDeals.limit !== limit) return undefined;
  const offers = (boot.topDeals.body as Partial<TOffersResponse>).offers;
  return Array.isArray(offers) ? { offers, at: boot.at } : undefined;
}

/** The top deals' key and function (the hook's, and the home page's server read). */
export const topDealsQuery = (limit: number, location?: string) => ({
  queryKey: topDealsQueryKey(limit, location),
  queryFn: ({ signal }: { signal?: AbortSignal }) => listTopDeals(limit, location, signal),
});

export function useTopDeals(limit = TOP_DEALS_LIMIT, location?: string, options: { enabled?: boolean } = {}) {
  const boot = bootTopDeals(limit, location);
  return useQuery({
    ...topDealsQuery(limit, location),
    initialData: boot?.offers,
    initialDataUpdatedAt: boot?.at,
    enabled: options.enabled ?? true,
  });
}

/**
 * Top deals of the chosen place (issue 15 #5); when the place has none, every location's, with
 * `fellBack` set so the page can say so.
 */
export function useLocatedTopDeals(limit = TOP_DEALS_LIMIT, location?: string) {
  return useLocatedOffers(useTopDeals, limit, location);
}
