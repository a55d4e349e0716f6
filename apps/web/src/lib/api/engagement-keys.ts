/**
 * The one set of query keys for the signed-in customer's favourites and follows. Every page that
 * shows them (hearts, Follow buttons, store page, /profile, /profile/favourites,
 * /profile/followed-stores) reads these keys, and every change updates or invalidates them here, so
 * moving between pages in the app shows the current state without a reload.
 *
 * All sit under ['users', ...]: signing out drops ['users'], so nothing personal outlives the session.
 * The token is part of each key, so signing in as someone else never shows the previous person's data.
 */
export const engagementKeys = {
  /** Prefix of everything favourite-related for this session (list and ids). */
  favorites: (token: string | null) => ['users', 'favorites', token] as const,
  favoriteList: (token: string | null) => ['users', 'favorites', token, 'list'] as const,
  favoriteIds: (token: string | null) => ['users', 'favorites', token, 'ids'] as const,
  /** Prefix of everything follow-related for this session (list and ids). */
  follows: (token: string | null) => ['users', 'followed-stores', token] as const,
  followedStores: (token: string | null) => ['users', 'followed-stores', token, 'list'] as const,
  followedStoreIds: (token: string | null) => ['users', 'followed-stores', token, 'ids'] as const,
  /** The /profile tiles and achievements count favourites and followed stores. */
  statistics: (token: string | null) => ['users', 'service-statistics', token] as const,
};

/** Mutation keys, so a change can tell whether others of its kind are still in flight. */
export const engagementMutationKeys = {
  favorite: ['engagement', 'favorite'] as const,
  follow: ['engagement', 'follow'] as const,
};
