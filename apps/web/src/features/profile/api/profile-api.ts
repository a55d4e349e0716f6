import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import type { TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';
import type {
  TAccountNotificationSettings,
  TServiceStatistics,
} from '@d3/shared/engagement/engagement-schemas';
import { useQuery } from '@tanstack/react-query';
import { engagementKeys } from '../../../lib/api/engagement-keys';
import { apiFetch } from '../../../lib/api-client';

/**
 * Everything here is personal: keyed under 'users' so signing out (which drops ['users', ...]) forgets it.
 * Favourites, follows and the statistics that count them use the shared `engagementKeys`, which the
 * hearts and Follow buttons update too.
 */
export const profileKeys = {
  statistics: engagementKeys.statistics,
  notificationSettings: (token: string | null) => ['users', 'notification-settings', token] as const,
};

export function useServiceStatistics(token: string | null) {
  return useQuery({
    queryKey: profileKeys.statistics(token),
    queryFn: ({ signal }) => apiFetch<TServiceStatistics>('/users/service-statistics', { signal }),
    enabled: token !== null,
  });
}

export type TFavoriteOffer = Pick<
  TOffer,
  | 'id'
  | 'title'
  | 'description'
  | 'discount'
  | 'original_price'
  | 'discounted_price'
  | 'expiration_date'
  | 'category'
  | 'featured'
  | 'isExpired'
  | 'image_url'
  | 'storeId'
> & { store: { id: string; name: string; logo_url: string | null; location: string } | null };

export interface TFavoriteItem {
  id: string;
  offerId: string;
  createdAt: string;
  offer: TFavoriteOffer;
}

interface TFavoritesResponse {
  favorites: TFavoriteItem[];
  pagination?: { total?: number };
}

/** The favourites page shows every saved offer at once (the API caps a page at 100). */
export const FAVORITES_FETCH_LIMIT = 100;

export function useFavorites(token: string | null) {
  return useQuery({
    queryKey: engagementKeys.favoriteList(token),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<TFavoritesResponse>('/users/favorites', {
        signal,
        query: { page: 1, limit: FAVORITES_FETCH_LIMIT },
      });
      return body.favorites ?? [];
    },
    enabled: token !== null,
  });
}

export type TFollowedStore = Pick<
  TStore,
  | 'id'
  | 'name'
  | 'logo_url'
  | 'description'
  | 'location'
  | 'rating'
  | 'totalReviews'
  | 'followers'
  | 'cashback'
  | 'category'
>;

export function useFollowedStores(token: string | null) {
  return useQuery({
    queryKey: engagementKeys.followedStores(token),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ followedStores: TFollowedStore[] }>('/users/followed-stores', { signal });
      return body.followedStores ?? [];
    },
    enabled: token !== null,
  });
}

export function useNotificationSettings(token: string | null) {
  return useQuery({
    queryKey: profileKeys.notificationSettings(token),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ settings: TAccountNotificationSettings }>(
        '/users/notification-settings',
        {
          signal,
        },
      );
      return body.settings;
    },
    enabled: token !== null,
  });
}

export function updateNotificationSetting(patch: Partial<TAccountNotificationSettings>) {
  return apiFetch<{ settings: TAccountNotificationSettings }>('/users/notification-settings', {
    method: 'PUT',
    body: patch,
  });
}

export function updateDarkMode(darkMode: boolean | null) {
  return apiFetch<{ user?: TUser }>('/users/preferences', { method: 'PUT', body: { darkMode } });
}

export function updateProfile(body: { firstName: string; lastName: string; phoneNumber?: string }) {
  return apiFetch<{ message: string; user: TUser }>('/users/profile', { method: 'PUT', body });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiFetch<{ access_token: string; message?: string }>('/users/change-password', {
    method: 'PUT',
    body,
  });
}

export function deleteAccount(password: string) {
  return apiFetch<{ message?: string }>('/users/account', { method: 'DELETE', body: { password } });
}
