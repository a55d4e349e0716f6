import { ZCurrentUserResponse } from '@d3/shared/accounts/accounts-schemas';
import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { ZBranchesResponse, ZStaffResponse } from '@d3/shared/bookings/booking-slot-schemas';
import {
  type TWaitlistEntry,
  ZWaitlistEntryResponse,
  ZWaitlistResponse,
} from '@d3/shared/bookings/waitlist-schemas';
import { ZServiceResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import {
  BRANCH_A,
  BRANCH_B,
  branch,
  currentUser,
  SERVICE_ID,
  serviceBody,
  signedInPerTest,
  slotsAnswer,
  waitlistEntry,
} from '../test/booking-fixtures';
import { BookPage } from './book-page';

// Issue 36: the waitlist in the booking wizard — a full time joined from the slot picker, the limits
// in the API's words, and the wizard opened from an offer (the held time chosen, the time left, the
// clear word once it lapsed).

const WAIT_ID = '2f0f5a1e-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
const FULL_START = '2030-01-07T11:00:00+03:00';

const entry = (overrides: Partial<TWaitlistEntry> = {}) => waitlistEntry({ id: WAIT_ID, ...overrides });

let seen: TSeenRequest[];
let waits: TWaitlistEntry[];

signedInPerTest();

beforeEach(() => {
  seen = recordRequests();
  waits = [];
  const branches = () =>
    wire(ZBranchesResponse, {
      success: true,
      branches: [branch(BRANCH_A, 'Kilimani'), branch(BRANCH_B, 'Westlands')],
      branch: branch(BRANCH_A, 'Kilimani'),
    });
  mswServer.use(
    api.get('/users/current', () =>
      wire(ZCurrentUserResponse, { success: true, data: { user: currentUser } }),
    ),
    api.get(`/services/${SERVICE_ID}`, () =>
      wire(ZServiceResponse, { success: true, service: serviceBody() }),
    ),
    api.get(`/bookings/services/${SERVICE_ID}/branch`, branches),
    api.get(`/bookings/services/${SERVICE_ID}/staff`, () =>
      wire(ZStaffResponse, { success: true, staff: [] }),
    ),
    api.get('/bookings/slots/unified', () => slotsAnswer({ accessFee: 0, accessFeeAmount: 0 })),
    api.get('/bookings/waitlist', () => wire(ZWaitlistResponse, { success: true, entries: waits })),
    api.post('/bookings/waitlist', () => {
      waits = [entry({ startTime: '2030-01-07T08:00:00.000Z', position: 1 })];
      return wire(ZWaitlistEntryResponse, { success: true, entry: waits[0]! }, 201);
    }),
    api.delete(`/bookings/waitlist/entries/${WAIT_ID}`, () => {
      const left = entry({ status: 'cancelled', position: null });
      waits = [];
      return wire(ZWaitlistEntryResponse, { success: true, entry: left });
    }),
  );
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/booking/service/:serviceId', element: <BookPage /> },
      { path: '/accounts/sign-in', element: <p>Sign in page</p> },
    ],
    path,
  );
}

async function pickFirstDay() {
  const quick = await screen.findByRole('group', { name: 'Quick select' });
  fireEvent.click((await within(quick).findAllByRole('button'))[0]!);
}

const calls = (method: string, path: string) =>
  seen.filter((request) => request.method === method && request.url.pathname === `/api/v1${path}`);

