import { accountsRoutes, favoritesRoutes, followsRoutes, profileRoutes } from '@d3/shared/api/routes';
import type { TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';
import type { TAccountNotificationSettings } from '@d3/shared/engagement/engagement-schemas';
import { useQuery } from '@tanstack/react-query';
import { engagementKeys } from '../../../lib/api/engagement-keys';
import { call } from '../../../lib/api-client';

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
    queryFn: ({ signal }) => call(profileRoutes.serviceStatistics, {}, { signal }),
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

/** The favourites page shows every saved offer at once (the API caps a page at 100). */
export const FAVORITES_FETCH_LIMIT = 100;

export function useFavorites(token: string | null) {
  return useQuery({
    queryKey: engagementKeys.favoriteList(token),
    queryFn: async ({ signal }) => {
      const body = await call(
        favoritesRoutes.list,
        { query: { page: 1, limit: FAVORITES_FETCH_LIMIT } },
        { signal },
      );
      return (body.favorites ?? []) as TFavoriteItem[];
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
      const body = await call(followsRoutes.list, {}, { signal });
      return (body.followedStores ?? []) as TFollowedStore[];
    },
    enabled: token !== null,
  });
}

export function useNotificationSettings(token: string | null) {
  return useQuery({
    queryKey: profileKeys.notificationSettings(token),
    queryFn: async ({ signal }) => {
      const body = await call(profileRoutes.accountNotificationSettings, {}, { signal });
      return body.settings;
    },
    enabled: token !== null,
  });
}

export function updateNotificationSetting(patch: Partial<TAccountNotificationSettings>) {
  return call(profileRoutes.saveAccountNotificationSettings, { body: patch });
}

export function updateDarkMode(darkMode: boolean | null) {
  return call(profileRoutes.preferences, { body: { darkMode } });
}

export function updateProfile(body: { firstName: string; lastName: string; phoneNumber?: string }) {
  return call(accountsRoutes.updateProfile, { body });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return call(profileRoutes.changePassword, { body });
}

export function deleteAccount(password: string) {
  return call(profileRoutes.deleteAccount, { body: { password } });
}
