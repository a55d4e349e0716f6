import { createOffer } from '@d3/test-support/catalogue-factories';
import { recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { OfferCard } from './offer-card';

/** happy-dom has no window.confirm: install one that answers as the visitor would. */
function stubConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
  return confirm;
}

function renderCard(offer = createOffer()) {
  return renderRoutes(
    [
      { path: '/hotdeals', element: <OfferCard offer={offer} view="grid" /> },
      { path: '/accounts/sign-in', element: <p>Sign-in page</p> },
      { path: '/store/:storeId/offer/:offerId', element: <p>Offer page</p> },
    ],
    '/hotdeals?sort=discount',
  );
}

// No handler: a signed-out card must not call the API at all (MSW fails any request it did).
let seen: TSeenRequest[];
beforeEach(() => {
  window.localStorage.clear();
  seen = recordRequests();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfferCard', () => {
  it('shows the discount badge, the struck-through original, the discounted price and the saving', () => {
    renderCard(
      createOffer({ title: 'Full Body Massage', discount: 35, original_price: 5500, discounted_price: 3575 }),
    );
    expect(screen.getByText('35% OFF')).toBeTruthy();
    expect(screen.getByText('KSh 3,575')).toBeTruthy();
    const original = screen.getByText('KSh 5,500');
    expect(original.closest('.line-through')).toBeTruthy();
    expect(screen.getByText('Save KSh 1,925')).toBeTruthy();
    expect(screen.getByText('3d left')).toBeTruthy();
  });

  it("says 'Custom quote' when the offer has no original price, rather than inventing one", () => {
    renderCard(createOffer({ discount: 20, original_price: null, discounted_price: null }));
    expect(screen.getByText('20% OFF')).toBeTruthy();
    expect(screen.getByText('Custom quote')).toBeTruthy();
    expect(screen.queryByText(/^Save /)).toBeNull();
    expect(screen.queryByText(/KSh/)).toBeNull();
  });

  it('links to the offer under its store and lazy-loads a fixed-size 4:3 image', () => {
    const offer = createOffer({ image_url: '/media/cover.svg' });
    renderCard(offer);
    expect(screen.getByRole('link', { name: offer.title }).getAttribute('href')).toBe(
      `/store/${offer.storeId}/offer/${offer.id}`,
    );
    const image = document.querySelector('img[src="/media/cover.svg"]')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
  });

  it('offers an uploaded cover and store logo in each size, for the width each is drawn at (slow data)', () => {
    const id = '0b6c1f9e-3d2a-4c5b-9e8f-7a6b5c4d3e2f';
    const offer = createOffer({ image_url: `/media/images/offer-images/${id}-lg.webp` });
    renderCard({
      ...offer,
      store: { ...offer.store, logo_url: `/media/images/store-logos/${id}-lg.webp` },
    });
    const cover = document.querySelector(`img[src="/media/images/offer-images/${id}-lg.webp"]`)!;
    expect(cover.getAttribute('srcset')).toBe(
      `/media/images/offer-images/${id}-sm.webp 480w, /media/images/offer-images/${id}-lg.webp 1200w`,
    );
    expect(cover.getAttribute('sizes')).toBe('auto, (min-width: 640px) 50vw, 100vw');
    // The 24 px logo beside the store's name: the 128 px file is enough at any density up to 5x.
    const logo = document.querySelector(`img[src="/media/images/store-logos/${id}-lg.webp"]`)!;
    expect(logo.getAttribute('srcset')).toBe(
      `/media/images/store-logos/${id}-sm.webp 128w, /media/images/store-logos/${id}-lg.webp 512w`,
    );
    expect(logo.getAttribute('sizes')).toBe('24px');
  });

  it('asks a logged-out visitor to log in, then goes to sign-in with the way back', async () => {
    const confirm = stubConfirm(true);
    const router = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /Add to favorites/ }));
    expect(confirm).toHaveBeenCalledWith('Please log in to add favorites. Would you like to log in now?');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/hotdeals?sort=discount')}`);
    expect(router.state.location.state).toEqual({ returnUrl: '/hotdeals?sort=discount' });
    expect(seen).toEqual([]);
  });

  it('stays on the page when the visitor declines to log in', () => {
    stubConfirm(false);
    const router = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /Add to favorites/ }));
    expect(router.state.location.pathname).toBe('/hotdeals');
  });
});
