import {
  type TChatMessage,
  type TConversation,
  ZAttachmentResponse,
  ZConversationListResponse,
  ZMessageResponse,
  ZMessagesResponse,
  ZReadResponse,
} from '@d3/shared/chat/chat-schemas';
import { MERCHANT_CANNED_REPLY, MERCHANT_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { createChatMessage } from '@d3/test-support/chat-factories';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, meBody, meHandler, renderMerchant, signInMerchant } from '../../test/render';
import { ChatPage } from './pages/chat-page';

// A fake Socket.IO client: records what the page emits and lets the test play server events.
const socket = await vi.hoisted(async () => new (await import('@d3/test-support/fake-socket')).FakeSocket());
vi.mock('@d3/api-client/socket', async (original) => ({
  ...(await original<typeof import('@d3/api-client/socket')>()),
  connectSocket: () => socket,
}));

const STORE = '00000000-0000-4000-8000-000000000001';
const CONV = '00000000-0000-4000-8000-0000000000c1';
const CONV2 = '00000000-0000-4000-8000-0000000000c2';

function conversation(id: string, name: string, unread: number, last: string): TConversation {
  return {
    id,
    storeId: STORE,
    customerId: `u-${id}`,
    store: {
      id: STORE,
      name: 'Kinyozi Bora',
      avatar: null,
      logo_url: null,
      category: 'Beauty',
      online: true,
    },
    customer: { id: `u-${id}`, name, customerSince: '2026-10-01', priority: 'normal', online: false },
    lastMessage: last,
    lastMessageTime: '2026-11-23T09:00:00+03:00',
    unreadCount: unread,
    createdAt: '2026-11-20T09:00:00+03:00',
  };
}

function message(id: string, sender: 'customer' | 'merchant', content: string, status = 'sent') {
  return createChatMessage(CONV, id, sender, content, status as TChatMessage['status']);
}

const ME = meBody([{ id: STORE, name: 'Kinyozi Bora', category: 'Beauty', location: 'Westlands' }]);

let conversations: TConversation[];
let sent: Array<Record<string, unknown>>;
let reads: string[];
/** GETs of the conversation list. */
let listReads: number;

beforeEach(() => {
  signInMerchant();
  socket.handlers.clear();
  socket.emitted.length = 0;
  sent = [];
  reads = [];
  listReads = 0;
  conversations = [
    conversation(CONV, 'Amina Njeri', 2, 'Do you have a slot on Saturday?'),
    conversation(CONV2, 'Brian Otieno', 0, 'Thanks!'),
  ];
  const page = (total: number) => ({ page: 1, limit: 20, total, totalPages: 1, hasNextPage: false });
  mswServer.use(
    meHandler(ME),
    api.get('/chat/merchant/conversations', () => {
      listReads += 1;
      return wire(ZConversationListResponse, {
        success: true,
        data: conversations,
        pagination: page(conversations.length),
        unreadTotal: conversations.reduce((sum, each) => sum + each.unreadCount, 0),
      });
    }),
    api.get(`/chat/conversations/${CONV}/messages`, () => {
      const messages = [message('a', 'customer', 'Do you have a slot on Saturday?')];
      return wire(ZMessagesResponse, { success: true, data: messages, messages, pagination: page(1) });
    }),
    api.post('/chat/conversations/:id/read', ({ request }) => {
      reads.push(new URL(request.url).pathname.replace('/api/v1', ''));
      return wire(ZReadResponse, {
        success: true,
        data: { conversationId: CONV, updated: 1, readAt: '2026-11-23T09:05:00+03:00' },
      });
    }),
    api.post('/chat/attachments', ({ request }) => {
      sent.push({ upload: request.headers.get('Content-Type') });
      return wire(
        ZAttachmentResponse,
        { success: true, data: { url: `/media/chat/${CONV}.png`, contentType: 'image/png', size: 4 } },
        201,
      );
    }),
    api.post('/chat/messages', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return wire(
        ZMessageResponse,
        { success: true, data: message('bbb', 'merchant', String(body.content)) },
        201,
      );
    }),
  );
});

cleanUpAfterEach();

function renderChat(path = '/chat') {
  renderMerchant([{ path: '/chat', element: <ChatPage /> }], path);
}

