import { type TSplitView, ZSplitResponse } from '@d3/shared/payments/split-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SplitWithFriends } from './split-with-friends';

afterEach(cleanup);

const made: TSplitView = {
  id: '3b9f2c1e-8d4a-4c6b-9e2f-1a2b3c4d5e6f',
  status: 'open',
  partySize: 3,
  totalAmount: 68,
  paidAmount: 0,
  holdExpiresAt: '2030-01-07T09:45:00+03:00',
  token: 'Xy7_k2Lm9Qw3Er5Ty8Ui0Op1As4Df6Gh',
  booking: {
    id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    status: 'pending',
    startTime: '2030-01-07T10:00:00+03:00',
    offerTitle: 'Massage',
    storeName: 'Spa',
    voucherCode: null,
  },
  shares: [],
};

function renderSplit(placesLeft: number, onSlotTaken = () => {}) {
  return renderRoutes(
    [
      {
        path: '/booking/offer/o1',
        element: (
          <SplitWithFriends
            offerId="11111111-1111-4111-8111-111111111111"
            date="2030-01-07"
            time="10:00"
            branchId="store-1"
            staffId={null}
            notes="Birthday"
            feePerPlace={22.5}
            placesLeft={placesLeft}
            defaultPhone="0712345678"
            onSlotTaken={onSlotTaken}
          />
        ),
      },
      { path: '/split-booking/:id', element: <h1>Split page</h1> },
    ],
    '/booking/offer/o1',
  );
}

describe("'Split with friends' on the review step (issue 34)", () => {
  it('shows the shares (the organiser absorbs the rounding), sends the group and the numbers named, and opens the live page', async () => {
    const seen = recordRequests();
    mswServer.use(
      api.post('/payments/splits', () => wire(ZSplitResponse, { success: true, split: made }, 201)),
    );
    const router = renderSplit(4);
    fireEvent.click(screen.getByRole('button', { name: 'Split with friends' }));
    const size = screen.getByLabelText('People, you included');
    expect([...(size as HTMLSelectElement).options].map((option) => option.value)).toEqual(['2', '3', '4']);
    fireEvent.change(size, { target: { value: '3' } });
    expect(screen.getByTestId('split-shares').textContent).toBe('Your share KSh 24 · each friend KSh 22');
    fireEvent.change(screen.getByLabelText('Friend 1 phone number'), { target: { value: '0711 111 111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Split and pay my KSh 24' }));
    expect(await screen.findByRole('heading', { name: 'Split page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/split-booking/${made.id}`);
    const sent = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(String(sent?.body))).toEqual({
      offerId: '11111111-1111-4111-8111-111111111111',
      startTime: '2030-01-07T10:00:00+03:00',
      branchId: 'store-1',
      notes: 'Birthday',
      partySize: 3,
      phoneNumber: '0712345678',
      friends: [{ phoneNumber: '0711 111 111' }],
    });
  });

  it('offers nothing when fewer than 2 places are left, and reloads the times when the slot was taken', async () => {
    renderSplit(1);
    expect(screen.queryByRole('button', { name: 'Split with friends' })).toBeNull();
    cleanup();
    const onSlotTaken = vi.fn();
    mswServer.use(api.post('/payments/splits', () => apiError('SLOT_TAKEN')));
    renderSplit(2, onSlotTaken);
    fireEvent.click(screen.getByRole('button', { name: 'Split with friends' }));
    fireEvent.click(screen.getByRole('button', { name: /^Split and pay my/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This time slot is no longer available. Please select a different time.',
    );
    expect(onSlotTaken).toHaveBeenCalledTimes(1);
  });
});
