import {
  type TWaitlistEntry,
  ZWaitlistEntryResponse,
  ZWaitlistResponse,
} from '@d3/shared/bookings/waitlist-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SERVICE_ID, STORE_ID, signedInPerTest, waitlistEntry } from '../test/booking-fixtures';
import { MyWaitlist } from './my-waitlist';

// Issue 36: My Bookings' waitlists — place in line, a held place with the time left and its link,
// Leave, and the loading / empty / error states.

const entry = (overrides: Partial<TWaitlistEntry>): TWaitlistEntry =>
  waitlistEntry({
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    branchId: `store-${STORE_ID}`,
    position: 2,
    ...overrides,
  });

const HELD_ID = 'a1b2c3d4-0000-4000-8000-000000000002';
let seen: TSeenRequest[];

signedInPerTest();
beforeEach(() => {
  seen = recordRequests();
});

const renderList = () =>
  renderRoutes([{ path: '/profile/bookings', element: <MyWaitlist /> }], '/profile/bookings');

describe('My Bookings: your waitlists', () => {
  it('lists the open waits with the place in line, a held place with its time left and Book now, and leaves one', async () => {
    let entries = [
      entry({}),
      entry({
        id: HELD_ID,
        title: 'Hot Stone Massage',
        status: 'offered',
        position: null,
        offerExpiresAt: new Date(Date.now() + 12 * 60_000).toISOString(),
      }),
      entry({
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        title: 'Old one',
        status: 'expired',
        position: null,
      }),
    ];
    mswServer.use(
      api.get('/bookings/waitlist', () => wire(ZWaitlistResponse, { success: true, entries })),
      api.delete('/bookings/waitlist/entries/:id', ({ params }) => {
        const left = entries.find((candidate) => candidate.id === params.id)!;
        entries = entries.filter((candidate) => candidate.id !== params.id);
        return wire(ZWaitlistEntryResponse, { success: true, entry: { ...left, status: 'cancelled' } });
      }),
    );
    renderList();
    expect(await screen.findByRole('heading', { name: /Your waitlists/ })).toBeTruthy();
    expect(await screen.findByText('2 of 5')).toBeTruthy();
    const waiting = screen.getByRole('article', { name: 'Deep Tissue Massage' });
    expect(within(waiting).getByText('Number 2 in line')).toBeTruthy();
    expect(within(waiting).queryByRole('link', { name: 'Book now' })).toBeNull();
    const held = screen.getByRole('article', { name: 'Hot Stone Massage' });
    expect(within(held).getByRole('timer').textContent).toMatch(/^(12:00|11:[0-5]\d)$/);
    expect(within(held).getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe(
      `/booking/service/${SERVICE_ID}?waitlist=${HELD_ID}`,
    );
    // A closed wait is not listed.
    expect(screen.queryByRole('article', { name: 'Old one' })).toBeNull();

    fireEvent.click(within(waiting).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Deep Tissue Massage' })).toBeNull());
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('1 of 5')).toBeTruthy();
  });

  it('says so when the customer waits for nothing', async () => {
    mswServer.use(
      api.get('/bookings/waitlist', () => wire(ZWaitlistResponse, { success: true, entries: [] })),
    );
    renderList();
    expect(
      await screen.findByText(
        "You're not on any waitlist. When a time is full, you can join its waitlist while booking.",
      ),
    ).toBeTruthy();
  });

  it('shows a failed load with Try Again, which reads the list again', async () => {
    let fail = true;
    mswServer.use(
      api.get('/bookings/waitlist', () =>
        fail
          ? apiError('NOT_FOUND', 'Not found')
          : wire(ZWaitlistResponse, { success: true, entries: [entry({})] }),
      ),
    );
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load your waitlists.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Deep Tissue Massage' })).toBeTruthy();
  });
});
