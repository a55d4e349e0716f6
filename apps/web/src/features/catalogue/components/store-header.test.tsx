import { type TStoreDetail, ZStoreResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { ZToggleFollowResponse } from '@d3/shared/engagement/engagement-schemas';
import { createStore } from '@d3/test-support/catalogue-factories';
import { api, holdableAnswer, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { storeQueryKey, useStore } from '../../../lib/api/get-store';
import { clearTokens, setToken } from '../../../lib/auth-token';
import { liveToken } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { StoreHeader } from './store-header';

// Issue 36: a signed-out visitor pressing Chat on a store is told why they go to sign-in.
const store = createStore({ name: 'Serenity Spa' });
const detail: TStoreDetail = { ...store, socialLinks: [], branches: [], outlets: 0, following: null };

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  clearTokens();
});

describe('StoreHeader Chat', () => {
  it('signed out, Chat is a plain link to sign-in leading back to the chat, so it works before the page hydrates', async () => {
    const router = renderRoutes(
      [
        { path: '/store/:storeId', element: <StoreHeader store={detail} /> },
        { path: '/accounts/sign-in', element: <h1>Sign in page</h1> },
      ],
      `/store/${store.id}`,
    );
    const chat = screen.getByRole('link', { name: 'Chat' });
    const signIn = `/accounts/sign-in?redirect=${encodeURIComponent(`/chat/Store/${store.id}`)}`;
    expect(chat.getAttribute('href')).toBe(signIn);
    fireEvent.click(chat);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(signIn);
  });

  it('signed in, Chat opens the chat with the store', () => {
    setToken(liveToken());
    renderRoutes(
      [{ path: '/store/:storeId', element: <StoreHeader store={detail} /> }],
      `/store/${store.id}`,
    );
    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe(`/chat/Store/${store.id}`);
  });
});

/** The store page's header over its store query, as the page has it. */
function StoreHeaderOfPage() {
  const { storeId = '' } = useParams();
  const read = useStore(storeId);
  return read.data ? <StoreHeader store={read.data.store} /> : null;
}

describe('StoreHeader Follow', () => {
  it("a read of the store that left before the follow was stored does not turn 'Following' back into 'Follow'", async () => {
    setToken(liveToken());
    let following = false;
    let followers = 12;
    /** A read that can be held on its way, answering what the server had when it arrived. */
    const read = holdableAnswer(() =>
      wire(ZStoreResponse, { success: true, store: { ...detail, following, followers } }),
    );
    mswServer.use(
      api.get(`/stores/${store.id}`, read.resolver),
      api.post(`/stores/${store.id}/toggle-follow`, () => {
        following = !following;
        followers += following ? 1 : -1;
        return wire(ZToggleFollowResponse, {
          success: true,
          message: following ? 'Store followed successfully' : 'Store unfollowed successfully',
          following,
          followers,
        });
      }),
    );
    const client = createQueryClient();
    renderRoutes([{ path: '/store/:storeId', element: <StoreHeaderOfPage /> }], `/store/${store.id}`, {
      client,
    });
    const button = await screen.findByRole('button', { name: /Follow/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    // The signed-in page reads its store again (the session's view following the server's), and the
    // visitor's tap lands while that read is on its way.
    read.hold();
    act(() => void client.invalidateQueries({ queryKey: storeQueryKey(store.id), exact: true }));
    await waitFor(() => expect(read.held()).toBe(true));
    fireEvent.click(button);
    await waitFor(() => expect(following).toBe(true));
    await act(async () => read.release());

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Following/ }).getAttribute('aria-pressed')).toBe('true'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('button', { name: /Following/ }).getAttribute('aria-pressed')).toBe('true');
    expect(following).toBe(true);
  });
});
