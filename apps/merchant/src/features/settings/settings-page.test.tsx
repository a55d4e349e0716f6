import {
  ZMerchantChangePasswordResponse,
  ZMerchantMessageResponse,
} from '@d3/shared/accounts/accounts-schemas';
import {
  NOTIFICATION_CENTRE_DEFAULTS,
  type TNotificationSettings,
  ZNotificationSettingsResponse,
} from '@d3/shared/engagement/engagement-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getMerchantToken } from '../../lib/auth-token';
import {
  apiFieldErrors,
  cleanUpAfterEach,
  meHandler,
  merchantToken,
  renderMerchant,
  signInMerchant,
  TEST_MERCHANT,
  withLocale,
} from '../../test/render';
import { SettingsPage } from './pages/settings-page';

const MERCHANT = TEST_MERCHANT;

const SETTINGS = NOTIFICATION_CENTRE_DEFAULTS;

const token = (version = 0) => merchantToken({ tv: version });

let sent: { method: string; path: string; body: unknown }[] = [];

/** PUT `path` answered by `answer`; what the page sent is recorded in `sent` before the answer. */
function put(path: string, answer: () => Response | Promise<Response>) {
  mswServer.use(
    api.put(path, async ({ request }) => {
      sent.push({ method: 'PUT', path, body: JSON.parse((await request.text()) || 'null') });
      return answer();
    }),
  );
}

/** GET or PUT /notifications/settings: these switches. */
const settingsBody = (settings: TNotificationSettings) =>
  wire(ZNotificationSettingsResponse, { success: true, settings, data: settings });

beforeEach(() => {
  signInMerchant(token());
  sent = [];
  mswServer.use(
    meHandler({ success: true, merchant: MERCHANT, stores: [] }),
    api.get('/notifications/settings', () => settingsBody(SETTINGS)),
  );
  renderMerchant([{ path: '*', element: <SettingsPage /> }]);
});

cleanUpAfterEach();

/** The API's refusal of a wrong current password (profile e-mail change and password change alike). */
const wrongCurrentPassword = () =>
  apiFieldErrors(
    'CURRENT_PASSWORD_INCORRECT',
    { currentPassword: 'Current password is incorrect' },
    'Current password is incorrect',
  );

const profile = () => screen.getByRole('form', { name: 'Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('Settings page', () => {
  it('profile: the shared schema checks the fields before sending; a saved profile says so', async () => {
    const firstName = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(firstName.value).toBe('Wambui');
    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12' } });
    fireEvent.submit(profile());
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid Kenyan phone number')).toBeTruthy();
    expect(sent).toEqual([]);

    put('/merchants/me', () =>
      wire(ZMerchantMessageResponse, {
        success: true,
        message: 'Profile updated successfully!',
        merchant: { ...MERCHANT, firstName: 'Achieng' },
      }),
    );
    fireEvent.change(firstName, { target: { value: 'Achieng' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712 345 678' } });
    fireEvent.submit(profile());
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/merchants/me',
        body: { firstName: 'Achieng', lastName: 'Karanja', phoneNumber: '+254712345678' },
      },
    ]);
  });

  it('profile: a new e-mail asks for the current password and shows the server’s refusal under it', async () => {
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.co.ke' } });
    const current = await within(profile()).findByLabelText('Current password');
    put('/merchants/me', wrongCurrentPassword);
    fireEvent.change(current, { target: { value: 'wrong-one' } });
    fireEvent.submit(profile());
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({ email: 'new@example.co.ke', currentPassword: 'wrong-one' });
  });

  it('password: mismatch is caught before sending; a wrong current password shows inline; success keeps this session with the new token', async () => {
    await screen.findByLabelText('New password');
    const form = passwordForm();
    const field = (label: string) => within(form).getByLabelText(label);
    fireEvent.change(field('Current password'), { target: { value: 'Old-pass-123' } });
    fireEvent.change(field('New password'), { target: { value: 'Brand-new-pass-1' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'Brand-new-pass-2' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(sent).toEqual([]);

    put('/merchants/change-password', wrongCurrentPassword);
    fireEvent.change(field('Confirm new password'), { target: { value: 'Brand-new-pass-1' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();

    const fresh = token(1);
    put('/merchants/change-password', () =>
      wire(ZMerchantChangePasswordResponse, {
        success: true,
        message: 'Password changed successfully',
        access_token: fresh,
      }),
    );
    fireEvent.submit(form);
    expect(await screen.findByText(/Password changed successfully/)).toBeTruthy();
    await waitFor(() => expect(getMerchantToken()).toBe(fresh));
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/merchants/change-password',
      body: { currentPassword: 'Old-pass-123', newPassword: 'Brand-new-pass-1' },
    });
    // The page stays (no reload into a loading state).
    expect(screen.getByRole('form', { name: 'Profile' })).toBeTruthy();
  });

  it('notifications: the switches load, save on change at once, and a failed save puts the switch back with the server’s message', async () => {
    const bookings = (await screen.findByRole('switch', { name: /Bookings/ })) as HTMLInputElement;
    expect(bookings.checked).toBe(true);
    expect(screen.getAllByRole('switch').map((s) => (s as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);

    let answer: (response: Response) => void = () => undefined;
    put(
      '/notifications/settings',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    fireEvent.click(bookings);
    // Optimistic: off while the server has not answered yet.
    await waitFor(() => expect(bookings.checked).toBe(false));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/notifications/settings', body: { bookings: false } });
    answer(settingsBody({ ...SETTINGS, bookings: false }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(bookings.checked).toBe(false);

    put('/notifications/settings', () =>
      apiError('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again shortly.'),
    );
    const messages = screen.getByRole('switch', { name: /Messages/ }) as HTMLInputElement;
    fireEvent.click(messages);
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(messages.checked).toBe(true);
    expect(bookings.checked).toBe(false);
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/notifications/settings',
      body: { messages: false },
    });
  });

  it('notifications: a failed load says so and Try again loads the switches', async () => {
    cleanup();
    mswServer.use(
      api.get('/notifications/settings', () =>
        apiError('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again shortly.'),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      withLocale(
        <QueryClientProvider client={client}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element: <SettingsPage /> }])} />
        </QueryClientProvider>,
      ),
    );
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    mswServer.use(api.get('/notifications/settings', () => settingsBody({ ...SETTINGS, offers: false })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const offers = (await screen.findByRole('switch', { name: /Offers/ })) as HTMLInputElement;
    expect(offers.checked).toBe(false);
  });
});
