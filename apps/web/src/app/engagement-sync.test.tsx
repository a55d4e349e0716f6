import { paginationFor, type TStoreDetail, ZStoreResponse } from '@d3/shared/catalogue/catalogue-schemas';
import {
  ZFavoriteChangeResponse,
  ZFavoriteIdsResponse,
  ZFavoritesResponse,
  ZFollowedStoreIdsResponse,
  ZFollowedStoresResponse,
  ZServiceStatisticsResponse,
  ZToggleFollowResponse,
} from '@d3/shared/engagement/engagement-schemas';
import { createOffer, createStore } from '@d3/test-support/catalogue-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavoriteButton } from '../components/favorite-button';
import { StoreCard } from '../components/store-card';
import { StoreHeader } from '../features/catalogue/components/store-header';
import { FavouritesPage } from '../features/profile/pages/favourites-page';
import { FollowedStoresPage } from '../features/profile/pages/followed-stores-page';
import { useStore } from '../lib/api/get-store';
import { renderRoutes } from '../test/render';

/**
 * Favourites and follows across pages, navigating inside the app (no reload): every page reads the
 * same cached state, so a change on one page shows on the next one at once.
 */

const store = createStore({ name: 'Serenity Spa', followers: 4 });
const offer = createOffer({ title: 'Full Body Massage', storeId: store.id });
const storeDetail: TStoreDetail = { ...store, socialLinks: [], branches: [], outlets: 0, following: false };

/** A small in-memory server: favourites and follows change as the real API would. */
let favoriteIds: string[] = [];
let following = false;
let followers = 4;
let seen: TSeenRequest[];

function favouriteRow(id: string) {
  return {
    id: `fav-${id}`,
    offerId: id,
    offer_id: id,
    createdAt: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    offer: { ...offer, store: { ...offer.store, id: store.id, name: store.name, location: store.location } },
  };
}

function serveEngagement() {
  const favoriteChange = (isFavorite: boolean, status: number) =>
    wire(ZFavoriteChangeResponse, { success: true, message: 'ok', isFavorite }, status);
  mswServer.use(
    api.get('/users/favorites/ids', () =>
      wire(ZFavoriteIdsResponse, { success: true, offerIds: favoriteIds, count: favoriteIds.length }),
    ),
    api.get('/users/favorites', () => {
      const favorites = favoriteIds.map(favouriteRow);
      return wire(ZFavoritesResponse, {
        success: true,
        favorites,
        data: favorites,
        pagination: paginationFor(1, 20, favorites.length),
      });
    }),
    api.post(`/offers/${offer.id}/favorite`, () => {
      favoriteIds = [offer.id, ...favoriteIds.filter((id) => id !== offer.id)];
      return favoriteChange(true, 201);
    }),
    api.delete(`/offers/${offer.id}/favorite`, () => {
      favoriteIds = favoriteIds.filter((id) => id !== offer.id);
      return favoriteChange(false, 200);
    }),
    api.post(`/stores/${store.id}/toggle-follow`, () => {
      following = !following;
      followers += following ? 1 : -1;
      const message = following ? 'Store followed successfully' : 'Store unfollowed successfully';
      return wire(ZToggleFollowResponse, { success: true, message, following, followers });
    }),
    api.get('/users/followed-stores/ids', () => {
      const storeIds = following ? [store.id] : [];
      return wire(ZFollowedStoreIdsResponse, { success: true, storeIds, count: storeIds.length });
    }),
    api.get('/users/followed-stores', () => {
      const list = following ? [{ ...store, followers }] : [];
      return wire(ZFollowedStoresResponse, {
        success: true,
        followedStores: list,
        stores: list,
        count: list.length,
      });
    }),
    api.get(`/stores/${store.id}`, () =>
      wire(ZStoreResponse, { success: true, store: { ...storeDetail, followers, following } }),
    ),
    api.get('/users/service-statistics', () => {
      const stats = {
        totalBookings: 0,
        totalFavorites: favoriteIds.length,
        followedStores: following ? 1 : 0,
        rewardPoints: 0,
      };
      return wire(ZServiceStatisticsResponse, { success: true, ...stats, data: stats });
    }),
  );
}

function DealsPage() {
  return <FavoriteButton offerId={offer.id} offerTitle={offer.title} />;
}

function StorePage() {
  const { storeId = '' } = useParams();
  const query = useStore(storeId);
  return query.data ? <StoreHeader store={query.data.store} /> : <p>Loading store...</p>;
}

