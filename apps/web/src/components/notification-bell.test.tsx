import { EventEmitter } from 'node:events';
import { ZConversationListResponse } from '@d3/shared/chat/chat-schemas';
import {
  type TNotification,
  ZNotificationCountsResponse,
  ZNotificationListResponse,
  ZNotificationResponse,
  ZUpdatedResponse,
} from '@d3/shared/notifications/notification-schemas';
import { createConversation } from '@d3/test-support/chat-factories';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { createNotification, serveNotificationReads } from '@d3/test-support/notification-factories';
import { createI18n } from '@d3/ui';
import uiSw from '@d3/ui/locales/sw.messages.json';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatUnread } from '../lib/api/chat-conversations';
import { clearTokens, getToken, setToken } from '../lib/auth-token';
import { setSiteI18n, siteI18nOrDefault } from '../lib/locale';
import { setSocketFactory } from '../lib/socket';
import shellSw from '../locales/sw.messages.json';
import { liveToken } from '../test/api-fixtures';
import { renderRoutes } from '../test/render';
import { NotificationBell } from './notification-bell';

let seen: TSeenRequest[];

/** Stands in for socket.io-client: `server(event, payload)` is the API pushing an event. */
class FakeSocket extends EventEmitter {
  connected = true;
  io = new EventEmitter();
  closed = false;
  close() {
    this.closed = true;
    return this;
  }
  server(event: string, payload: unknown) {
    act(() => {
      super.emit(event, payload);
    });
  }
}
let sockets: FakeSocket[] = [];

/** A notification as the API sends it (ZNotification), of a booking unless `overrides` say otherwise. */
const notification = createNotification;

const conversation = createConversation;

const BY_TYPE = { message: 0, booking: 0, offer: 0, service_request_offer: 0, store_follow: 0 };

/** The server: the notification list and counts, the customer's conversations, and the read marks. */
function serve(
  list: TNotification[],
  unread: number,
  options: { conversations?: ReturnType<typeof conversation>[]; unreadMessages?: number } = {},
) {
  const pagination = {
    currentPage: 1,
    totalPages: 1,
    totalCount: list.length,
    limit: 20,
    hasNextPage: false,
  };
  mswServer.use(
    api.get('/notifications/counts', () =>
      wire(ZNotificationCountsResponse, {
        success: true,
        data: { total: list.length, unread, byType: { ...BY_TYPE, message: options.unreadMessages ?? 0 } },
      }),
    ),
    api.get('/chat/user/conversations', () => {
      const conversations = options.conversations ?? [];
      return wire(ZConversationListResponse, {
        success: true,
        data: conversations,
        pagination: { page: 1, limit: 20, total: conversations.length, totalPages: 1, hasNextPage: false },
        unreadTotal: 0,
      });
    }),
    api.get('/notifications', () =>
      wire(ZNotificationListResponse, {
        success: true,
        data: { notifications: list, pagination },
        pagination,
      }),
    ),
    api.put('/notifications/mark-all-read', () =>
      wire(ZUpdatedResponse, {
        success: true,
        message: 'All marked read',
        data: { updated: unread, unread: 0 },
      }),
    ),
    api.put('/notifications/:id/read', ({ params }) => {
      const read = { ...notification(String(params.id)), read: true, isRead: true };
      return wire(ZNotificationResponse, { success: true, data: read, notification: read });
    }),
  );
}

function renderBell() {
  return renderRoutes(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/booking-details/:id', element: <p>booking page</p> },
    ],
    '/',
  );
}

