import { reviewsRoutes } from '@d3/shared/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { TReviewChange } from './create-review';
import { refreshAfterReviewChange } from './review-cache';

/** PUT /reviews/{id} (rating, text): the author only (403 otherwise). */
export function updateReview(input: {
  reviewId: string;
  rating: number;
  text: string;
}): Promise<TReviewChange> {
  return call(reviewsRoutes.update, {
    params: { id: input.reviewId },
    body: { rating: input.rating, text: input.text },
  });
}

export function useUpdateReview(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: (result) => refreshAfterReviewChange(queryClient, storeId, result.stats),
  });
}
