import { ZConversationListResponse } from '@d3/shared/chat/chat-schemas';
import { createConversation } from '@d3/test-support/chat-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasQueuedChatMessages, queueChatMessage } from '../features/chat/lib/chat-outbox';
import { chatConversationsKey, useChatUnread } from '../lib/api/chat-conversations';
import { clearTokens, setToken } from '../lib/auth-token';
import { useSession } from '../lib/use-session';
import { liveToken } from '../test/api-fixtures';
import { OfflineServices } from './offline-services';
import { createQueryClient } from './providers';

const OWNER_KEY = 'd3:offline-owner';

/** The navbar's chat badge, as the layout has it beside the offline services. */
function ChatBadge() {
  const count = useChatUnread(useSession()?.token ?? null).data;
  return <output aria-label="chat badge">{count ?? '-'}</output>;
}

let unread = 0;
let root: Root | null = null;

/**
 * A server-rendered page as the browser gets it: the HTML rendered with nobody signed in (the
 * server never sees the phone's token), then hydrated where a customer is signed in.
 */
async function hydratePage() {
  const client = createQueryClient();
  const tree = (
    <QueryClientProvider client={client}>
      <OfflineServices />
      <ChatBadge />
    </QueryClientProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, tree);
  });
  return client;
}

beforeEach(() => {
  unread = 0;
  mswServer.use(
    api.get('/chat/user/conversations', () => {
      const conversations = unread ? [createConversation('Karibu tena', unread)] : [];
      return wire(ZConversationListResponse, {
        success: true,
        data: conversations,
        pagination: { page: 1, limit: 20, total: conversations.length, totalPages: 1, hasNextPage: false },
        unreadTotal: unread,
      });
    }),
  );
  // Offline: the queued message stays queued (it would be sent at once online).
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
  clearTokens();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('OfflineServices', () => {
  it("a server-rendered page hydrating for its own customer keeps their unsent chat, and the chat badge's query stays live", async () => {
    const token = liveToken();
    setToken(token);
    localStorage.setItem(OWNER_KEY, 'u1');
    queueChatMessage('c1', 'Nitafika saa nane');
    const client = await hydratePage();
    const badge = screen.getByRole('status', { name: 'chat badge' });
    await waitFor(() => expect(badge.textContent).toBe('0'));
    // Let every effect of the hydration settle (the owner check is asynchronous).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(hasQueuedChatMessages()).toBe(true);
    expect(localStorage.getItem(OWNER_KEY)).toBe('u1');
    // A socket event's refresh reaches the badge: its query is still the cache's.
    unread = 2;
    await act(async () => {
      await client.invalidateQueries({ queryKey: chatConversationsKey(token) });
    });
    await waitFor(() => expect(badge.textContent).toBe('2'));
  });

  it("another customer's unsent chat goes when this one's page starts, and the chat queries are read again for them, still live", async () => {
    const token = liveToken();
    setToken(token);
    localStorage.setItem(OWNER_KEY, 'someone-else');
    queueChatMessage('c9', 'not yours');
    unread = 1;
    const client = await hydratePage();
    const badge = screen.getByRole('status', { name: 'chat badge' });
    await waitFor(() => expect(localStorage.getItem(OWNER_KEY)).toBe('u1'));
    expect(hasQueuedChatMessages()).toBe(false);
    await waitFor(() => expect(badge.textContent).toBe('1'));
    unread = 3;
    await act(async () => {
      await client.invalidateQueries({ queryKey: chatConversationsKey(token) });
    });
    await waitFor(() => expect(badge.textContent).toBe('3'));
  });
});
