import type { TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { storeBadge } from '@d3/shared/catalogue/deal-rules';
import type { TReviewStats } from '@d3/shared/engagement/engagement-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { storeQueryKey } from '../../../lib/api/get-store';
import { storeReviewsKey } from './list-store-reviews';

/**
 * After a review is written or edited: the store header shows the new figures at once (from the
 * answer's stats), then the store and every page of its reviews are read again from the server.
 */
export async function refreshAfterReviewChange(
  queryClient: QueryClient,
  storeId: string,
  stats: TReviewStats,
): Promise<void> {
  queryClient.setQueryData<{ store: TStoreDetail }>(storeQueryKey(storeId), (old) =>
    old
      ? {
          ...old,
          store: {
            ...old.store,
            rating: stats.averageRating,
            totalReviews: stats.totalReviews,
            reviews: stats.totalReviews,
            badge: storeBadge(stats.totalReviews),
          },
        }
      : old,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: storeQueryKey(storeId), exact: true }),
    queryClient.invalidateQueries({ queryKey: storeReviewsKey(storeId) }),
  ]);
}
