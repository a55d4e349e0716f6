import { offersRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const CHECK_THIS_OUT_LIMIT = 8;

/** GET /offers/random: the 'Check this out!' block (API contract decision 6). */
export function getRandomOffers(limit: number, signal?: AbortSignal) {
  return call(offersRoutes.random, { query: { limit } }, { signal });
}

export const randomOffersQueryKey = (limit: number) => ['offers', 'random', limit] as const;

export function useRandomOffers(limit = CHECK_THIS_OUT_LIMIT) {
  return useQuery({
    queryKey: randomOffersQueryKey(limit),
    queryFn: ({ signal }) => getRandomOffers(limit, signal),
    staleTime: 5 * 60_000,
  });
}
