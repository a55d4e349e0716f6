import { paginationFor } from '@d3/shared/catalogue/catalogue-schemas';
import {
  type TMerchantOffer,
  type TMerchantOfferState,
  ZMerchantOfferListResponse,
} from '@d3/shared/merchant/offer-schemas';
import { createOffer } from '@d3/test-support/catalogue-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanUpAfterEach, meBody, meHandler, renderMerchant, signInMerchant } from '../../test/render';
import { OffersPage } from './pages/offers-page';

const STORE_ID = '00000000-0000-4000-8000-000000000001';
const ME = meBody([{ id: STORE_ID, name: 'Kinyozi Bora', category: 'Beauty & Spa', location: 'Westlands' }]);

function offer(
  id: string,
  title: string,
  state: TMerchantOfferState,
  expirationDate = '2030-01-31T23:59:59+03:00',
): TMerchantOffer {
  return {
    ...createOffer({
      id,
      title,
      status: state === 'expired' ? 'active' : state,
      discount: 30,
      original_price: 1200,
      originalPrice: 1200,
      discounted_price: 840,
      offerPrice: 840,
      savings: 360,
      accessFee: 54,
      imageUrl: null,
      expiration_date: expirationDate,
      expirationDate,
      isExpired: state === 'expired',
      featured: false,
      storeId: STORE_ID,
    }),
    state,
  };
}

const ALL = [
  offer('o1', 'Haircut, 30% off', 'active'),
  offer('o2', 'Beard trim special', 'paused'),
  offer('o3', 'December braids', 'expired', '2026-01-10T23:59:59+03:00'),
];
const COUNTS = { active: 1, paused: 1, draft: 0, inactive: 0, expired: 1 };

let seen: TSeenRequest[] = [];
const requested = () =>
  seen.map((request) => request.url).filter((url) => url.pathname === '/api/v1/offers/merchant');

beforeEach(() => {
  signInMerchant();
  seen = recordRequests();
  mswServer.use(
    meHandler(ME),
    api.get('/offers/merchant', ({ request }) => {
      const state = new URL(request.url).searchParams.get('state');
      const offers = state === 'all' ? ALL : ALL.filter((o) => o.state === state);
      const pagination = paginationFor(1, 12, offers.length);
      return wire(ZMerchantOfferListResponse, {
        success: true,
        offers,
        data: offers,
        counts: COUNTS,
        pagination,
      });
    }),
  );
  renderMerchant([{ path: '*', element: <OffersPage /> }]);
});

cleanUpAfterEach();

describe('Offers page: the merchant’s own offers in every state', () => {
  it('lists paused and expired offers with status badges and counts, and filters by status', async () => {
    const list = await screen.findByRole('list', { name: 'Your offers' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('active')).toBeTruthy();
    expect(within(items[0]!).getByText('Haircut, 30% off')).toBeTruthy();
    expect(within(items[1]!).getByText('paused')).toBeTruthy();
    expect(within(items[1]!).getByText('Hidden from customers')).toBeTruthy();
    expect(within(items[2]!).getByText('expired')).toBeTruthy();
    expect(within(items[2]!).getByText('Ended 2026-01-10')).toBeTruthy();
    expect(requested()[0]?.searchParams.get('storeId')).toBe(STORE_ID);
    expect(requested()[0]?.searchParams.get('state')).toBe('all');

    const all = screen.getByRole('button', { name: /^All/ });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(all.textContent).toBe('All3');
    fireEvent.click(screen.getByRole('button', { name: /^Expired/ }));
    await waitFor(() => expect(screen.queryByText('Haircut, 30% off')).toBeNull());
    expect(screen.getByText('December braids')).toBeTruthy();
    expect(requested().at(-1)?.searchParams.get('state')).toBe('expired');

    fireEvent.click(screen.getByRole('button', { name: /^Draft/ }));
    expect(await screen.findByRole('heading', { name: 'No draft offers' })).toBeTruthy();
  });
});