describe('the waitlist of a full time in the slot picker', () => {
  it('a signed-in customer joins a full time’s waitlist, sees they are on it and in which place, and leaves it', async () => {
    renderAt(`/booking/service/${SERVICE_ID}`);
    await pickFirstDay();
    const full = await screen.findByRole('button', { name: /^11:00/ });
    expect(full.textContent).toContain('Full');
    fireEvent.click(full);
    expect(full.getAttribute('aria-pressed')).toBe('true');
    const panel = await screen.findByRole('region', { name: '11:00 is full' });
    // Pressing a full time does not choose it: the wizard still waits for a free time.
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(panel).getByRole('button', { name: 'Join waitlist' }));
    const onIt = await screen.findByRole('region', { name: "You're on the waitlist for 11:00" });
    expect(within(onIt).getByText('Number 1 in line')).toBeTruthy();
    expect(
      within(onIt).getByText("You're on the waitlist. We'll tell you if a place frees up."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^11:00/ }).textContent).toContain('On waitlist'),
    );
    // Keyboard focus moved from Join to Leave.
    expect(document.activeElement).toBe(within(onIt).getByRole('button', { name: 'Leave waitlist' }));
    const [join] = calls('POST', '/bookings/waitlist');
    await waitFor(() => expect(join?.body).not.toBe(''));
    expect(JSON.parse(join!.body)).toEqual({ startTime: FULL_START, serviceId: SERVICE_ID });

    fireEvent.click(within(onIt).getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByText('You left the waitlist for 11:00.')).toBeTruthy();
    expect(calls('DELETE', `/bookings/waitlist/entries/${WAIT_ID}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeTruthy();
  });

  it('shows the API’s words when the customer already waits for 5 times, and for a time joined twice', async () => {
    mswServer.use(api.post('/bookings/waitlist', () => apiError('WAITLIST_LIMIT')));
    renderAt(`/booking/service/${SERVICE_ID}`);
    await pickFirstDay();
    fireEvent.click(await screen.findByRole('button', { name: /^11:00/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_CODES.WAITLIST_LIMIT.message);
    expect(ERROR_CODES.WAITLIST_LIMIT.message).toBe(
      'You can wait for at most 5 time slots at once. Leave a waitlist to join another.',
    );

    mswServer.use(api.post('/bookings/waitlist', () => apiError('WAITLIST_ALREADY_JOINED')));
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You are already on the waitlist for this time slot.',
      ),
    );
  });

  it('lists the times of a fully booked day so one can be waited for', async () => {
    mswServer.use(
      api.get('/bookings/slots/unified', () =>
        slotsAnswer({
          accessFee: 0,
          accessFeeAmount: 0,
          availableSlots: [],
          detailedSlots: [
            { time: '10:00', startTime: '2030-01-07T10:00:00+03:00', available: 0, total: 1 },
            { time: '11:00', startTime: FULL_START, available: 0, total: 1 },
          ],
        }),
      ),
    );
    renderAt(`/booking/service/${SERVICE_ID}`);
    await pickFirstDay();
    expect(
      await screen.findByText('No available time slots for this date. Please try a different date.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^11:00/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByRole('region', { name: "You're on the waitlist for 11:00" })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in, and brings them back to the booking after', async () => {
    localStorage.clear();
    renderAt(`/booking/service/${SERVICE_ID}`);
    await pickFirstDay();
    fireEvent.click(await screen.findByRole('button', { name: /^11:00/ }));
    const panel = await screen.findByRole('region', { name: '11:00 is full' });
    expect(within(panel).getByText("Sign in to join this time's waitlist.")).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/accounts/sign-in?redirect=${encodeURIComponent(`/booking/service/${SERVICE_ID}`)}`,
    );
    expect(calls('GET', '/bookings/waitlist')).toHaveLength(0);
  });
});

describe('the wizard opened from a waitlist offer', () => {
  it('chooses the held time and branch, shows the time left, and moves on to book it', async () => {
    const expires = new Date(Date.now() + 10 * 60_000).toISOString();
    waits = [entry({ status: 'offered', position: null, offerExpiresAt: expires })];
    // The customer's own slot list counts their held place as open (the API reads the session).
    mswServer.use(
      api.get('/bookings/slots/unified', () =>
        slotsAnswer({
          accessFee: 0,
          accessFeeAmount: 0,
          availableSlots: ['09:00', '10:00', '11:00'],
          detailedSlots: [
            { time: '09:00', startTime: '2030-01-07T09:00:00+03:00', available: 2, total: 2 },
            { time: '10:00', startTime: '2030-01-07T10:00:00+03:00', available: 1, total: 2 },
            { time: '11:00', startTime: FULL_START, available: 1, total: 2 },
          ],
        }),
      ),
    );
    renderAt(`/booking/service/${SERVICE_ID}?waitlist=${WAIT_ID}`);
    const banner = await screen.findByRole('region', { name: 'A place is held for you' });
    expect(
      within(banner).getByText(/^Deep Tissue Massage at Serenity Spa, .*Book it before the time runs out\.$/),
    ).toBeTruthy();
    const timer = within(banner).getByRole('timer');
    expect(timer.textContent).toMatch(/^(10:00|9:[0-5]\d)$/);

    const held = await screen.findByRole('button', { name: /^11:00/ });
    await waitFor(() => expect(held.getAttribute('aria-pressed')).toBe('true'));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton.hasAttribute('disabled')).toBe(false);
    fireEvent.click(continueButton);
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 4: Location & Staff' });
    expect((screen.getByRole('radio', { name: /Kilimani/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says clearly that the held place expired once the time ran out', async () => {
    const expires = new Date(Date.now() + 1_500).toISOString();
    waits = [entry({ status: 'offered', position: null, offerExpiresAt: expires })];
    renderAt(`/booking/service/${SERVICE_ID}?waitlist=${WAIT_ID}`);
    expect(await screen.findByRole('region', { name: 'A place is held for you' })).toBeTruthy();
    // The server answers the lapsed hold as expired from now on.
    waits = [entry({ status: 'expired', position: null })];
    const over = await screen.findByRole('region', { name: 'Your held place has expired' });
    expect(
      within(over).getByText(
        'The time to book it ran out, so the place went to the next person in line. You can still choose another time.',
      ),
    ).toBeTruthy();
  });
});
