import {
  type TNotification,
  ZNotificationCountsResponse,
  ZNotificationListResponse,
  ZNotificationResponse,
} from '@d3/shared/notifications/notification-schemas';
import { SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { createNotification, serveNotificationReads } from '@d3/test-support/notification-factories';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, renderMerchant, signInMerchant } from '../test/render';
import { MerchantBell, merchantPathOf } from './merchant-bell';

/** The merchant's socket, as an emitter the test fires server events on (issue 37: the bell is live). */
const socket = await vi.hoisted(async () => new (await import('@d3/test-support/fake-socket')).FakeSocket());
vi.mock('@d3/api-client/socket', async (original) => ({
  ...(await original<typeof import('@d3/api-client/socket')>()),
  connectSocket: () => socket,
}));

/** A chat notification as the API sends it, leading to `actionUrl` when there is one. */
const notification = (id: string, title: string, actionUrl: string | null, read = false): TNotification =>
  createNotification(id, {
    type: 'new_message',
    title,
    read,
    actionUrl,
    actionType: actionUrl ? 'navigate' : null,
    team: 'Messages',
    icon: 'message',
  });

let seen: TSeenRequest[];
const calls = () => seen.map((request) => `${request.method} ${request.url.pathname.replace('/api/v1', '')}`);

beforeEach(() => {
  signInMerchant();
  const list = [
    notification('n1', 'New message from Amina', '/merchant/chat'),
    notification('n2', 'New review', '/merchant/reviews', true),
  ];
  const pagination = { currentPage: 1, totalPages: 1, totalCount: 2, limit: 10, hasNextPage: false };
  seen = recordRequests();
  mswServer.use(
    api.get('/notifications/counts', () =>
      wire(ZNotificationCountsResponse, {
        success: true,
        data: {
          total: 2,
          unread: 12,
          byType: { message: 12, booking: 0, offer: 0, service_request_offer: 0, store_follow: 0 },
        },
      }),
    ),
    api.get('/notifications', () =>
      wire(ZNotificationListResponse, {
        success: true,
        data: { notifications: list, pagination },
        pagination,
      }),
    ),
    api.put('/notifications/:id/read', ({ params }) => {
      const read = { ...notification(String(params.id), 'New message from Amina', '/merchant/chat', true) };
      return wire(ZNotificationResponse, { success: true, data: read, notification: read });
    }),
  );
});

cleanUpAfterEach();

function renderBell() {
  renderMerchant(
    [
      { path: '/', element: <MerchantBell /> },
      { path: '/chat', element: <p>chat inbox</p> },
    ],
    '/',
  );
}

describe('merchant bell', () => {
  it('shows the unread count as 9+, lists the newest and marks one read when followed', async () => {
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+ unread notifications');
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('New message from Amina')).toBeTruthy();
    expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(1);

    fireEvent.click(within(panel).getByText('New message from Amina'));
    expect(await screen.findByText('chat inbox')).toBeTruthy();
    expect(calls()).toContain('PUT /notifications/n1/read');
  });

  it('is live: a new notification goes to the top and the count follows the socket, with no new request', async () => {
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+ unread notifications');
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findByText('New message from Amina');
    const asked = calls().length;

    act(() => {
      socket.fire(SERVER_EVENTS.newNotification, {
        notification: notification('n3', 'New booking from Otieno', '/merchant/bookings'),
        unread: 3,
      });
    });
    expect(await within(panel).findByText('New booking from Otieno')).toBeTruthy();
    // The cache tells its watchers on the next tick (TanStack Query's notifier): wait for the render.
    await waitFor(() =>
      expect(screen.getByTestId('notification-badge').textContent).toBe('3 unread notifications'),
    );

    act(() => socket.fire(SERVER_EVENTS.notificationRead, { notificationIds: 'all', unread: 0 }));
    await waitFor(() => expect(within(panel).queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(calls().length).toBe(asked);
  });

  it('a read of the bell on its way when a notification is clicked does not bring its unread dot back', async () => {
    // The server as it is: a notification marked read reads read from then on.
    const list = serveNotificationReads(['n4', 'n5'], (id, read) =>
      notification(id, `Note ${id}`, null, read),
    );
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    let panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(2));
    // The tab comes back into view: the bell reads its list again, and that read is held on its way.
    list.hold();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(list.held()).toBe(true));
    fireEvent.click(within(panel).getByText('Note n4'));
    await waitFor(() => expect(calls()).toContain('PUT /notifications/n4/read'));
    await act(async () => list.release());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    if (!screen.queryByRole('region', { name: 'Notifications' }))
      fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(1);
    expect(
      within(panel).getByText('Note n4').closest('li')?.querySelector('[data-testid="unread-dot"]'),
    ).toBeNull();
  });

  it('follows only links inside the merchant site', () => {
    expect(merchantPathOf('/merchant/chat')).toBe('/chat');
    expect(merchantPathOf('/merchant')).toBe('/');
    expect(merchantPathOf('/booking-details/1')).toBeNull();
    expect(merchantPathOf('//evil.example/merchant/x')).toBeNull();
    expect(merchantPathOf(null)).toBeNull();
  });
});
