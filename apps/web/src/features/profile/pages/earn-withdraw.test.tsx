import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubFetchByRoute } from '../../../test/render';
import { EarnPage } from './earn-page';

let routes: Record<string, () => Response>;
let fetchMock: ReturnType<typeof stubFetchByRoute>;

function renderEarn() {
  renderRoutes(
    [
      { path: '/profile/earn', element: <EarnPage /> },
      { path: '/profile/settings', element: <p>Settings page</p> },
    ],
    '/profile/earn',
  );
}

const base = {
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
  latestWithdrawal: null as unknown,
};

const withdrawal = (status: 'pending' | 'completed' | 'failed', extra: Record<string, unknown> = {}) => ({
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

function serveEarnings(earnings: typeof base) {
  routes['GET /users/earnings'] = () =>
    json({ success: true, earnings, referralLink: earnings.referralLink });
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'test-token');
  routes = { 'GET /users/earning-activities': () => json({ success: true, activities: [] }) };
  fetchMock = stubFetchByRoute((key) => routes[key]?.() ?? json({ success: true }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const withdrawCalls = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => init?.method === 'POST' && String(input).includes('/withdraw'),
  );

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
    routes['POST /users/earnings/withdraw'] = () => {
      serveEarnings({ ...base, currentBalance: 0.5, latestWithdrawal: withdrawal('pending') });
      return json({ success: true, withdrawal: withdrawal('pending') }, 202);
    };
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
    routes['POST /users/earnings/withdraw'] = () =>
      json(
        {
          success: false,
          code: 'WITHDRAWAL_PHONE_NOT_VERIFIED',
          message: 'server wording that the page must not depend on',
        },
        400,
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
