import { ZOfferListResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createOffer } from '@d3/test-support/catalogue-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelectedLocation } from '../../../lib/location';
import { renderRoutes } from '../../../test/render';
import { HotDealsPage } from './hot-deals-page';

function offersResponse(url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const offers = [createOffer({ title: `Deal on page ${page}` })];
  return wire(ZOfferListResponse, {
    success: true,
    offers,
    data: offers,
    pagination: { page, limit: 12, total: 30, totalPages: 3, hasNextPage: page < 3, currentPage: page },
    categories: [
      { name: 'Beauty & Spa', count: 18 },
      { name: 'Automotive', count: 12 },
    ],
  });
}

let seen: TSeenRequest[];

function lastOffersQuery(): URLSearchParams {
  const offers = seen.map((request) => request.url).filter((url) => url.pathname === '/api/v1/offers');
  return offers.at(-1)!.searchParams;
}

function renderPage(entry = '/hotdeals') {
  return renderRoutes([{ path: '/hotdeals', element: <HotDealsPage /> }], entry);
}

beforeEach(() => {
  window.localStorage.clear();
  seen = recordRequests();
  mswServer.use(api.get('/offers', ({ request }) => offersResponse(new URL(request.url))));
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(cleanup);

describe('Hot Deals URL state', () => {
  it('reads sort, category and page from the address and asks the API for exactly that', async () => {
    renderPage('/hotdeals?category=Automotive&sort=discount&page=2');
    expect(await screen.findByText('Deal on page 2')).toBeTruthy();
    const query = lastOffersQuery();
    expect(query.get('category')).toBe('Automotive');
    expect(query.get('sortBy')).toBe('discount');
    expect(query.get('page')).toBe('2');
    expect(query.get('limit')).toBe('12');
    expect((screen.getByTestId('sort-select') as HTMLSelectElement).value).toBe('discount');
  });

  it('writes a chosen sort and category into the address and goes back to page 1', async () => {
    const router = renderPage('/hotdeals?page=3');
    await screen.findByText('Deal on page 3');

    fireEvent.change(screen.getByTestId('sort-select'), { target: { value: 'price_low_high' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_low_high'));

    const [sidebar] = screen.getAllByTestId('category-filter');
    fireEvent.click(sidebar!.querySelector('button[aria-pressed="false"]')!);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Beauty+%26+Spa&sort=price_low_high'),
    );
    await waitFor(() => expect(lastOffersQuery().get('category')).toBe('Beauty & Spa'));
    expect(lastOffersQuery().get('sortBy')).toBe('price_low_high');
  });

  it('shows the category counts from the API facet', async () => {
    renderPage();
    await screen.findByText('Deal on page 1');
    const [sidebar] = screen.getAllByTestId('category-filter');
    expect(sidebar!.textContent).toContain('All Categories30');
    expect(sidebar!.textContent).toContain('Beauty & Spa18');
  });

  it('moves between pages with Next and keeps the page in the address', async () => {
    const router = renderPage('/hotdeals?sort=discount');
    await screen.findByText('Deal on page 1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=discount&page=2'));
    expect(await screen.findByText('Deal on page 2')).toBeTruthy();
  });

  it('Clear all filters drops category, sort and page', async () => {
    const router = renderPage('/hotdeals?category=Automotive&sort=discount&page=2');
    await screen.findByText('Deal on page 2');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear all filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a new location refetches with it and starts again from page 1', async () => {
    const router = renderPage('/hotdeals?page=2');
    await screen.findByText('Deal on page 2');
    setSelectedLocation({ id: 'westlands', name: 'Westlands', area: 'Nairobi' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => {
      expect(lastOffersQuery().get('location')).toBe('westlands');
      expect(lastOffersQuery().get('page')).toBe('1');
    });
  });
});

describe('Hot Deals errors (issue 15 #8)', () => {
  it('shows the seed text, never the server text, when offers answer 500 Internal error', async () => {
    mswServer.use(api.get('/offers', () => apiError('INTERNAL', 'Internal error')));
    renderPage();
    expect(
      await screen.findByText('Server error. Please try again later.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Internal error/)).toBeNull();
  }, 30_000);
});
