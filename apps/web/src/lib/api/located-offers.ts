import type { offersRoutes } from '@d3/shared/api/routes';
import type { UseQueryResult } from '@tanstack/react-query';
import { call } from '../api-client';
import type { TOffer } from './catalogue-types';

/** GET of a short offer list (featured, top deals) for a limit and an optional place. */
export async function listOffersAt(
  route: typeof offersRoutes.featured | typeof offersRoutes.topDeals,
  limit: number,
  location?: string,
  signal?: AbortSignal,
) {
  const response = await call(route, { query: { limit, location } }, { signal });
  return response.offers;
}

type TUseOfferList = (
  limit: number,
  location: string | undefined,
  options: { enabled?: boolean },
) => UseQueryResult<TOffer[]>;

/**
 * The list of the chosen place; when the place has none, every location's, with `fellBack` set so
 * the page can say so (issue 15 #5).
 */
export function useLocatedOffers(useOfferList: TUseOfferList, limit: number, location?: string) {
  const here = useOfferList(limit, location, {});
  const fellBack = location !== undefined && here.data?.length === 0;
  const everywhere = useOfferList(limit, undefined, { enabled: fellBack });
  return { query: fellBack ? everywhere : here, fellBack };
}
