import { paginationFor, type TStore, ZStoreListResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createStore } from '@d3/test-support/catalogue-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SearchStoreLists } from './store-lists';

afterEach(cleanup);

const list = (stores: TStore[]) =>
  wire(ZStoreListResponse, {
    success: true,
    stores,
    data: stores,
    pagination: paginationFor(1, 40, stores.length),
  });

describe('SearchStoreLists (seed 000 §5, §9)', () => {
  it('shows Trending Stores (rated 3.5+ with reviews) and Most Reviewed Stores (4 per category at most)', async () => {
    const rated = [
      createStore({ name: 'Top Rated Spa', rating: 4.9, totalReviews: 12 }),
      createStore({ name: 'Unreviewed Star', rating: 5, totalReviews: 0 }),
      createStore({ name: 'Low Rated Wash', rating: 3.2, totalReviews: 40 }),
    ];
    const reviewed = [
      ...[1, 2, 3, 4, 5].map((n) =>
        createStore({ name: `Busy Salon ${n}`, category: 'Beauty & Spa', rating: 4, totalReviews: 100 - n }),
      ),
      createStore({ name: 'Busy Grill', category: 'Food & Dining', rating: 4, totalReviews: 20 }),
    ];
    mswServer.use(
      api.get('/stores', ({ request }) =>
        list(new URL(request.url).searchParams.get('sortBy') === 'rating' ? rated : reviewed),
      ),
    );
    renderRoutes([{ path: '/search', element: <SearchStoreLists /> }], '/search');
    const trending = await screen.findByRole('region', { name: 'Trending Stores' });
    expect(await within(trending).findByText('Top Rated Spa')).toBeTruthy();
    expect(within(trending).queryByText('Unreviewed Star')).toBeNull();
    expect(within(trending).queryByText('Low Rated Wash')).toBeNull();

    const most = screen.getByRole('region', { name: 'Most Reviewed Stores' });
    const names = () =>
      within(most)
        .getAllByRole('listitem')
        .map((item) => (item.textContent?.match(/Busy (Salon \d|Grill)/) ?? [''])[0]);
    // A row of cards comes with the list, the next after the first paint (StoreListSection).
    await waitFor(() =>
      expect(names()).toEqual(['Busy Salon 1', 'Busy Salon 2', 'Busy Salon 3', 'Busy Salon 4', 'Busy Grill']),
    );
  });
});
