import { ZMerchantWaitlistResponse } from '@d3/shared/bookings/waitlist-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanUpAfterEach, renderMerchant, signInMerchant } from '../../../test/render';
import { minutesLeft, SlotWaitlists } from './slot-waitlists';

// Issue 36: the merchant sees each upcoming full slot's line, in order, and the place offered with
// its expiry.

const STORE_ID = '00000000-0000-4000-8000-000000000001';

cleanUpAfterEach();
beforeEach(() => {
  signInMerchant();
});

const renderPanel = () => renderMerchant([{ path: '*', element: <SlotWaitlists storeId={STORE_ID} /> }]);

describe('the store’s waitlists', () => {
  it('lists each slot’s line in order, with the offered place and when its hold ends', async () => {
    const seen = recordRequests();
    const expires = new Date(Date.now() + 9 * 60_000 + 30_000).toISOString();
    mswServer.use(
      api.get('/bookings/merchant/waitlist', () =>
        wire(ZMerchantWaitlistResponse, {
          success: true,
          slots: [
            {
              storeId: STORE_ID,
              storeName: 'Kinyozi Bora',
              title: 'Fade Haircut',
              startTime: '2030-01-07T08:00:00.000Z',
              branchId: `store-${STORE_ID}`,
              waiting: [
                {
                  id: 'w1',
                  customerName: 'Amina O.',
                  status: 'offered',
                  offerExpiresAt: expires,
                  createdAt: '2030-01-01T08:00:00.000Z',
                },
                {
                  id: 'w2',
                  customerName: 'Baraka K.',
                  status: 'waiting',
                  offerExpiresAt: null,
                  createdAt: '2030-01-01T09:00:00.000Z',
                },
              ],
            },
          ],
        }),
      ),
    );
    renderPanel();
    const slot = await screen.findByRole('heading', { level: 3, name: 'Fade Haircut · 7 Jan 2030, 11:00' });
    const line = within(slot.closest('li')!).getAllByRole('listitem');
    expect(line.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1\.Amina O\.Offered a place · held until \d\d:\d\d \((10|9) min left\)$/),
      '2.Baraka K.Waiting',
    ]);
    expect(seen[0]?.url.searchParams.get('storeId')).toBe(STORE_ID);
  });

  it('says when nobody waits', async () => {
    mswServer.use(
      api.get('/bookings/merchant/waitlist', () =>
        wire(ZMerchantWaitlistResponse, { success: true, slots: [] }),
      ),
    );
    renderPanel();
    expect(await screen.findByText('No one is waiting for a full time.')).toBeTruthy();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    mswServer.use(
      api.get('/bookings/merchant/waitlist', () =>
        fail
          ? apiError('NOT_FOUND', 'Not found')
          : wire(ZMerchantWaitlistResponse, { success: true, slots: [] }),
      ),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No one is waiting for a full time.')).toBeTruthy();
  });

  it('minutesLeft rounds up and stops at 0', () => {
    const now = Date.parse('2030-01-07T08:00:00.000Z');
    expect(minutesLeft('2030-01-07T08:14:01.000Z', now)).toBe(15);
    expect(minutesLeft('2030-01-07T08:00:00.000Z', now)).toBe(0);
    expect(minutesLeft('2030-01-07T07:59:00.000Z', now)).toBe(0);
  });
});
