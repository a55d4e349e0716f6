import { paginationFor } from '@d3/shared/catalogue/catalogue-schemas';
import { ZFavoriteChangeResponse, ZFavoritesResponse } from '@d3/shared/engagement/engagement-schemas';
import { createOffer, offerStore } from '@d3/test-support/catalogue-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { renderRoutes } from '../../../test/render';
import { FAVOURITES_TEXTS, FavouritesPage } from './favourites-page';

const OFFER_ID = '00000000-0000-4000-8000-000000000001';

/** A favourite as GET /users/favorites sends it: the whole offer, its store summary included. */
function favourite(overrides: Partial<TOffer> = {}) {
  const expiry = '2099-01-31T00:00:00.000Z';
  const created = '2026-11-01T10:00:00.000Z';
  return {
    id: 'fav-1',
    offer_id: OFFER_ID,
    offerId: OFFER_ID,
    created_at: created,
    createdAt: created,
    offer: createOffer({
      id: OFFER_ID,
      title: 'Full Body Massage',
      description: 'Ninety minutes of calm',
      discount: 35,
      original_price: 5500,
      originalPrice: 5500,
      discounted_price: 3575,
      offerPrice: 3575,
      savings: 1925,
      expiration_date: expiry,
      expirationDate: expiry,
      category: 'Beauty & Spa',
      featured: true,
      isExpired: false,
      image_url: null,
      storeId: 'store-1',
      store: offerStore('store-1', 'Serenity Spa'),
      ...overrides,
    }),
  };
}

type TFavourite = ReturnType<typeof favourite>;

function favouritesAnswer(favorites: TFavourite[]) {
  return wire(ZFavoritesResponse, {
    success: true,
    favorites,
    data: favorites,
    pagination: paginationFor(1, 100, favorites.length),
  });
}

let deleteFails = false;
let favourites: TFavourite[];
let seen: TSeenRequest[];

function renderPage() {
  renderRoutes([{ path: '/profile/favourites', element: <FavouritesPage /> }], '/profile/favourites');
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  deleteFails = false;
  favourites = [favourite()];
  seen = recordRequests();
  mswServer.use(
    api.get('/users/favorites', () => favouritesAnswer(favourites)),
    api.delete(`/offers/${OFFER_ID}/favorite`, () => {
      if (deleteFails) return apiError('INTERNAL', 'Boom');
      favourites = [];
      return wire(ZFavoriteChangeResponse, {
        success: true,
        message: 'Removed from favorites',
        isFavorite: false,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
});

const deleteCalls = () => seen.filter((request) => request.method === 'DELETE');

describe('FavouritesPage', () => {
  it('lists a saved offer with its badges, prices and saving', async () => {
    renderPage();
    expect(await screen.findByText('Full Body Massage')).toBeTruthy();
    expect(screen.getByText('1 saved')).toBeTruthy();
    expect(screen.getByText('FEATURED')).toBeTruthy();
    expect(screen.getByText('35% OFF')).toBeTruthy();
    expect(screen.getByText('Save KSh 1,925')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Offer' }).getAttribute('href')).toBe(
      `/store/store-1/offer/${OFFER_ID}`,
    );
  });

  it('asks before removing: Cancel keeps the offer and sends nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Full Body Massage from favourites' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(FAVOURITES_TEXTS.removeQuestion)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteCalls()).toHaveLength(0);
    expect(screen.getByText('Full Body Massage')).toBeTruthy();
  });

  it('removes the offer after confirmation and shows the empty state', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Full Body Massage from favourites' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No favourite offers yet')).toBeTruthy();
    expect(deleteCalls()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Discover Offers' }).getAttribute('href')).toBe('/hotdeals');
    expect(screen.getByRole('link', { name: 'Browse Stores' }).getAttribute('href')).toBe('/stores');
  });

  it('keeps the offer and says so when the removal fails', async () => {
    deleteFails = true;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Full Body Massage from favourites' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove from favorites')).toBeTruthy();
    expect(screen.getByText('Full Body Massage')).toBeTruthy();
  });

  it('disables View Offer for an expired favourite', async () => {
    favourites = [favourite({ isExpired: true })];
    renderPage();
    await screen.findByText('Full Body Massage');
    const buttons = screen.getAllByText('Expired');
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Expired' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'View Offer' })).toBeNull();
  });
});
