import { createStore } from '@d3/test-support/catalogue-factories';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNextPart, fakePaintClock, paintFirstPart } from '../test/paint-steps';
import { renderRoutes } from '../test/render';
import { StoreListSection } from './store-list-section';

afterEach(cleanup);
fakePaintClock();

describe('StoreListSection (seed 000 §9 store lists; issue 32)', () => {
  it('draws a row of four cards with the list, then a row a task after the first paint, in order', async () => {
    const stores = Array.from({ length: 10 }, (_, index) =>
      createStore({ name: `Random Store ${index + 1}` }),
    );
    renderRoutes(
      [
        {
          path: '/stores',
          element: (
            <StoreListSection
              id="discover-stores"
              title="Discover More Stores"
              icon={null}
              stores={stores}
              loading={false}
            />
          ),
        },
      ],
      '/stores',
    );
    // The page's first render (the router and providers settle in microtasks; no timer has run).
    await act(async () => {});
    const section = screen.getByRole('region', { name: 'Discover More Stores' });
    const shown = () =>
      within(section)
        .queryAllByRole('listitem')
        .map((item) => item.textContent?.match(/Random Store \d+/)?.[0]);
    const names = stores.map((store) => store.name);
    expect(shown()).toEqual(names.slice(0, 4));
    await paintFirstPart();
    expect(shown()).toEqual(names.slice(0, 8));
    await buildNextPart();
    expect(shown()).toEqual(names);
  });

  it('shows four placeholders while loading, and nothing once loaded empty', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <StoreListSection id="s" title="Trending Stores" icon={null} stores={undefined} loading />,
        },
      ],
      '/',
    );
    await act(async () => {});
    expect(screen.getByRole('region', { name: 'Trending Stores' }).querySelectorAll('li')).toHaveLength(4);
    cleanup();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <main>
              <h1>Search</h1>
              <StoreListSection id="s" title="Trending Stores" icon={null} stores={[]} loading={false} />
            </main>
          ),
        },
      ],
      '/',
    );
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trending Stores' })).toBeNull();
    expect(document.body.textContent).not.toContain('Trending Stores');
  });
});
