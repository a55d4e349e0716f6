import {
  type TEarnings,
  type TWithdrawal,
  ZEarningActivitiesResponse,
  ZEarningsResponse,
  ZWithdrawResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { EarnPage } from './earn-page';

let earnings: TEarnings;
let seen: TSeenRequest[];

function renderEarn() {
  renderRoutes(
    [
      { path: '/profile/earn', element: <EarnPage /> },
      { path: '/profile/settings', element: <p>Settings page</p> },
    ],
    '/profile/earn',
  );
}

const base: TEarnings = {
  totalEarned: 120.5,
  currentBalance: 120.5,
  referralCount: 3,
  pendingRewards: 0,
  totalReferralBookings: 4,
  averageEarningPerBooking: 30.13,
  successRate: 100,
  referralLink: 'https://d3.example/accounts/sign-up?ref=amina',
  referralSlug: 'amina',
  totalWithdrawn: 0,
  latestWithdrawal: null,
};

const withdrawal = (status: TWithdrawal['status'], extra: Partial<TWithdrawal> = {}): TWithdrawal => ({
  id: 'w1',
  amount: 120,
  status,
  phoneNumber: '+254 7** *** 678',
  createdAt: '2026-11-23T10:00:00Z',
  settledAt: status === 'pending' ? null : '2026-11-23T10:01:00Z',
  resultDesc: null,
  receipt: null,
  ...extra,
});

function serveEarnings(next: TEarnings) {
  earnings = next;
}

/** POST /users/earnings/withdraw answers with `answer` (a test that never withdraws registers none). */
function serveWithdraw(answer: () => Response) {
  mswServer.use(api.post('/users/earnings/withdraw', answer));
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  seen = recordRequests();
  mswServer.use(
    api.get('/users/earnings', () =>
      wire(ZEarningsResponse, { success: true, earnings, referralLink: earnings.referralLink }),
    ),
    api.get('/users/earning-activities', () =>
      wire(ZEarningActivitiesResponse, { success: true, activities: [] }),
    ),
  );
});

afterEach(() => {
  cleanup();
});

const withdrawCalls = () =>
  seen.filter((request) => request.method === 'POST' && request.url.pathname.includes('/withdraw'));

describe('/profile/earn Withdraw', () => {
  it('is disabled below KES 50 and says why', async () => {
    serveEarnings({ ...base, currentBalance: 49.9 });
    renderEarn();
    const button = await screen.findByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('The minimum withdrawal is KES 50.')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe('withdraw-minimum');
  });

  it('confirms, posts the withdrawal and shows it pending until M-Pesa answers', async () => {
    serveEarnings(base);
    serveWithdraw(() => {
      serveEarnings({ ...base, currentBalance: 0.5, latestWithdrawal: withdrawal('pending') });
      return wire(ZWithdrawResponse, { success: true, withdrawal: withdrawal('pending') }, 202);
    });
    renderEarn();
    const button = await screen.findByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw to M-Pesa?' });
    expect(within(dialog).getByText(/KSh 120 will be sent to your verified M-Pesa number/)).toBeTruthy();
    expect(withdrawCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));

    const pendingButton = await screen.findByRole('button', { name: 'Withdrawal pending' });
    expect((pendingButton as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('to +254 7** *** 678');
    expect(withdrawCalls()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a completed withdrawal with its receipt, and a failed one with nothing deducted', async () => {
    serveEarnings({
      ...base,
      currentBalance: 0.5,
      totalWithdrawn: 120,
      latestWithdrawal: withdrawal('completed', { receipt: 'TKN4ABCD12' }),
    });
    renderEarn();
    expect(
      await screen.findByText(/KSh 120 sent to M-Pesa \+254 7\*\* \*\*\* 678\. M-Pesa receipt TKN4ABCD12\./),
    ).toBeTruthy();
    cleanup();

    serveEarnings({
      ...base,
      latestWithdrawal: withdrawal('failed', {
        resultDesc: 'The balance is insufficient for the transaction.',
      }),
    });
    renderEarn();
    expect(
      await screen.findByText(
        'The withdrawal failed: The balance is insufficient for the transaction. Nothing was deducted.',
      ),
    ).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('switches on the error code: an unverified phone gets its message and a link to verify', async () => {
    serveEarnings(base);
    serveWithdraw(() =>
      apiError('WITHDRAWAL_PHONE_NOT_VERIFIED', 'server wording that the page must not depend on'),
    );
    renderEarn();
    const button = await screen.findByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verify your phone number to withdraw to M-Pesa.');
    expect(within(alert).getByRole('link', { name: 'Verify phone number' }).getAttribute('href')).toBe(
      '/profile/settings',
    );
  });
});
