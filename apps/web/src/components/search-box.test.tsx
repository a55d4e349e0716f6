import { type TSearchResponse, ZSearchResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createOffer, createStore } from '@d3/test-support/catalogue-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_SEARCHES_KEY } from '../lib/recent-searches';
import { renderRoutes } from '../test/render';
import { SearchBox } from './search-box';

function store(id: string, name: string) {
  return createStore({ id, name, category: 'Beauty & Spa', location: 'Kilimani' });
}

function offer(id: string, title: string) {
  const base = createOffer({ id, title, discount: 30 });
  return { ...base, store: { ...base.store, name: 'Savannah Glow Spa' } };
}

const RESULTS: TSearchResponse = {
  success: true,
  query: 'spa',
  shops: [store('s1', 'Savannah Glow Spa'), store('s2', 'Coral Bay Wellness Spa')],
  discounts: [offer('o1', 'Swedish Massage')],
  counts: { shops: 2, discounts: 1, total: 3 },
};

let results: TSearchResponse;
let seen: TSeenRequest[];

function renderBox() {
  const router = renderRoutes(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/store/:id', element: <p>store page</p> },
      { path: '/offer/:id', element: <p>offer page</p> },
      { path: '/search', element: <p>search page</p> },
    ],
    '/',
  );
  return { router, input: screen.getByRole('combobox') as HTMLInputElement };
}

function searchCalls(): URL[] {
  return seen.map((request) => request.url).filter((url) => url.pathname.endsWith('/search'));
}

function typeInto(input: HTMLInputElement, text: string) {
  for (let end = 1; end <= text.length; end += 1) {
    fireEvent.change(input, { target: { value: text.slice(0, end) } });
  }
}

function options() {
  return within(screen.getByRole('listbox')).queryAllByRole('option');
}

beforeEach(() => {
  localStorage.clear();
  results = RESULTS;
  seen = recordRequests();
  mswServer.use(api.get('/search', () => wire(ZSearchResponse, results)));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('waits 300 ms after the last keystroke and then searches once, for the whole text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { input } = renderBox();
    fireEvent.focus(input);
    typeInto(input, 'spa');
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(searchCalls()).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    const [call] = searchCalls();
    expect(call?.searchParams.get('query')).toBe('spa');
    expect(call?.searchParams.get('limit')).toBe('5');
  });

  it('shows the Stores and Offers sections with their counts and the View All button', async () => {
    const { input } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'spa' } });
    expect(await screen.findByRole('group', { name: 'Stores (2)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Offers (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View All Results for "spa"' })).toBeTruthy();
  });

  it('keeps recent searches unique, latest first, at most 5, and removes one on request', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['nails', 'gym', 'car wash', 'yoga', 'pizza']));
    const { input, router } = renderBox();
    fireEvent.change(input, { target: { value: 'Gym' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual([
      'Gym',
      'nails',
      'car wash',
      'yoga',
      'pizza',
    ]);

    await act(() => router.navigate('/'));
    const box = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.focus(box);
    expect(screen.getByRole('group', { name: 'Recent Searches' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove "yoga" from recent searches' }));
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual([
      'Gym',
      'nails',
      'car wash',
      'pizza',
    ]);
    expect(options().map((option) => option.textContent)).toEqual(['Gym', 'nails', 'car wash', 'pizza']);
  });

  it('moves through recent searches with the arrow keys and wraps at both ends', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['nails', 'gym', 'yoga']));
    const { input } = renderBox();
    fireEvent.focus(input);
    const selected = () => options().findIndex((option) => option.getAttribute('aria-selected') === 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(2);
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]?.id);
  });

  it('Enter opens the highlighted store; Escape closes the dropdown', async () => {
    const { input, router } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'spa' } });
    await screen.findByRole('group', { name: 'Stores (2)' });

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[1]?.textContent).toContain('Coral Bay Wellness Spa');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/s2'));
  });

  it('says so when nothing matches', async () => {
    results = { ...RESULTS, shops: [], discounts: [], counts: { shops: 0, discounts: 0, total: 0 } };
    const { input } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No results found for "zzzz"')).toBeTruthy();
    expect(screen.getByText('Try searching for stores, deals, or categories')).toBeTruthy();
  });

  it('shows "Start typing to search" when empty without recent searches', () => {
    const { input } = renderBox();
    fireEvent.focus(input);
    expect(screen.getByText('Start typing to search')).toBeTruthy();
    expect(screen.getByText('Results from all locations')).toBeTruthy();
  });
});
