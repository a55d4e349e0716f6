import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { TReviewChange } from './create-review';
import { refreshAfterReviewChange } from './review-cache';

/** PUT /reviews/{id} (rating, text): the author only (403 otherwise). */
export function updateReview(input: {
  reviewId: string;
  rating: number;
  text: string;
}): Promise<TReviewChange> {
  return apiFetch<TReviewChange>(`/reviews/${encodeURIComponent(input.reviewId)}`, {
    method: 'PUT',
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
