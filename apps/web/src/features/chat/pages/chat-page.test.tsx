import {
  type TConversation,
  ZConversationListResponse,
  ZMessagesResponse,
  ZReadResponse,
} from '@d3/shared/chat/chat-schemas';
import { createChatMessage, createConversation } from '@d3/test-support/chat-factories';
import { FakeSocket } from '@d3/test-support/fake-socket';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearTokens, setToken } from '../../../lib/auth-token';
import { setSocketFactory } from '../../../lib/socket';
import { liveToken } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { ChatPage } from './chat-page';

let socket: FakeSocket;
let seen: TSeenRequest[];
let conversations: TConversation[];
/** Held until the test lets the conversation list answer. */
let listAnswered: Promise<void>;
let answerList: () => void;

const page = (total: number) => ({ page: 1, limit: 20, total, totalPages: 1, hasNextPage: false });
const chatCalls = () =>
  seen
    .filter((r) => r.url.pathname.startsWith('/api/v1/chat/'))
    .map((r) => `${r.method} ${r.url.pathname.replace('/api/v1', '')}`);

beforeEach(() => {
  seen = recordRequests();
  socket = new FakeSocket();
  setSocketFactory(() => socket as never);
  setToken(liveToken());
  conversations = [createConversation('Your table is ready', 2)];
  listAnswered = new Promise((resolve) => {
    answerList = resolve;
  });
  mswServer.use(
    api.get('/chat/user/conversations', async () => {
      await listAnswered;
      return wire(ZConversationListResponse, {
        success: true,
        data: conversations,
        pagination: page(conversations.length),
        unreadTotal: 2,
      });
    }),
    api.get('/chat/conversations/c1/messages', () => {
      const messages = [createChatMessage('c1', 'a', 'merchant', 'Your table is ready')];
      return wire(ZMessagesResponse, { success: true, data: messages, messages, pagination: page(1) });
    }),
    api.post('/chat/conversations/c1/read', () =>
      wire(ZReadResponse, {
        success: true,
        data: { conversationId: 'c1', updated: 2, readAt: '2026-11-23T09:05:00+03:00' },
      }),
    ),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  setSocketFactory();
});

describe('customer chat page', () => {
  it("says 'Loading conversations...' until the list answers, and only then the welcome's counts", async () => {
    renderRoutes([{ path: '/chat', element: <ChatPage /> }], '/chat');
    expect((await screen.findByRole('status')).textContent).toBe('Loading conversations...');
    expect(screen.getByRole('heading', { name: 'Welcome to your messages' })).toBeTruthy();
    // No made-up counts while nothing is known ("0 unread messages in 0 conversations" was shown).
    expect(screen.queryByTestId('chat-welcome')).toBeNull();
    await act(async () => answerList());
    await waitFor(() =>
      expect(screen.getByTestId('chat-welcome').textContent).toBe('2 unread messages in 1 conversations'),
    );
    expect(screen.queryByText('Loading conversations...')).toBeNull();
    expect(screen.getByRole('button', { name: /Glow Spa/ })).toBeTruthy();
  });

  it("opening a conversation shows 'Loading messages...', then its messages, and marks it read once; the page reads the list once (the bell's events refresh it)", async () => {
    answerList();
    renderRoutes([{ path: '/chat', element: <ChatPage /> }], '/chat');
    act(() => socket.fire('connect'));
    fireEvent.click(await screen.findByRole('button', { name: /Glow Spa/ }));
    expect(screen.getByText('Loading messages...')).toBeTruthy();
    expect((await screen.findByTestId('chat-message')).textContent).toContain('Your table is ready');
    expect(screen.queryByText('Loading messages...')).toBeNull();
    await waitFor(() => expect(chatCalls()).toContain('POST /chat/conversations/c1/read'));
    // Let any refresh the read would start go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(chatCalls().sort()).toEqual([
      'GET /chat/conversations/c1/messages',
      'GET /chat/user/conversations',
      'POST /chat/conversations/c1/read',
    ]);
    // The server's read mark reaches the page: nothing more to mark.
    act(() =>
      socket.fire('messages_read', {
        conversationId: 'c1',
        messageIds: ['a'],
        readerId: 'u1',
        readerRole: 'customer',
        readAt: '2026-11-23T09:05:00+03:00',
      }),
    );
    // A store's message while the conversation is open: shown, and marked read once more.
    act(() =>
      socket.fire('new_message', createChatMessage('c1', 'bb', 'merchant', 'Table 4, by the window')),
    );
    const shown = screen.getAllByTestId('chat-message').map((m) => m.textContent ?? '');
    expect(shown).toHaveLength(2);
    expect(shown[1]).toContain('Table 4, by the window');
    await waitFor(() =>
      expect(chatCalls().filter((call) => call === 'POST /chat/conversations/c1/read')).toHaveLength(2),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(chatCalls().filter((call) => call.startsWith('POST'))).toHaveLength(2);
    expect(chatCalls().filter((call) => call === 'GET /chat/user/conversations')).toHaveLength(1);
  });
});
