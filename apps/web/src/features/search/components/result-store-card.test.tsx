import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../test/catalogue-factories';
import { renderRoutes } from '../../../test/render';
import { ResultStoreCard } from './result-store-card';

const store = createStore({ name: 'Kilimanjaro Grill House' });

function renderCard() {
  return renderRoutes(
    [
      { path: '/search', element: <ResultStoreCard store={store} view="grid" /> },
      { path: '/accounts/sign-in', element: <p>Sign in page</p> },
    ],
    '/search?q=grill',
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResultStoreCard', () => {
  it('offers Follow beside View Store; signed out it asks to log in and goes to sign-in, coming back', async () => {
    const router = renderCard();
    expect(screen.getByRole('link', { name: 'View Store' }).getAttribute('href')).toBe(`/store/${store.id}`);
    fireEvent.click(screen.getByRole('button', { name: `Follow ${store.name}` }));
    expect(await screen.findByText('Sign in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/search?q=grill')}`);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('toggle-follow'))).toBe(false);
  });
});
