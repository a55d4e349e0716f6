import { REVIEWS_PAGE_SIZE, type TStoreReviewsResponse } from '@d3/shared/engagement/engagement-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Every page of one store's reviews sits under this prefix, so one invalidation refreshes them all. */
export const storeReviewsKey = (storeId: string) => ['stores', storeId, 'reviews'] as const;
export const storeReviewsPageKey = (storeId: string, page: number) =>
  [...storeReviewsKey(storeId), page] as const;

/** GET /stores/{id}/reviews: 10 per page, newest first, with the store's stats (seed 000 §9). */
export function getStoreReviews(
  storeId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TStoreReviewsResponse> {
  return apiFetch<TStoreReviewsResponse>(`/stores/${encodeURIComponent(storeId)}/reviews`, {
    signal,
    query: { page, limit: REVIEWS_PAGE_SIZE, sortBy: 'newest' },
  });
}

export function useStoreReviews(storeId: string, page: number) {
  return useQuery({
    queryKey: storeReviewsPageKey(storeId, page),
    queryFn: ({ signal }) => getStoreReviews(storeId, page, signal),
    enabled: storeId !== '',
    // Turning the page keeps the current list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
