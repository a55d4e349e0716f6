import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import type { TFavoriteItem } from '../api/profile-api';
import { FavouritesPage, REMOVE_FAVORITE_QUESTION } from './favourites-page';

const OFFER_ID = '00000000-0000-4000-8000-000000000001';

function favourite(overrides: Partial<TFavoriteItem['offer']> = {}): TFavoriteItem {
  return {
    id: 'fav-1',
    offerId: OFFER_ID,
    createdAt: '2026-11-01T10:00:00.000Z',
    offer: {
      id: OFFER_ID,
      title: 'Full Body Massage',
      description: 'Ninety minutes of calm',
      discount: 35,
      original_price: 5500,
      discounted_price: 3575,
      expiration_date: '2099-01-31T00:00:00.000Z',
      category: 'Beauty & Spa',
      featured: true,
      isExpired: false,
      image_url: null,
      storeId: 'store-1',
      store: { id: 'store-1', name: 'Serenity Spa', logo_url: null, location: 'Westlands' },
      ...overrides,
    },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let deleteStatus = 200;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderPage() {
  renderRoutes([{ path: '/profile/favourites', element: <FavouritesPage /> }], '/profile/favourites');
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  deleteStatus = 200;
  let favourites = [favourite()];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/users/favorites')) {
      return json({ success: true, favorites: favourites, pagination: { total: favourites.length } });
    }
    if (url.includes(`/offers/${OFFER_ID}/favorite`) && init?.method === 'DELETE') {
      if (deleteStatus !== 200) return json({ success: false, message: 'Boom' }, deleteStatus);
      favourites = [];
      return json({ success: true, message: 'Removed from favorites' });
    }
    return json({ success: true });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const deleteCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

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
    expect(within(dialog).getByText(REMOVE_FAVORITE_QUESTION)).toBeTruthy();
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
    deleteStatus = 500;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Full Body Massage from favourites' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove from favorites')).toBeTruthy();
    expect(screen.getByText('Full Body Massage')).toBeTruthy();
  });

  it('disables View Offer for an expired favourite', async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: true, favorites: [favourite({ isExpired: true })], pagination: { total: 1 } }),
    );
    renderPage();
    await screen.findByText('Full Body Massage');
    const buttons = screen.getAllByText('Expired');
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Expired' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'View Offer' })).toBeNull();
  });
});
