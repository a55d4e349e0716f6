import { type TSplitView, ZPayShareResponse, ZSplitResponse } from '@d3/shared/payments/split-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SplitLinkPage } from './split-link-page';

let tokens = 0;
/** A token of its own per test: the app's query cache outlives a test. */
let TOKEN = '';

function sample(overrides: Partial<TSplitView> = {}): TSplitView {
  return {
    id: '3b9f2c1e-8d4a-4c6b-9e2f-1a2b3c4d5e6f',
    status: 'open',
    partySize: 3,
    totalAmount: 68,
    paidAmount: 24,
    holdExpiresAt: '2030-01-07T09:45:00+03:00',
    token: null,
    booking: {
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      status: 'pending',
      startTime: '2030-01-07T10:00:00+03:00',
      offerTitle: '60-Minute Swedish Massage',
      storeName: 'Savannah Glow Spa',
      voucherCode: null,
    },
    shares: [
      {
        position: 0,
        amount: 24,
        status: 'paid',
        phoneNumber: '+254 7** *** 678',
        isOrganiser: true,
        refundReceipt: null,
      },
      {
        position: 1,
        amount: 22,
        status: 'pending',
        phoneNumber: '+254 7** *** 111',
        isOrganiser: false,
        refundReceipt: null,
      },
      { position: 2, amount: 22, status: 'open', phoneNumber: null, isOrganiser: false, refundReceipt: null },
    ],
    ...overrides,
  };
}

let current: TSplitView;
let seen: TSeenRequest[];

beforeEach(() => {
  tokens += 1;
  TOKEN = `Xy7_k2Lm9Qw3Er5Ty8Ui0Op1As4Df${String(tokens).padStart(3, '0')}`;
  window.sessionStorage.clear();
  current = sample();
  seen = recordRequests();
  mswServer.use(
    api.get(`/payments/splits/link/${TOKEN}`, () => wire(ZSplitResponse, { success: true, split: current })),
  );
});

// Each test mounts its own page (the earlier one would still answer the queries below).
afterEach(cleanup);

function renderPage() {
  renderRoutes([{ path: '/split/:token', element: <SplitLinkPage /> }], `/split/${TOKEN}`);
}

describe('the share link page (issue 34)', () => {
  it('shows the booking, who has paid, and lets a friend pay the open share from their own number', async () => {
    mswServer.use(
      api.post(`/payments/splits/link/${TOKEN}/pay`, () => {
        current = sample({
          shares: current.shares.map((share) =>
            share.position === 2 ? { ...share, status: 'pending', phoneNumber: '+254 7** *** 222' } : share,
          ),
        });
        return wire(ZPayShareResponse, {
          success: true,
          message: 'Payment request sent. Enter your M-Pesa PIN on your phone to complete the payment.',
          share: { position: 2, amount: 22 },
          payment: { id: 'p-2', status: 'pending', checkoutRequestId: 'ws_CO_1' },
        });
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Split with friends' })).toBeTruthy();
    expect(screen.getByText('Waiting for everyone to pay')).toBeTruthy();
    expect(within(screen.getByTestId('share-0')).getByText('Paid')).toBeTruthy();
    expect(within(screen.getByTestId('share-1')).getByText('Waiting for M-Pesa PIN')).toBeTruthy();

    const phone = screen.getByLabelText('M-Pesa phone number');
    fireEvent.change(phone, { target: { value: '0712' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay KSh 22 with M-Pesa' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid phone number');
    fireEvent.change(phone, { target: { value: '0712 222 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay KSh 22 with M-Pesa' }));
    expect((await screen.findByTestId('my-share')).textContent).toBe(
      'Your share: KSh 22 · Waiting for M-Pesa PIN',
    );
    const pay = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(String(pay?.body))).toEqual({ phoneNumber: '0712 222 222' });
  });

  it("says 'Refunded' with the receipt to a friend whose share went back after the time ran out", async () => {
    window.sessionStorage.setItem(`d3-split-share:${TOKEN}`, '2');
    current = sample({
      status: 'lapsed',
      holdExpiresAt: null,
      shares: sample().shares.map((share) =>
        share.position === 2
          ? { ...share, status: 'refunded', phoneNumber: '+254 7** *** 222', refundReceipt: 'QX12AB34CD' }
          : share,
      ),
    });
    renderPage();
    expect((await screen.findByTestId('my-share')).textContent).toBe(
      'Your share: KSh 22 · Refunded: receipt QX12AB34CD',
    );
    expect(screen.getByText('The time to pay ran out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay KSh/ })).toBeNull();
  });

  it('shows the voucher once every share is paid', async () => {
    current = sample({
      status: 'paid',
      paidAmount: 68,
      holdExpiresAt: null,
      booking: { ...sample().booking, status: 'confirmed', voucherCode: 'D3-9E8D-7C6B' },
      shares: sample().shares.map((share) => ({
        ...share,
        status: 'paid',
        phoneNumber: share.phoneNumber ?? '+254 7** *** 222',
      })),
    });
    renderPage();
    expect(await screen.findByText('Booking confirmed')).toBeTruthy();
    expect(screen.getByTestId('split-voucher').textContent).toBe('D3-9E8D-7C6B');
  });

  it('tells the visitor a link that is not valid, by its code', async () => {
    mswServer.use(api.get(`/payments/splits/link/${TOKEN}`, () => apiError('SPLIT_NOT_FOUND')));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This split link is not valid. Ask your friend to share it again.',
    );
  });
});