function renderApp(initialPath: string) {
  return renderRoutes(
    [
      { path: '/hotdeals', element: <DealsPage /> },
      { path: '/stores', element: <StoreCard store={store} /> },
      { path: '/store/:storeId', element: <StorePage /> },
      { path: '/profile/favourites', element: <FavouritesPage /> },
      { path: '/profile/followed-stores', element: <FollowedStoresPage /> },
      { path: '/accounts/sign-in', element: <h1>Sign in page</h1> },
    ],
    initialPath,
  );
}

/** The requests sent with `method` whose path and query contain `path`. */
const requests = (method: string, path: string) =>
  seen.filter(
    (request) => request.method === method && `${request.url.pathname}${request.url.search}`.includes(path),
  );

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  favoriteIds = [offer.id];
  following = false;
  followers = 4;
  seen = recordRequests();
  serveEngagement();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('favourites across pages', () => {
  it('removing on the favourites page leaves the heart unfilled when going back to the deals', async () => {
    const router = renderApp('/hotdeals');
    const heart = await screen.findByRole('button', { name: `Remove from favorites: ${offer.title}` });
    expect(heart.getAttribute('aria-pressed')).toBe('true');

    await router.navigate('/profile/favourites');
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${offer.title} from favourites` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No favourite offers yet')).toBeTruthy();

    await router.navigate('/hotdeals');
    const after = await screen.findByRole('button', { name: `Add to favorites: ${offer.title}` });
    expect(after.getAttribute('aria-pressed')).toBe('false');
  });

  it('a heart added on the deals page is listed on the favourites page', async () => {
    favoriteIds = [];
    const router = renderApp('/hotdeals');
    fireEvent.click(await screen.findByRole('button', { name: `Add to favorites: ${offer.title}` }));
    await waitFor(() => expect(requests('POST', `/offers/${offer.id}/favorite`)).toHaveLength(1));
    expect(
      (await screen.findByRole('button', { name: `Remove from favorites: ${offer.title}` })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('true');

    await router.navigate('/profile/favourites');
    expect(await screen.findByText('1 saved')).toBeTruthy();
    expect(screen.getByText(offer.title)).toBeTruthy();
  });

  it('hearts read the full id list, not the first page of favourites', async () => {
    renderApp('/hotdeals');
    await screen.findByRole('button', { name: `Remove from favorites: ${offer.title}` });
    expect(requests('GET', '/users/favorites/ids')).toHaveLength(1);
    expect(requests('GET', '/users/favorites?')).toHaveLength(0);
  });
});

describe('follows across pages', () => {
  it('follow on the store page → listed on /profile/followed-stores → unfollow there → store page says Follow', async () => {
    const router = renderApp(`/store/${store.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    expect(screen.getByText('5 followers')).toBeTruthy();

    await router.navigate('/profile/followed-stores');
    const card = await screen.findByRole('article', { name: store.name });
    expect(within(card).getByText('5 followers')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('No followed stores yet')).toBeTruthy();

    await router.navigate(`/store/${store.id}`);
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('4 followers')).toBeTruthy();
    expect(requests('POST', '/toggle-follow')).toHaveLength(2);
  });

  it('Follow on a store card shows Following on the store page and lists the store', async () => {
    const router = renderApp('/stores');
    fireEvent.click(await screen.findByRole('button', { name: `Follow ${store.name}` }));
    const pressed = await screen.findByRole('button', { name: `Following ${store.name}` });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');

    await router.navigate(`/store/${store.id}`);
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    await router.navigate('/profile/followed-stores');
    expect(await screen.findByRole('article', { name: store.name })).toBeTruthy();
    await router.navigate('/stores');
    fireEvent.click(await screen.findByRole('button', { name: `Following ${store.name}` }));
    expect(await screen.findByRole('button', { name: `Follow ${store.name}` })).toBeTruthy();
  });

  it('a signed-out visitor is asked to log in from a store card, then sent to sign-in', async () => {
    window.localStorage.clear();
    const router = renderApp('/stores');
    fireEvent.click(await screen.findByRole('button', { name: `Follow ${store.name}` }));
    expect(await screen.findByText('Please log in to follow stores.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts/sign-in');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/stores')}`);
    expect(requests('POST', '/toggle-follow')).toHaveLength(0);
  });
});
