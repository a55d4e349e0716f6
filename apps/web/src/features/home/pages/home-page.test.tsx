import { paginationFor, ZOffersResponse, ZStoreListResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createOffer } from '@d3/test-support/catalogue-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_STORAGE_KEYS } from '../../../lib/location';
import { stubMatchMedia } from '../../../test/render';
import { HomePage } from './home-page';

const mombasaDeal = createOffer({ title: 'Mombasa Beach Massage', discount: 55, featured: true });
const nairobiDeal = createOffer({ title: 'Westlands Gel Manicure', discount: 65, featured: true });

/** Offers by place: the fake API filters top deals and featured by `location` as the real one does. */
let byPlace: Record<string, (typeof mombasaDeal)[]> = {};
/** The offers' answer is the server's 500 with its own text ('Internal error'). */
let failing = false;
let seen: TSeenRequest[] = [];

/** Top deals and featured offers, by place; the store list empty. */
function serveHome() {
  const offersByPlace = ({ request }: { request: Request }) => {
    if (failing) return apiError('INTERNAL', 'Internal error');
    const place = new URL(request.url).searchParams.get('location');
    const offers = place ? (byPlace[place] ?? []) : Object.values(byPlace).flat();
    return wire(ZOffersResponse, { success: true, offers, data: offers });
  };
  mswServer.use(
    api.get('/offers/top-deals', offersByPlace),
    api.get('/offers/featured', offersByPlace),
    api.get('/stores', () =>
      wire(ZStoreListResponse, { success: true, stores: [], data: [], pagination: paginationFor(1, 8, 0) }),
    ),
  );
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function choose(place: { id: string; name: string }) {
  window.localStorage.setItem(
    LOCATION_STORAGE_KEYS.selected,
    JSON.stringify({ id: place.id, name: place.name, area: 'Kenya' }),
  );
}

beforeEach(() => {
  byPlace = { mombasa: [mombasaDeal], westlands: [nairobiDeal] };
  failing = false;
  seen = recordRequests();
  window.localStorage.clear();
  serveHome();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** The three parts of the page that show deals, each found by its heading. */
async function dealSections() {
  const sectionOf = async (heading: Parameters<typeof screen.findByRole>[1]) =>
    (await screen.findByRole('heading', heading)).closest('section')!;
  return {
    featured: await sectionOf({ name: 'FEATURED OFFERS' }),
    topDeals: await sectionOf({ name: 'Top Deals' }),
    hero: await sectionOf({ level: 1 }),
  };
}

describe('HomePage location (issue 15 #5)', () => {
  it('shows only the chosen place in the hero, featured offers and Top Deals', async () => {
    choose({ id: 'mombasa', name: 'Mombasa' });
    renderHome();
    const { featured, topDeals, hero } = await dealSections();
    expect(await within(featured).findByText('Mombasa Beach Massage')).toBeTruthy();
    expect(within(featured).queryByText('Westlands Gel Manicure')).toBeNull();
    expect(await within(topDeals).findByText('Mombasa Beach Massage')).toBeTruthy();
    expect(within(topDeals).queryByText('Westlands Gel Manicure')).toBeNull();
    expect(within(hero).queryByText('Westlands Gel Manicure')).toBeNull();
    expect(screen.queryByText(/showing all locations/)).toBeNull();
    const asked = seen
      .map((request) => request.url)
      .filter((url) => /\/offers\/(top-deals|featured)$/.test(url.pathname));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((url) => url.searchParams.get('location') === 'mombasa')).toBe(true);
  });

  it('falls back to all locations and says so when the chosen place has no deals', async () => {
    choose({ id: 'kilimani', name: 'Kilimani' });
    renderHome();
    const { featured, topDeals, hero } = await dealSections();
    expect(await within(featured).findByText('Westlands Gel Manicure')).toBeTruthy();
    expect(within(featured).getByText('No deals in Kilimani yet — showing all locations.')).toBeTruthy();
    expect(await within(topDeals).findByText('Mombasa Beach Massage')).toBeTruthy();
    expect(within(topDeals).getByText('No deals in Kilimani yet — showing all locations.')).toBeTruthy();
    expect(within(hero).getByText('No deals in Kilimani yet — showing all locations.')).toBeTruthy();
  });
});

describe('HomePage errors (issue 15 #8)', () => {
  it('shows the seed text, never the server text, when offers answer 500 Internal error', async () => {
    failing = true;
    renderHome();
    expect(
      await screen.findByText('Unable to load featured offers: Server error. Please try again later.'),
    ).toBeTruthy();
    expect(
      await screen.findByText('Error loading deals: Server error. Please try again later.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Internal error/)).toBeNull();
  });
});
