import { type TStoreDetail, ZStoreResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { createStore } from '@d3/test-support/catalogue-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatStoreOf, storeChatPath } from '../../../lib/sign-in';
import { renderRoutes } from '../../../test/render';
import { SignInPage } from './sign-in-page';

const store = createStore({ name: 'Serenity Spa' });
const detail: TStoreDetail = { ...store, socialLinks: [], branches: [], outlets: 0, following: null };

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('SignInPage, sent from a store’s Chat (seed 001 §8)', () => {
  it("reads 'Please log in to chat with {store}', the name taken from the store's own record", async () => {
    const asked: string[] = [];
    mswServer.use(
      api.get(`/stores/${store.id}`, ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return wire(ZStoreResponse, { success: true, store: detail });
      }),
    );
    renderRoutes(
      [{ path: '/accounts/sign-in', element: <SignInPage /> }],
      `/accounts/sign-in?redirect=${encodeURIComponent(`/chat/Store/${store.id}`)}`,
    );
    expect(await screen.findByText('Please log in to chat with Serenity Spa')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(asked).toEqual([`/api/v1/stores/${store.id}`]);
  });

  it('only a way back to one store’s chat names a store: other pages, the chat list and longer paths do not', () => {
    expect(chatStoreOf(storeChatPath(store.id))).toBe(store.id);
    expect(chatStoreOf('/chat')).toBeNull();
    expect(chatStoreOf(`/store/${store.id}`)).toBeNull();
    expect(chatStoreOf(`/chat/Store/${store.id}/x`)).toBeNull();
    expect(chatStoreOf(`/chat/Store/${store.id}?tab=1`)).toBeNull();
  });
});
