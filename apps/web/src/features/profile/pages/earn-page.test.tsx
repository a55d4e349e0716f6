import {
  type TEarningActivity,
  ZEarningActivitiesResponse,
  ZEarningsResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { EarnPage } from './earn-page';

function renderEarn() {
  renderRoutes(
    [
      { path: '/profile/earn', element: <EarnPage /> },
      { path: '/accounts/sign-in', element: <p>Sign in page</p> },
    ],
    '/profile/earn',
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/profile/earn', () => {
  /** The server: the customer's earnings and these activities. */
  function serveEarnings(activities: TEarningActivity[]) {
    mswServer.use(
      api.get('/users/earnings', () =>
        wire(ZEarningsResponse, { success: true, earnings, referralLink: earnings.referralLink }),
      ),
      api.get('/users/earning-activities', () =>
        wire(ZEarningActivitiesResponse, { success: true, activities }),
      ),
    );
  }

  const earnings = {
    totalEarned: 1.8,
    currentBalance: 1.8,
    referralCount: 2,
    pendingRewards: 4.5,
    totalReferralBookings: 1,
    averageEarningPerBooking: 1.8,
    successRate: 50,
    referralLink: 'https://d3.example/accounts/sign-up?ref=amina-njeri-3f9a1c',
    referralSlug: 'amina-njeri-3f9a1c',
  };

  it('shows the real figures, the link, Copy with Copied! for 2 s, WhatsApp, and the activity', async () => {
    window.localStorage.setItem('token', 'test-token');
    serveEarnings([
      {
        id: 'a1',
        description: 'Brian M. completed an offer booking',
        date: '2026-11-20T10:00:00Z',
        amount: 1.8,
        status: 'credited',
      },
    ]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderEarn();
    expect(await screen.findByDisplayValue(earnings.referralLink)).toBeTruthy();
    expect(screen.getByTestId('stat-Total Earned').textContent).toMatch(/1\.80/);
    expect(screen.getByTestId('stat-Total Referrals').textContent).toBe('2');
    expect(screen.getByTestId('stat-Pending Rewards').textContent).toMatch(/4\.50/);
    expect(screen.getByText('How Referral Earnings Work')).toBeTruthy();
    expect(await screen.findByText('Brian M. completed an offer booking')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toContain(
      'https://wa.me/?text=',
    );

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(earnings.referralLink);
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('Share Link uses the native share when there is one, else copies', async () => {
    window.localStorage.setItem('token', 'test-token');
    serveEarnings([]);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderEarn();
    await screen.findByDisplayValue(earnings.referralLink);
    expect(screen.getByText('No referral activity yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share Link' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: earnings.referralLink })),
    );
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Share Link' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
  });
});
