import type { EndpointOutput } from '@d3/shared/api/contract';
import { followsRoutes } from '@d3/shared/api/routes';
import type { TStore, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import type { followsContract } from '@d3/shared/engagement/engagement-contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { useSession } from '../use-session';
import { patchEngagementIds, useEngagementIds } from './engagement-ids';
import { engagementKeys, engagementMutationKeys } from './engagement-keys';
import { storeQueryKey } from './get-store';

export type TToggleFollowResponse = EndpointOutput<typeof followsContract.toggle>;

export const FOLLOW_FAILED = 'Failed to update follow status. Please try again.';
export const FOLLOW_SIGN_IN = 'Please log in to follow stores.';

/** POST /stores/{id}/toggle-follow: follows or unfollows, answering the new state and follower count. */
export function toggleFollow(storeId: string): Promise<TToggleFollowResponse> {
  return call(followsRoutes.toggle, { params: { id: storeId } });
}

/** GET /users/followed-stores/ids: every followed store's id, for the Follow buttons on store cards. */
export async function getFollowedStoreIds(signal?: AbortSignal): Promise<string[]> {
  return (await call(followsRoutes.ids, {}, { signal })).storeIds;
}

export function useFollowedStoreIds(token: string | null) {
  return useEngagementIds(engagementKeys.followedStoreIds(token), token, getFollowedStoreIds);
}

/**
 * Writes the server's answer into every cached view of the store: its page (Follow/Following and the
 * follower count), store lists and cards (count), the followed ids, and /profile/followed-stores (an
 * unfollowed store leaves it at once).
 */
function applyFollowResult(
  queryClient: QueryClient,
  token: string | null,
  storeId: string,
  { following, followers }: TToggleFollowResponse,
) {
  queryClient.setQueryData<{ store: TStoreDetail }>(storeQueryKey(storeId), (old) =>
    old ? { ...old, store: { ...old.store, following, followers } } : old,
  );
  queryClient.setQueriesData<{ stores?: TStore[] }>({ queryKey: ['stores', 'list'] }, (old) =>
    Array.isArray(old?.stores)
      ? {
          ...old,
          stores: old.stores.map((store) => (store.id === storeId ? { ...store, followers } : store)),
        }
      : old,
  );
  patchEngagementIds(queryClient, engagementKeys.followedStoreIds(token), storeId, following);
  queryClient.setQueryData<Array<Pick<TStore, 'id' | 'followers'>>>(
    engagementKeys.followedStores(token),
    (old) =>
      old
        ?.filter((store) => following || store.id !== storeId)
        .map((store) => (store.id === storeId ? { ...store, followers } : store)),
  );
}

/**
 * Follow / unfollow one store, from its page, a store card or /profile/followed-stores. The cached
 * views change from the server's answer, then the followed-stores queries, the store and profile
 * statistics are read again once no other follow change is in flight.
 *
 * A read of the store already on its way when the tap lands (a signed-in phone's first load of a
 * server-rendered store page reads it again as the tap is replayed) left the server before the follow
 * was stored: it is cancelled first, so its answer cannot turn 'Following' back into 'Follow' (the
 * next tap would then unfollow), and the store is read again after the change. The followed ids (the cards' buttons) likewise.
 */
export function useToggleFollow(storeId: string) {
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;
  return useMutation({
    mutationKey: engagementMutationKeys.follow,
    onMutate: () =>
      Promise.all([
        queryClient.cancelQueries({ queryKey: storeQueryKey(storeId), exact: true }),
        queryClient.cancelQueries({ queryKey: engagementKeys.followedStoreIds(token) }),
      ]),
    mutationFn: () => toggleFollow(storeId),
    onSuccess: (result) => applyFollowResult(queryClient, token, storeId, result),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.statistics(token) });
      if (queryClient.isMutating({ mutationKey: engagementMutationKeys.follow }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: engagementKeys.follows(token) });
      void queryClient.invalidateQueries({ queryKey: storeQueryKey(storeId), exact: true });
    },
  });
}