beforeEach(() => {
  seen = recordRequests();
  sockets = [];
  setSocketFactory(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as never;
  });
  setToken(liveToken());
});
afterEach(() => {
  cleanup();
  clearTokens();
  setSocketFactory();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('is absent when signed out', () => {
    clearTokens();
    serve([], 0);
    renderBell();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it("shows '9+' above 9 and the seed's empty texts", async () => {
    serve([], 12);
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toContain('9+');
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('No notification yet')).toBeTruthy();
    expect(screen.getByText("You'll see notifications here when they are available")).toBeTruthy();
  });

  it('orders by priority, marks unread with a blue dot, and a click marks read and follows actionUrl', async () => {
    serve(
      [
        notification('low', { priority: 'low' }),
        notification('urgent', { priority: 'urgent', actionUrl: '/booking-details/b1' }),
        notification('read', { read: true, isRead: true }),
      ],
      2,
    );
    const router = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.font-semibold')?.textContent);
    expect(titles).toEqual(['Title urgent', 'Title read', 'Title low']);
    expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(2);
    fireEvent.click(within(panel).getByText('Title urgent'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-details/b1'));
    const put = seen.find((request) => request.method === 'PUT');
    expect(put?.url.href).toBe(new URL('/api/v1/notifications/urgent/read', window.location.href).href);
  });

  it('says when each notification came in the page’s language, not the server’s English', async () => {
    const minute = 60_000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const list = [
      notification('now', { createdAt: ago(5_000), timeAgo: 'Just now' }),
      notification('min', { createdAt: ago(5 * minute + 5_000), timeAgo: '5m ago' }),
      notification('hour', { createdAt: ago(3 * 60 * minute + 5_000), timeAgo: '3h ago' }),
      notification('day', { createdAt: ago(2 * 24 * 60 * minute + 5_000), timeAgo: '2d ago' }),
      notification('old', { createdAt: '2026-08-03T15:05:00.000Z', timeAgo: '3 Aug 2026' }),
    ];
    const times = async () => {
      const panel = await screen.findByRole('region', { name: /Notifications|Arifa/ });
      await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
      return Object.fromEntries(
        within(panel)
          .getAllByRole('listitem')
          .map((li) => [
            li.querySelector('.font-semibold')?.textContent,
            li.querySelector('.text-xs')?.textContent,
          ]),
      );
    };
    serve(list, 0);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await times()).toEqual({
      'Title now': 'Just now',
      'Title min': '5m ago',
      'Title hour': '3h ago',
      'Title day': '2d ago',
      'Title old': '3 Aug 2026',
    });
    cleanup();
    const english = siteI18nOrDefault();
    setSiteI18n(createI18n('sw', { ...shellSw, ...uiSw }));
    try {
      renderBell();
      fireEvent.click(await screen.findByRole('button', { name: /Arifa/ }));
      expect(await times()).toEqual({
        'Title now': 'Sasa hivi',
        'Title min': 'dak 5 zilizopita',
        'Title hour': 'saa 3 zilizopita',
        'Title day': 'siku 2 zilizopita',
        'Title old': '3 Ago 2026',
      });
    } finally {
      setSiteI18n(english);
    }
  });

  it('a read of the bell on its way when a notification is clicked does not bring its unread dot back', async () => {
    serve([notification('a'), notification('b')], 2);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(2));
    // The server as it is: a notification marked read reads read from then on.
    const list = serveNotificationReads(['a', 'b'], (id, read) =>
      notification(id, read ? { read: true, isRead: true } : {}),
    );
    list.hold();
    act(() => void window.dispatchEvent(new Event('notificationUpdate')));
    await waitFor(() => expect(list.held()).toBe(true));
    fireEvent.click(within(panel).getByText('Title a'));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    await act(async () => list.release());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    // The click closed the panel: open it again and read the dots.
    if (!screen.queryByRole('region', { name: 'Notifications' }))
      fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const again = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(again).getAllByTestId('unread-dot')).toHaveLength(1);
    expect(
      within(again).getByText('Title a').closest('li')?.querySelector('[data-testid="unread-dot"]'),
    ).toBeNull();
  });

  it('Mark all read calls the API and clears the badge', async () => {
    serve([notification('a')], 1);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(
        seen.some(
          (request) =>
            request.url.pathname.endsWith('/notifications/mark-all-read') && request.method === 'PUT',
        ),
      ).toBe(true),
    );
  });

  it('updates live from the socket: new_notification, notification_count_update and notification_read', async () => {
    serve([notification('old', { read: true, isRead: true })], 0);
    renderBell();
    const button = await screen.findByRole('button', { name: /Notifications/ });
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    const requestsBefore = seen.length;

    sockets[0]!.server('new_notification', {
      notification: notification('live', { title: 'Booking confirmed' }),
      unread: 1,
    });
    expect((await screen.findByTestId('notification-badge')).textContent).toContain('1');
    fireEvent.click(button);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Booking confirmed')).toBeTruthy();
    expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(1);

    sockets[0]!.server('notification_count_update', { unread: 12, total: 14 });
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toContain('9+'));

    sockets[0]!.server('notification_read', { notificationIds: ['live'], unread: 0 });
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(within(panel).queryAllByTestId('unread-dot')).toHaveLength(0);
    // All of it came by socket: no reload of the list or counts.
    expect(seen.length).toBe(requestsBefore);
  });

  it('shares one socket between the bell and other holders and lets go of it on unmount', async () => {
    serve([], 0);
    renderBell();
    await screen.findByRole('button', { name: /Notifications/ });
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.listenerCount('new_notification')).toBe(1);
    cleanup();
    expect(sockets[0]!.listenerCount('new_notification')).toBe(0);
  });

  it("chat notifications come from unread conversations and replace the server's message ones; a click reads one here only", async () => {
    serve(
      [
        notification('msg', { type: 'new_message', title: 'New message from Glow Spa (server)' }),
        notification('booked', { title: 'Booking Confirmed' }),
      ],
      3,
      {
        unreadMessages: 2,
        conversations: [conversation('See you at 10', 2)],
      },
    );
    // The bell stays on screen (as in the navbar) while the conversation opens below it.
    const router = renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <NotificationBell />
              <Outlet />
            </>
          ),
          children: [{ path: 'chat/Store/:id', element: <p>chat page</p> }],
        },
      ],
      '/',
    );
    // 3 unread, less the 2 of the message types, plus the one chat notification.
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toMatch(/^2/));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(within(panel).getByText('You have 2 unread messages')).toBeTruthy();
    expect(within(panel).getByText('See you at 10')).toBeTruthy();
    expect(within(panel).queryByText('New message from Glow Spa (server)')).toBeNull();
    fireEvent.click(within(panel).getByText('You have 2 unread messages'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/Store/s1'));
    expect(screen.getByText('chat page')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toMatch(/^1/));
    // Read here only: the API is never asked to mark a chat- id.
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('looks again every 30 s and when the tab becomes visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve([], 0);
      renderBell();
      const countsCalls = () =>
        seen.filter((request) => request.url.pathname.includes('/notifications/counts')).length;
      await waitFor(() => expect(countsCalls()).toBe(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(29_000);
      });
      expect(countsCalls()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      await waitFor(() => expect(countsCalls()).toBe(2));
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(countsCalls()).toBe(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for browser notifications only from a click, then shows a new one and closes it after 5 s', async () => {
    const shown: { title: string; body?: string; closed: boolean }[] = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      entry: { title: string; body?: string; closed: boolean };
      constructor(title: string, options?: NotificationOptions) {
        this.entry = { title, body: options?.body, closed: false };
        shown.push(this.entry);
      }
      close() {
        this.entry.closed = true;
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    serve([], 0);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const turnOn = await screen.findByRole('button', { name: 'Turn on browser notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(turnOn);
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Turn on browser notifications' })).toBeNull(),
    );
    await waitFor(() => expect(sockets).toHaveLength(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sockets[0]!.server('new_notification', {
        notification: notification('live', { title: 'Booking Confirmed', message: 'Glow Spa, 10:30' }),
        unread: 1,
      });
      await waitFor(() =>
        expect(shown).toEqual([{ title: 'Booking Confirmed', body: 'Glow Spa, 10:30', closed: false }]),
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4_900);
      });
      expect(shown[0]?.closed).toBe(false);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(shown[0]?.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a chat message arriving by socket shows as the store’s chat notification, counted once', async () => {
    const conversations: ReturnType<typeof conversation>[] = [];
    serve([], 0, { conversations });
    renderBell();
    const button = await screen.findByRole('button', { name: /Notifications/ });
    await waitFor(() => expect(sockets).toHaveLength(1));
    conversations.push(conversation('Your table is ready', 1));
    // What the server sends the customer's room for a store's message: the chat update, then its notification.
    sockets[0]!.server('customer_chat_update', { conversationId: 'c1', storeId: 's1' });
    sockets[0]!.server('new_notification', {
      notification: notification('m1', { type: 'new_message', title: 'New message from Glow Spa' }),
      unread: 1,
    });
    fireEvent.click(button);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Your table is ready')).toBeTruthy();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    // The server's unread 1 is the message itself: the badge counts it once, as the chat notification.
    expect(screen.getByTestId('notification-badge').textContent).toMatch(/^1/);
  });

  it('a store’s message the server sent no notification for (a socket of theirs still showed the chat) lights the chat badge and the bell, and a read elsewhere puts the badge out: one read of the conversations each, and no unread-count call', async () => {
    const conversations: ReturnType<typeof conversation>[] = [];
    serve([], 0, { conversations });
    const seen = recordRequests();
    const reads = () =>
      seen.filter((r) => r.url.pathname.startsWith('/api/v1/chat/')).map((r) => r.url.pathname);
    function ChatBadge() {
      const count = useChatUnread(getToken()).data;
      return <output aria-label="chat badge">{count ?? 'loading'}</output>;
    }
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <NotificationBell />
              <ChatBadge />
            </>
          ),
        },
      ],
      '/',
    );
    const badge = await screen.findByRole('status', { name: 'chat badge' });
    await waitFor(() => expect(badge.textContent).toBe('0'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    // Only the chat update: the server left the notification out (decided while the chat page's
    // socket of a moment ago still counted as viewing the conversation).
    expect(reads()).toEqual(['/api/v1/chat/user/conversations']);
    conversations.push(conversation('Reminder: bring your voucher code.', 1));
    sockets[0]!.server('customer_chat_update', { conversationId: 'c1', storeId: 's1' });
    await waitFor(() => expect(badge.textContent).toBe('1'));
    expect(reads()).toEqual(['/api/v1/chat/user/conversations', '/api/v1/chat/user/conversations']);
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Reminder: bring your voucher code.')).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toMatch(/^1/);
    // Read on another phone: the customer's room hears it, and the badge goes out here too.
    conversations[0] = conversation('Reminder: bring your voucher code.', 0);
    sockets[0]!.server('messages_read', {
      conversationId: 'c1',
      messageIds: ['m9'],
      readerId: 'u1',
      readerRole: 'customer',
      readAt: new Date().toISOString(),
    });
    await waitFor(() => expect(badge.textContent).toBe('0'));
    expect(reads()).toHaveLength(3);
    expect(new Set(reads())).toEqual(new Set(['/api/v1/chat/user/conversations']));
  });
});
