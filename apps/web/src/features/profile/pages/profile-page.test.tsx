import { type TUser, ZCurrentUserResponse } from '@d3/shared/accounts/accounts-schemas';
import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import type { ErrorCode } from '@d3/shared/api/error-codes';
import { ZServiceStatisticsResponse } from '@d3/shared/engagement/engagement-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { currentUser } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { PROFILE_MESSAGES, ProfilePage, SESSION_REDIRECT_DELAY_MS } from './profile-page';

const USER: TUser = {
  ...currentUser,
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  isPhoneVerified: false,
  dark_mode: false,
  referralSlug: 'amina-o',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const STATS = { totalBookings: 2, totalFavorites: 6, followedStores: 1, rewardPoints: 40 };

/** null: the statistics load; otherwise the API's error with that code (and the table's status). */
let statsError: { code: ErrorCode; message?: string } | null = null;
let assign: MockInstance<Location['assign']>;

const currentUserAnswer = (user: TUser) => wire(ZCurrentUserResponse, { success: true, data: { user } });

function renderAt(path = '/profile') {
  return renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/accounts/sign-in', element: <h1>Sign in page</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  statsError = null;
  // The API client's own 401 rule also runs; the page's 2 s redirect is what this file tests.
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  mswServer.use(
    api.get('/users/current', () => currentUserAnswer(USER)),
    api.get('/users/service-statistics', () =>
      statsError
        ? apiError(statsError.code, statsError.message)
        : wire(ZServiceStatisticsResponse, { success: true, ...STATS, data: STATS }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ProfilePage load failures', () => {
  it('shows the dashboard when both calls succeed', async () => {
    renderAt();
    expect(await screen.findByText('Welcome back, Amina!')).toBeTruthy();
    expect(screen.getByText('Email Verified')).toBeTruthy();
  });

  it('a 401 says the session expired, then goes to sign-in after 2 s (not before)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    statsError = { code: 'SESSION_EXPIRED', message: 'Session expired' };
    const router = renderAt();
    expect(await screen.findByText(PROFILE_MESSAGES.sessionExpired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    act(() => vi.advanceTimersByTime(SESSION_REDIRECT_DELAY_MS - 200));
    expect(router.state.location.pathname).toBe('/profile');
    await act(async () => vi.advanceTimersByTime(400));
    expect(router.state.location.pathname).toBe('/accounts/sign-in');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/profile')}`);
    expect(router.state.location.state).toEqual({ returnUrl: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    expect(assign).toHaveBeenCalled();
  });

  it('another failure shows Something went wrong with Try Again, which reloads', async () => {
    statsError = { code: 'NOT_FOUND', message: 'Boom' };
    const router = renderAt();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(PROFILE_MESSAGES.loadFailed)).toBeTruthy();
    expect(screen.queryByText(PROFILE_MESSAGES.sessionExpired)).toBeNull();
    statsError = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Welcome back, Amina!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });
});

describe('verify the phone later (issue 15)', () => {
  it('a customer who skipped verification sends a code from the profile, enters it and sees Phone Verified', async () => {
    let verified = false;
    const seen = recordRequests();
    mswServer.use(
      api.get('/users/current', () => currentUserAnswer({ ...USER, isPhoneVerified: verified })),
      api.post('/users/resend-otp', () =>
        wire(ZMessageResponse, { success: true, message: 'OTP resent successfully!' }),
      ),
      api.post('/users/verify-otp', async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        if (body.otp !== '246810') return apiError('OTP_INVALID', 'Invalid OTP. Please try again.');
        verified = true;
        return wire(ZMessageResponse, { success: true, message: 'Phone number verified successfully!' });
      }),
    );
    renderAt();
    expect(await screen.findByText('Welcome back, Amina!')).toBeTruthy();
    expect(screen.queryByText('Phone Verified')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    expect(dialog.textContent).toContain('+254 7** *** 678');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/We sent a 6-digit code/)).toBeTruthy();
    const sent = seen.find((request) => request.url.pathname.endsWith('/users/resend-otp'));
    await waitFor(() => expect(sent?.body).not.toBe(''));
    expect(JSON.parse(String(sent?.body))).toEqual({ phone: '+254712345678' });
    expect(
      (within(dialog).getByRole('button', { name: /Resend code in \d+s/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const boxes = within(dialog).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify Phone Number' }));
    expect(await within(dialog).findByText('Invalid OTP. Please try again.')).toBeTruthy();

    fireEvent.paste(within(dialog).getAllByRole('textbox')[0]!, {
      clipboardData: { getData: () => '246810' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify Phone Number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Phone Verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });

  it('a verified phone offers no Verify phone action', async () => {
    mswServer.use(api.get('/users/current', () => currentUserAnswer({ ...USER, isPhoneVerified: true })));
    renderAt();
    expect(await screen.findByText('Phone Verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });
});
