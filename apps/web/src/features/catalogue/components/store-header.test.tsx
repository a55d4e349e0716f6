import type { TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { createStore } from '@d3/test-support/catalogue-factories';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { StoreHeader } from './store-header';

// Issue 36: a signed-out visitor pressing Chat on a store is told why they go to sign-in.
const store = createStore({ name: 'Serenity Spa' });
const detail: TStoreDetail = { ...store, socialLinks: [], branches: [], outlets: 0, following: null };

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('StoreHeader Chat', () => {
  it("a signed-out visitor pressing Chat reads 'Please log in to chat with {store}' and goes to sign-in, back to the chat after", async () => {
    const router = renderRoutes(
      [
        { path: '/store/:storeId', element: <StoreHeader store={detail} /> },
        { path: '/accounts/sign-in', element: <h1>Sign in page</h1> },
      ],
      `/store/${store.id}`,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Chat' }));
    expect(await screen.findByText('Please log in to chat with Serenity Spa')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts/sign-in');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/chat/Store/${store.id}`)}`);
  });
});
