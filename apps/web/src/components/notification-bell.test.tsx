import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { clearTokens, setToken } from '../lib/auth-token';
import { NotificationBell } from './notification-bell';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function fakeToken() {
  const payload = btoa(
    JSON.stringify({ sub: 'u1', role: 'customer', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

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
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/booking-details/:id', element: <p>booking page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeToken());
});
afterEach(() => {
  cleanup();
  clearTokens();
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
});
