import { reviewsRoutes } from '@d3/shared/api/routes';
import { REVIEWS_PAGE_SIZE } from '@d3/shared/engagement/engagement-messages';
import type { TStoreReviewsResponse } from '@d3/shared/engagement/engagement-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

/** Every page of one store's reviews sits under this prefix, so one invalidation refreshes them all. */
export const storeReviewsKey = (storeId: string) => ['stores', storeId, 'reviews'] as const;
/** The token is part of the key: the answer's `userReview` belongs to whoever is signed in. */
export const storeReviewsPageKey = (storeId: string, token: string | null, page: number) =>
  [...storeReviewsKey(storeId), token, page] as const;

/**
 * GET /stores/{id}/reviews: 10 per page, newest first, with the store's stats (seed 000 §9) and, when
 * signed in, the caller's own review (`userReview`) whichever page it is on.
 */
export function getStoreReviews(
  storeId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TStoreReviewsResponse> {
  return call(
    reviewsRoutes.ofStore,
    { params: { id: storeId }, query: { page, limit: REVIEWS_PAGE_SIZE, sortBy: 'newest' } },
    { signal },
  );
}

/** A page of reviews' key and function (the hook's, and the store page's server read, signed out). */
export const storeReviewsQuery = (storeId: string, token: string | null, page: number) => ({
  queryKey: storeReviewsPageKey(storeId, token, page),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getStoreReviews(storeId, page, signal),
});

export function useStoreReviews(storeId: string, page: number) {
  const token = useSession()?.token ?? null;
  return useQuery({
    ...storeReviewsQuery(storeId, token, page),
    enabled: storeId !== '',
    // Turning the page keeps the current list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
