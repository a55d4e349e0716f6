import type { EndpointOutput } from '@d3/shared/api/contract';
import { reviewsRoutes } from '@d3/shared/api/routes';
import type { reviewsContract } from '@d3/shared/engagement/engagement-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { refreshAfterReviewChange } from './review-cache';

export type TReviewChange = EndpointOutput<typeof reviewsContract.create>;

/** POST /reviews (seed 001 §7: store_id, rating, text); 409 when this customer already reviewed the store. */
export function createReview(input: {
  storeId: string;
  rating: number;
  text: string;
}): Promise<TReviewChange> {
  return call(reviewsRoutes.create, {
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
