import { createStore } from '@d3/test-support/catalogue-factories';
import { recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

// No handler: signed out, the card must not call the API (MSW fails any request it did).
let seen: TSeenRequest[];
beforeEach(() => {
  window.localStorage.clear();
  seen = recordRequests();
});
afterEach(cleanup);

describe('ResultStoreCard', () => {
  it('offers Follow beside View Store; signed out it asks to log in and goes to sign-in, coming back', async () => {
    const router = renderCard();
    expect(screen.getByRole('link', { name: 'View Store' }).getAttribute('href')).toBe(`/store/${store.id}`);
    fireEvent.click(screen.getByRole('button', { name: `Follow ${store.name}` }));
    expect(await screen.findByText('Sign in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/search?q=grill')}`);
    expect(seen.some((request) => request.url.pathname.includes('toggle-follow'))).toBe(false);
  });
});
