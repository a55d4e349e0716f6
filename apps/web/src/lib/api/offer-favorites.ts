import { favoritesRoutes } from '@d3/shared/api/routes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../api-client';
import { patchEngagementIds, useEngagementIds } from './engagement-ids';
import { engagementKeys, engagementMutationKeys } from './engagement-keys';

/** GET /users/favorites/ids: every favourite offer id (not one 20-item page), for every heart on a page. */
export async function getFavoriteOfferIds(signal?: AbortSignal): Promise<string[]> {
  return (await call(favoritesRoutes.ids, {}, { signal })).offerIds;
}

/** The signed-in customer's favourite offer ids, read once and shared by every heart in the app. */
export function useFavoriteOfferIds(token: string | null) {
  return useEngagementIds(engagementKeys.favoriteIds(token), token, getFavoriteOfferIds);
}

export async function addFavorite(offerId: string): Promise<void> {
  try {
    await call(favoritesRoutes.add, { params: { id: offerId } });
  } catch (error) {
    // Seed 000 §4: 'already' a favourite counts as success (our API answers it with 200, added: false;
    // an older server's 409 CONFLICT is taken the same way).
    if (isApiError(error) && error.code === 'CONFLICT') return;
    throw error;
  }
}

export async function removeFavorite(offerId: string): Promise<void> {
  await call(favoritesRoutes.remove, { params: { id: offerId } });
}

export const FAVORITE_MESSAGES = {
  loginPrompt: 'Please log in to add favorites. Would you like to log in now?',
  addFailed: 'Failed to add to favorites',
  removeFailed: 'Failed to remove from favorites',
} as const;

export interface TFavoriteChange {
  offerId: string;
  /** true adds, false removes. */
  favorite: boolean;
}

/** Puts one offer in or out of the cached id list; leaves a list that was never loaded alone. */
function patchFavoriteIds(
  queryClient: QueryClient,
  token: string | null,
  { offerId, favorite }: TFavoriteChange,
) {
  patchEngagementIds(queryClient, engagementKeys.favoriteIds(token), offerId, favorite);
}

/**
 * Adds or removes a favourite, from a heart or from the favourites page. The hearts change at once
 * (optimistic, rolled back on failure); a removal also leaves the favourites list; afterwards every
 * favourite query and the profile statistics are read again, once the last of several quick changes
 * has settled (so an early refetch cannot undo a later click).
 */
export function useToggleFavorite(token: string | null) {
  const queryClient = useQueryClient();
  const idsKey = engagementKeys.favoriteIds(token);
  return useMutation({
    mutationKey: engagementMutationKeys.favorite,
    mutationFn: ({ offerId, favorite }: TFavoriteChange) =>
      favorite ? addFavorite(offerId) : removeFavorite(offerId),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const previous = queryClient.getQueryData<string[]>(idsKey);
      patchFavoriteIds(queryClient, token, change);
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(idsKey, context.previous);
    },
    onSuccess: (_result, { offerId, favorite }) => {
      if (!favorite) {
        queryClient.setQueryData<Array<{ offerId: string }>>(engagementKeys.favoriteList(token), (old) =>
          old?.filter((item) => item.offerId !== offerId),
        );
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.statistics(token) });
      if (queryClient.isMutating({ mutationKey: engagementMutationKeys.favorite }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: engagementKeys.favorites(token) });
    },
  });
}
