import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT_TOKEN_KEY } from '../lib/auth-token';
import { cleanUpAfterEach, json, merchantToken, renderMerchant, stubApi } from '../test/render';
import { MerchantBell, merchantPathOf } from './merchant-bell';

const token = () => merchantToken();

const notification = (id: string, title: string, actionUrl: string | null, read = false) => ({
  id,
  type: 'new_message',
  title,
  message: `Message ${id}`,
  priority: 'normal',
  read,
  isRead: read,
  createdAt: new Date().toISOString(),
  timeAgo: '5m ago',
  actionUrl,
});

let calls: string[];

beforeEach(() => {
  window.localStorage.setItem(MERCHANT_TOKEN_KEY, token());
  calls = [];
  stubApi(({ method, path }) => {
    calls.push(`${method} ${path}`);
    if (path.endsWith('/notifications/counts')) {
      return json({ success: true, data: { total: 2, unread: 12, byType: {} } });
    }
    if (path.endsWith('/notifications')) {
      const list = [
        notification('n1', 'New message from Amina', '/merchant/chat'),
        notification('n2', 'New review', '/merchant/reviews', true),
      ];
      return json({ success: true, data: { notifications: list } });
    }
    return json({ success: true, data: {} });
  });
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
    expect(calls).toContain('PUT /notifications/n1/read');
  });

  it('follows only links inside the merchant site', () => {
    expect(merchantPathOf('/merchant/chat')).toBe('/chat');
    expect(merchantPathOf('/merchant')).toBe('/');
    expect(merchantPathOf('/booking-details/1')).toBeNull();
    expect(merchantPathOf('//evil.example/merchant/x')).toBeNull();
    expect(merchantPathOf(null)).toBeNull();
  });
});
