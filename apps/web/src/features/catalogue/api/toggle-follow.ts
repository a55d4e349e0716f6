import type { TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeQueryKey } from './get-store';

export interface TToggleFollowResponse {
  success: true;
  message: string;
  following: boolean;
  followers: number;
}

export const FOLLOW_FAILED = 'Failed to update follow status. Please try again.';
export const FOLLOW_SIGN_IN = 'Please log in to follow stores.';

/** POST /stores/{id}/toggle-follow: follows or unfollows, answering the new state and follower count. */
export function toggleFollow(storeId: string): Promise<TToggleFollowResponse> {
  return apiFetch<TToggleFollowResponse>(`/stores/${encodeURIComponent(storeId)}/toggle-follow`, {
    method: 'POST',
  });
}

export function useToggleFollow(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleFollow(storeId),
    onSuccess: (result) => {
      queryClient.setQueryData<{ store: TStoreDetail }>(storeQueryKey(storeId), (old) =>
        old
          ? { ...old, store: { ...old.store, following: result.following, followers: result.followers } }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['followed-stores'] });
    },
  });
}
