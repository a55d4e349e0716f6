import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setSelectedLocation } from './location';
import { useListParams } from './use-list-params';

type Params = { page: number; sort: string; category: string | null };

function read(search: URLSearchParams): Params {
  return {
    page: Number(search.get('page') ?? '1'),
    sort: search.get('sort') ?? 'popular',
    category: search.get('category'),
  };
}

function write(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.sort !== 'popular') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

function Harness() {
  const { params, update } = useListParams(read, write);
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <output data-testid="params">{JSON.stringify(params)}</output>
      <button type="button" onClick={() => update({ category: 'Beauty & Spa', page: 1 })}>
        pill
      </button>
      <button
        type="button"
        onClick={() => {
          update({ category: 'Beauty & Spa', page: 1 });
          update({ sort: 'name_asc' });
        }}
      >
        pill then sort
      </button>
    </>
  );
}

function renderAt(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Harness />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('useListParams', () => {
  it('keeps the other params when one changes', () => {
    renderAt('/stores?sort=name_desc&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'pill' }));
    expect(screen.getByTestId('address').textContent).toBe('?category=Beauty+%26+Spa&sort=name_desc');
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toEqual({
      page: 1,
      sort: 'name_desc',
      category: 'Beauty & Spa',
    });
  });

  it('a second change made before the router renders the first keeps both', () => {
    renderAt('/stores?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'pill then sort' }));
    expect(screen.getByTestId('address').textContent).toBe('?category=Beauty+%26+Spa&sort=name_asc');
  });

  it('a new location goes back to page 1 and keeps the filters', () => {
    renderAt('/stores?category=Events&page=4');
    act(() => setSelectedLocation({ id: 'westlands', name: 'Westlands', area: 'Nairobi' }));
    expect(screen.getByTestId('address').textContent).toBe('?category=Events');
  });
});
