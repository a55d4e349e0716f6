import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { EarnPage } from './earn-page';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const page = (items: unknown[], total = items.length, totalPages = 1) => ({
  success: true,
  requests: items,
  data: items,
  pagination: { page: 1, currentPage: 1, limit: 6, total, totalPages, hasNextPage: totalPages > 1 },
});

let routes: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderAt(path: string, element: React.ReactNode, pattern = path) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/accounts/sign-in', element: <p>Sign in page</p> },
      ...(path.startsWith('/service-request/')
        ? []
        : [{ path: '/service-request/:id', element: <p>Request page</p> }]),
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  routes = {};
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
    const handler = routes[key];
    if (handler) return handler();
    if (key === 'GET /request-service/categories') {
      return json({ success: true, categories: [{ name: 'Beauty & Spa', count: 1 }] });
    }
    return json({ success: true });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const callsTo = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && String(input).includes(path),
  );

describe('/profile/earn', () => {
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
    routes['GET /users/earnings'] = () =>
      json({ success: true, earnings, referralLink: earnings.referralLink });
    routes['GET /users/earning-activities'] = () =>
      json({
        success: true,
        activities: [
          {
            id: 'a1',
            description: 'Brian M. completed an offer booking',
            date: '2026-11-20T10:00:00Z',
            amount: 1.8,
            status: 'credited',
          },
        ],
      });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/profile/earn', <EarnPage />);
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
    routes['GET /users/earnings'] = () =>
      json({ success: true, earnings, referralLink: earnings.referralLink });
    routes['GET /users/earning-activities'] = () => json({ success: true, activities: [] });
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderAt('/profile/earn', <EarnPage />);
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
