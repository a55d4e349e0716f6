import { EventEmitter } from 'node:events';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setToken } from '../lib/auth-token';
import { setSocketFactory } from '../lib/socket';
import { liveToken } from '../test/api-fixtures';
import { renderRoutes } from '../test/render';
import { NotificationBell } from './notification-bell';

const fetchMock = vi.fn<typeof fetch>();

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
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function notification(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'booking_confirmed',
    title: `Title ${id}`,
    message: `Message ${id}`,
    priority: 'normal',
    read: false,
    isRead: false,
    createdAt: new Date().toISOString(),
    timeAgo: '5m ago',
    actionUrl: null,
    ...overrides,
  };
}

function serve(list: unknown[], unread: number) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/notifications/counts')) {
      return json({ success: true, data: { total: list.length, unread, byType: {} } });
    }
    if (url.pathname.endsWith('/notifications')) {
      return json({ success: true, data: { notifications: list, pagination: {} } });
    }
    return json({ success: true, data: {} });
  });
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
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
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
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/v1/notifications/urgent/read');
  });

  it('Mark all read calls the API and clears the badge', async () => {
    serve([notification('a')], 1);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/notifications/mark-all-read') && init?.method === 'PUT',
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
    const requestsBefore = fetchMock.mock.calls.length;

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
    expect(fetchMock.mock.calls.length).toBe(requestsBefore);
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
});
