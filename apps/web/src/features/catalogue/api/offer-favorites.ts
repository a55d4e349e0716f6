import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';

/** The signed-in customer's favourite offer ids, read once and shared by every heart on the page. */
export const favoriteIdsQueryKey = (token: string | null) => ['favorites', 'offer-ids', token] as const;

type FavoriteItem = { id?: unknown; offerId?: unknown; offer_id?: unknown; offer?: { id?: unknown } | null };

function idOf(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (!item || typeof item !== 'object') return null;
  const entry = item as FavoriteItem;
  for (const value of [entry.offerId, entry.offer_id, entry.offer?.id, entry.id]) {
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** GET /users/favorites: accepts `{ favorites }`, `{ data }` or a bare list, of offers or favourite rows. */
export async function getFavoriteOfferIds(signal?: AbortSignal): Promise<string[]> {
  const response = await apiFetch<unknown>('/users/favorites', { signal });
  const body = (response ?? {}) as Record<string, unknown>;
  const nested = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
  const list = Array.isArray(response)
    ? response
    : [body.favorites, body.data, body.offers, nested.favorites, nested.offers].find(Array.isArray);
  return (list ?? []).map(idOf).filter((id): id is string => id !== null);
}

export function useFavoriteOfferIds(token: string | null) {
  return useQuery({
    queryKey: favoriteIdsQueryKey(token),
    queryFn: ({ signal }) => getFavoriteOfferIds(signal),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export async function addFavorite(offerId: string): Promise<void> {
  try {
    await apiFetch(`/offers/${encodeURIComponent(offerId)}/favorite`, { method: 'POST' });
  } catch (error) {
    // Seed 000 §4: the server saying it is 'already' a favourite counts as success.
    if (isApiError(error) && error.status === 400 && /already/i.test(error.message)) return;
    throw error;
  }
}

export async function removeFavorite(offerId: string): Promise<void> {
  await apiFetch(`/offers/${encodeURIComponent(offerId)}/favorite`, { method: 'DELETE' });
}

export const FAVORITE_MESSAGES = {
  loginPrompt: 'Please log in to add favorites. Would you like to log in now?',
  addFailed: 'Failed to add to favorites',
  removeFailed: 'Failed to remove from favorites',
} as const;

/** Optimistic toggle: the heart changes at once and rolls back (with a toast) when the call fails. */
export function useToggleFavorite(token: string | null) {
  const queryClient = useQueryClient();
  const key = favoriteIdsQueryKey(token);
  return useMutation({
    mutationFn: ({ offerId, favorite }: { offerId: string; favorite: boolean }) =>
      favorite ? addFavorite(offerId) : removeFavorite(offerId),
    onMutate: async ({ offerId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      const without = (previous ?? []).filter((id) => id !== offerId);
      queryClient.setQueryData<string[]>(key, favorite ? [...without, offerId] : without);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(key, context?.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['favorites'] });
    },
  });
}
