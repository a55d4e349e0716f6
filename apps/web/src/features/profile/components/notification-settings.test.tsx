import {
  type TAccountNotificationSettings,
  ZAccountNotificationSettingsResponse,
} from '@d3/shared/engagement/engagement-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { NotificationSettings } from './notification-settings';

let settings: TAccountNotificationSettings;
let seen: TSeenRequest[];

const answer = () => wire(ZAccountNotificationSettingsResponse, { success: true, settings, data: settings });

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  settings = { notifications: true, emailUpdates: false, smsAlerts: true, whatsapp: false };
  seen = recordRequests();
  mswServer.use(api.get('/users/notification-settings', answer));
});

afterEach(cleanup);

const whatsappSwitch = () => screen.findByRole('switch', { name: 'WhatsApp' });
const saves = () =>
  seen.filter((r) => r.method === 'PUT' && r.url.pathname.endsWith('/users/notification-settings'));

describe('Notification settings: the WhatsApp channel (issue 36)', () => {
  it('turns WhatsApp on with its own switch, beside push, e-mail and SMS', async () => {
    mswServer.use(
      api.put('/users/notification-settings', async ({ request }) => {
        settings = { ...settings, ...((await request.json()) as Partial<TAccountNotificationSettings>) };
        return answer();
      }),
    );
    renderRoutes(
      [{ path: '/profile/settings', element: <NotificationSettings token="test-token" /> }],
      '/profile/settings',
    );
    const toggle = await whatsappSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'true',
      'false',
    ]);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await screen.findByText('Notification settings updated');
    await waitFor(() => expect(saves().map((r) => r.body)).toEqual(['{"whatsapp":true}']));
  });

  it('says to verify the phone number when the server refuses WhatsApp, and puts the switch back', async () => {
    mswServer.use(api.put('/users/notification-settings', () => apiError('WHATSAPP_PHONE_NOT_VERIFIED')));
    renderRoutes(
      [{ path: '/profile/settings', element: <NotificationSettings token="test-token" /> }],
      '/profile/settings',
    );
    const toggle = await whatsappSwitch();
    fireEvent.click(toggle);
    await screen.findByText('Verify your phone number to get notifications on WhatsApp.');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});
