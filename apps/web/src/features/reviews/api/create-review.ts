import type { TReview, TReviewStats } from '@d3/shared/engagement/engagement-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshAfterReviewChange } from './review-cache';

export interface TReviewChange {
  message: string;
  review: TReview;
  stats: TReviewStats;
}

/** POST /reviews (seed 001 §7: store_id, rating, text); 409 when this customer already reviewed the store. */
export function createReview(input: {
  storeId: string;
  rating: number;
  text: string;
}): Promise<TReviewChange> {
  return apiFetch<TReviewChange>('/reviews', {
    method: 'POST',
    body: { store_id: input.storeId, rating: input.rating, text: input.text },
  });
}

export function useCreateReview(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; text: string }) => createReview({ storeId, ...input }),
    onSuccess: (result) => refreshAfterReviewChange(queryClient, storeId, result.stats),
  });
}