describe('merchant chat inbox', () => {
  it('lists the conversations of the stores with their unread counts', async () => {
    renderChat();
    const rows = await screen.findAllByTestId('conversation');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Amina Njeri')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('unread-count').textContent).toBe('2 unread');
    expect(within(rows[1]!).queryByTestId('unread-count')).toBeNull();
    expect(screen.getByTestId('chat-welcome').textContent).toBe('2 unread messages in 2 conversations');

    fireEvent.change(screen.getByLabelText('Search customers...'), { target: { value: 'brian' } });
    expect(screen.getAllByTestId('conversation')).toHaveLength(1);
  });

  it('says no counts in its welcome until the conversations answer', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mswServer.use(
      api.get('/chat/merchant/conversations', async () => {
        await answered;
        return wire(ZConversationListResponse, {
          success: true,
          data: conversations,
          pagination: { page: 1, limit: 20, total: 2, totalPages: 1, hasNextPage: false },
          unreadTotal: 2,
        });
      }),
    );
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Your customer messages' })).toBeTruthy();
    expect(screen.queryByTestId('chat-welcome')).toBeNull();
    await act(async () => answer?.());
    expect((await screen.findByTestId('chat-welcome')).textContent).toBe(
      '2 unread messages in 2 conversations',
    );
  });

  it('shows the empty state when no customer has written', async () => {
    conversations = [];
    renderChat();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });

  it('opens a conversation, marks it read and sends a reply with a tick', async () => {
    renderChat();
    fireEvent.click((await screen.findAllByTestId('conversation'))[0]!);
    expect(await screen.findByText('Do you have a slot on Saturday?', { selector: 'p' })).toBeTruthy();
    expect(reads).toEqual([`/chat/conversations/${CONV}/read`]);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Yes, 10 AM is free.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Yes, 10 AM is free.')).toBeTruthy();
    expect(sent).toEqual([
      { conversationId: CONV, content: 'Yes, 10 AM is free.', clientMessageId: expect.any(String) },
    ]);
    expect(screen.getByRole('img', { name: 'sent' })).toBeTruthy();

    // The customer opens it: the socket's read mark turns the tick into two blue ones.
    act(() => socket.fire('messages_read', { conversationId: CONV, messageIds: ['bbb'] }));
    expect((await screen.findByRole('img', { name: 'read' })).getAttribute('data-status')).toBe('read');
  });

  it('puts a quick reply or the canned reply in the box and sends it', async () => {
    renderChat(`/chat?c=${CONV}`);
    await screen.findByRole('heading', { name: 'Amina Njeri' });
    const replies = within(screen.getByRole('list', { name: 'Quick replies' })).getAllByRole('button');
    expect(replies).toHaveLength(9);

    fireEvent.click(screen.getByRole('button', { name: 'Standard reply' }));
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(box.value).toBe(MERCHANT_CANNED_REPLY);
    expect(box.value).toContain('free delivery on orders over KES 2,000');
    expect(box.value).toContain('Monday to Friday, 9 AM to 6 PM');

    fireEvent.click(screen.getByRole('button', { name: MERCHANT_QUICK_REPLIES[3] }));
    expect(box.value).toBe('Please arrive 10 minutes before your appointment.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Please arrive 10 minutes before your appointment.', { selector: 'p' }),
    ).toBeTruthy();
    expect(sent).toEqual([
      { conversationId: CONV, content: MERCHANT_QUICK_REPLIES[3], clientMessageId: expect.any(String) },
    ]);
  });

  it('shows a customer message and typing live from the socket and acknowledges delivery; the open conversation is marked read once per customer message, and the list read once after each mark', async () => {
    renderChat(`/chat?c=${CONV}`);
    await screen.findByRole('heading', { name: 'Amina Njeri' });
    await screen.findAllByTestId('chat-message');
    act(() => socket.fire('connect'));
    expect(socket.emitted).toContainEqual(['join_conversation', { conversationId: CONV }]);

    act(() => socket.fire('typing_start', { conversationId: CONV, role: 'customer' }));
    expect(screen.getByTestId('typing').textContent).toBe('Amina Njeri is typing...');

    act(() => socket.fire('new_message', message('cccc', 'customer', 'See you at 10 then.')));
    expect(await screen.findByText('See you at 10 then.')).toBeTruthy();
    expect(screen.queryByTestId('typing')).toBeNull();
    expect(socket.emitted).toContainEqual(['message_delivered', { messageId: 'cccc' }]);
    // Opening read 'a'; the live message is read once more, and the list is read once after each.
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(listReads).toBe(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(reads).toEqual([`/chat/conversations/${CONV}/read`, `/chat/conversations/${CONV}/read`]);
    expect(listReads).toBe(3);
  });

  it('sends an image attachment as an image message, and refuses a file that is not an image', async () => {
    renderChat(`/chat?c=${CONV}`);
    await screen.findByRole('heading', { name: 'Amina Njeri' });
    const input = screen.getByLabelText('Attach image') as HTMLInputElement;

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'price-list.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert').textContent).toContain('Attached files must be images');

    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'shop.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('img', { name: 'Attachment preview' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { upload: 'image/png' },
      {
        conversationId: CONV,
        content: '',
        messageType: 'image',
        attachmentUrl: `/media/chat/${CONV}.png`,
        clientMessageId: expect.any(String),
      },
    ]);
  });

  it('a reply whose send failed goes again with the same client message id; the next reply gets a new one (issue 35)', async () => {
    let fail = true;
    mswServer.use(
      api.post('/chat/messages', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (fail) {
          fail = false;
          return apiError('INTERNAL', 'Internal error');
        }
        return wire(
          ZMessageResponse,
          { success: true, data: message('bbb', 'merchant', String(body.content)) },
          201,
        );
      }),
    );
    renderChat(`/chat?c=${CONV}`);
    await screen.findByRole('heading', { name: 'Amina Njeri' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Yes, 10 AM is free.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    // The text is given back; sent again as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Yes, 10 AM is free.', { selector: 'p' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'See you then.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    const ids = sent.map((body) => (body as { clientMessageId?: string }).clientMessageId);
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});
