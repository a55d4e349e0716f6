import { ZOfferResponse, ZServiceResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { ZFavoriteIdsResponse } from '@d3/shared/engagement/engagement-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setToken } from '../../../lib/auth-token';
import {
  DAY,
  liveToken,
  OFFER_ID,
  offerBody,
  STORE_ID,
  STORE_SUMMARY,
  serviceBody,
} from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { LINK_COPIED } from '../components/share-menu';
import { OfferDetailPage } from './offer-detail-page';

/** The offer body the API sends, as the bookings fixtures have it, with a tag and the store's category. */
function offer(overrides: Record<string, unknown> = {}) {
  return offerBody({
    accessFee: 225,
    tag: 'Bestseller',
    store: { ...STORE_SUMMARY, category: 'Beauty & Spa' },
    ...overrides,
  });
}

/** The server: GET /offers/:id answers `body`; a signed-in page also reads the favourite ids (none). */
function respondWith(body: ReturnType<typeof offer>) {
  mswServer.use(
    api.get('/users/favorites/ids', () =>
      wire(ZFavoriteIdsResponse, { success: true, offerIds: [], count: 0 }),
    ),
    api.get(`/offers/${OFFER_ID}`, () => wire(ZOfferResponse, { success: true, offer: body })),
  );
}

function Probe() {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </p>
  );
}

function renderPage(initial = `/offer/${OFFER_ID}`) {
  return renderRoutes(
    [
      { path: '/offer/:offerId', element: <OfferDetailPage /> },
      { path: '*', element: <Probe /> },
    ],
    initial,
  );
}

beforeEach(() => {
  clearTokens();
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('Offer detail', () => {
  it('shows the offer with its real prices and the truthful access fee line', async () => {
    respondWith(offer());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '60-Minute Swedish Massage' })).toBeTruthy();
    expect(screen.getByText('You save KSh 1,500!')).toBeTruthy();
    expect(
      screen.getByText('Book now with a KSh 225 access fee paid by M-Pesa; pay KSh 3,500 at the store'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VIEW STORE' }).getAttribute('href')).toBe(`/store/${STORE_ID}`);
  });

  it('sends a signed-out visitor to sign-in with a redirect to the booking wizard of this offer', async () => {
    respondWith(offer());
    const router = renderPage();
    const book = await screen.findByRole('link', { name: 'BOOK THIS OFFER' });
    // A real link (issue 32): tapped before the page is live, it opens the wizard (which asks to sign in).
    expect(book.getAttribute('href')).toBe(`/booking/offer/${OFFER_ID}`);
    fireEvent.click(book);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/sign-in'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `/booking/offer/${OFFER_ID}`,
    );
  });

  it('a consultation offer returns from sign-in to its page and reopens the confirm dialog', async () => {
    const consult = offer({ offer_type: 'dynamic', requires_consultation: true });
    respondWith(consult);
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'BOOK THIS OFFER' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/sign-in'));
    const back = new URLSearchParams(router.state.location.search).get('redirect');
    expect(back).toBe(`/offer/${OFFER_ID}?book=1`);
    cleanup();

    setToken(liveToken());
    respondWith(consult);
    const signedIn = renderPage(back ?? '');
    const dialog = await screen.findByRole('dialog', { name: 'Consultation required' });
    expect(signedIn.state.location.search).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(signedIn.state.location.pathname).toBe(`/booking/offer/${OFFER_ID}`));
  });

  it('starts the booking with the offer in navigation state when signed in', async () => {
    setToken(liveToken());
    respondWith(offer());
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'BOOK THIS OFFER' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/offer/${OFFER_ID}`));
    const state = router.state.location.state as {
      bookingType: string;
      storeId: string;
      offerData: { id: string };
    };
    expect(state.bookingType).toBe('offer');
    expect(state.storeId).toBe(STORE_ID);
    expect(state.offerData.id).toBe(OFFER_ID);
  });

  it('asks first for a dynamic offer that needs a consultation, and Cancel aborts', async () => {
    setToken(liveToken());
    respondWith(offer({ offer_type: 'dynamic', requires_consultation: true }));
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'BOOK THIS OFFER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consultation required' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(router.state.location.pathname).toBe(`/offer/${OFFER_ID}`);
  });

  it("refuses when the offer's service does not take bookings: 'Booking is not enabled for this service.'", async () => {
    setToken(liveToken());
    const SERVICE_ID = 'e0c5a1f2-6b4d-4e8a-9c3b-2d1f0e9a8b7c';
    respondWith(
      offer({
        serviceId: SERVICE_ID,
        service: { id: SERVICE_ID, name: 'Massage', duration: 60 },
      }),
    );
    mswServer.use(
      api.get(`/services/${SERVICE_ID}`, () =>
        wire(ZServiceResponse, {
          success: true,
          service: serviceBody({ id: SERVICE_ID, booking_enabled: false }),
        }),
      ),
    );
    const seen = recordRequests();
    const router = renderPage();
    await waitFor(() =>
      expect(seen.some((request) => request.url.pathname.includes(`/services/${SERVICE_ID}`))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('link', { name: 'BOOK THIS OFFER' }));
    expect(await screen.findByText('Booking is not enabled for this service.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/offer/${OFFER_ID}`);
  });

  it('an expired offer shows the overlay and a disabled OFFER UNAVAILABLE button', async () => {
    respondWith(
      offer({
        expiration_date: new Date(Date.now() - DAY).toISOString(),
        isExpired: true,
        bookable: false,
        dealLabel: 'Expired',
      }),
    );
    renderPage();
    expect(await screen.findByText('Offer Expired')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'OFFER UNAVAILABLE' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'BOOK THIS OFFER' })).toBeNull();
  });

  it('a paused offer says so', async () => {
    respondWith(offer({ status: 'paused', bookable: false }));
    renderPage();
    expect(await screen.findByText('This offer is currently paused')).toBeTruthy();
  });

  it('copy link shows "Link copied to clipboard!" for 2 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    respondWith(offer());
    renderPage();
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await act(async () => {
        fireEvent.click(copy);
      });
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/offer/${OFFER_ID}`);
      expect(screen.getByText(LINK_COPIED)).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(1900);
      });
      expect(screen.queryByText(LINK_COPIED)).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByText(LINK_COPIED)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares on WhatsApp with the offer link, and offers the native share sheet where there is one', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    respondWith(offer());
    renderPage();
    const whatsapp = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `60-Minute Swedish Massage ${window.location.origin}/offer/${OFFER_ID}`,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More ways to share' }));
    });
    expect(share).toHaveBeenCalledWith({
      title: '60-Minute Swedish Massage',
      url: `${window.location.origin}/offer/${OFFER_ID}`,
    });
  });

  it('an unknown offer shows "Offer not found" as the page heading', async () => {
    mswServer.use(api.get(`/offers/${OFFER_ID}`, () => apiError('NOT_FOUND', 'Offer not found')));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
  });
});
