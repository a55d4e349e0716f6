import { ZRescheduleOptionsResponse, ZUserBookingsResponse } from '@d3/shared/bookings/booking-schemas';
import { ZWaitlistResponse } from '@d3/shared/bookings/waitlist-schemas';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { createI18n } from '@d3/ui';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSiteI18n, siteI18nOrDefault } from '../../../lib/locale';
import bookingSw from '../../../locales/booking/sw.messages.json';
import shellSw from '../../../locales/sw.messages.json';
import { renderRoutes } from '../../../test/render';
import type { TBooking, TUserBookingsResponse } from '../api/booking-types';
import { shortDayLabel } from '../lib/booking-dates';
import { CHANGE_MESSAGES, MY_BOOKINGS_MESSAGES } from '../lib/booking-messages';
import { BOOKING_ID, bookingBody, fail, json, signedInPerTest } from '../test/booking-fixtures';
import { MyBookingsPage } from './my-bookings-page';

const SECOND_ID = '11111111-2222-4333-8444-555555555555';

function listBody(
  bookings: TBooking[],
  overrides: Partial<TUserBookingsResponse> = {},
): TUserBookingsResponse {
  return {
    success: true,
    bookings,
    pagination: { page: 1, limit: 12, total: bookings.length, totalPages: 1, hasNextPage: false },
    summary: {
      total: bookings.length,
      upcoming: bookings.length,
      past: 0,
      pending: 0,
      confirmed: bookings.length,
      checked_in: 0,
      completed: 0,
      cancelled: 0,
    },
    ...overrides,
  };
}

let list: (url: URL) => Response;
let cancelAnswer: () => Response;
let rescheduleAnswer: () => Response;
let seen: TSeenRequest[];

const listCalls = () =>
  seen.map((request) => request.url).filter((url) => url.pathname === '/api/v1/bookings/user');

signedInPerTest();

beforeEach(() => {
  list = () =>
    wire(
      ZUserBookingsResponse,
      listBody([
        bookingBody(),
        bookingBody({
          id: SECOND_ID,
          canCancel: false,
          canReschedule: false,
          Offer: {
            id: 'o2',
            title: 'Hair Braiding',
            discount: 20,
            originalPrice: 2000,
            discountedPrice: 1600,
            imageUrl: null,
          },
        }),
      ]),
    );
  cancelAnswer = () =>
    json({
      success: true,
      message: 'Booking cancelled successfully',
      booking: bookingBody({ status: 'cancelled' }),
    });
  rescheduleAnswer = () =>
    json({ success: true, message: 'Booking rescheduled successfully', booking: bookingBody() });
  seen = recordRequests();
  mswServer.use(
    // The waitlists above the tabs (issue 36; components/my-waitlist.test.tsx).
    api.get('/bookings/waitlist', () => wire(ZWaitlistResponse, { success: true, entries: [] })),
    api.get('/bookings/user', ({ request }) => list(new URL(request.url))),
    api.put(`/bookings/${BOOKING_ID}/cancel`, () => cancelAnswer()),
    api.put(`/bookings/${BOOKING_ID}/reschedule`, () => rescheduleAnswer()),
    api.get(`/bookings/${BOOKING_ID}/reschedule-options`, () =>
      wire(ZRescheduleOptionsResponse, {
        success: true,
        options: [
          {
            date: '2030-01-08',
            slots: [
              { time: '09:00', startTime: '2030-01-08T09:00:00+03:00' },
              { time: '14:00', startTime: '2030-01-08T14:00:00+03:00' },
            ],
          },
          { date: '2030-01-09', slots: [{ time: '10:00', startTime: '2030-01-09T10:00:00+03:00' }] },
        ],
      }),
    ),
  );
});

function timeButtons(group: HTMLElement): [string, string][] {
  return within(group)
    .getAllByRole('button')
    .map((button) => [button.textContent ?? '', button.getAttribute('aria-pressed') ?? '']);
}

function renderPage(path = '/profile/bookings') {
  return renderRoutes([{ path: '/profile/bookings', element: <MyBookingsPage /> }], path);
}

describe('My Bookings', () => {
  it('shows the title, the count and cards linking to their details; actions only where allowed', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: MY_BOOKINGS_MESSAGES.title })).toBeTruthy();
    expect(screen.getByText(MY_BOOKINGS_MESSAGES.subtitle)).toBeTruthy();
    expect(screen.getByText(MY_BOOKINGS_MESSAGES.loading)).toBeTruthy();
    expect(await screen.findByText('2 bookings in total')).toBeTruthy();

    const first = screen.getByRole('article', { name: '60-Minute Swedish Massage' });
    expect(within(first).getByRole('link', { name: '60-Minute Swedish Massage' }).getAttribute('href')).toBe(
      `/booking-details/${BOOKING_ID}`,
    );
    expect(within(first).getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Hair Braiding' });
    expect(within(second).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Cancel' })).toBeNull();

    // Upcoming is the first tab; it asks the server for upcoming bookings, 12 per page.
    const first_call = listCalls()[0];
    expect(first_call?.searchParams.get('status')).toBe('upcoming');
    expect(first_call?.searchParams.get('limit')).toBe('12');
    expect(screen.getByRole('tab', { name: 'Upcoming (2)' }).getAttribute('aria-selected')).toBe('true');
  });

  it("with no bookings at all: 'No bookings yet', Browse Offers and Book Services", async () => {
    list = () => json(listBody([]));
    renderPage();
    expect(await screen.findByRole('heading', { name: MY_BOOKINGS_MESSAGES.emptyTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Offers' }).getAttribute('href')).toBe('/hotdeals');
    expect(screen.getByRole('link', { name: 'Book Services' }).getAttribute('href')).toBe('/stores');
  });

  it("filters by search (after 300 ms), type and tab, each tab with its count (Past too); nothing matching says 'No bookings found'", async () => {
    list = (url) =>
      url.searchParams.get('search') || url.searchParams.get('bookingType')
        ? json(
            listBody([], {
              summary: {
                total: 5,
                upcoming: 2,
                past: 2,
                pending: 0,
                confirmed: 2,
                checked_in: 0,
                completed: 2,
                cancelled: 1,
              },
            }),
          )
        : json(listBody([bookingBody()]));
    renderPage();
    await screen.findByRole('article', { name: '60-Minute Swedish Massage' });

    fireEvent.change(screen.getByPlaceholderText(MY_BOOKINGS_MESSAGES.searchPlaceholder), {
      target: { value: 'yoga' },
    });
    expect(await screen.findByRole('heading', { name: MY_BOOKINGS_MESSAGES.noneFoundTitle })).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('search')).toBe('yoga');
    expect(screen.queryByRole('link', { name: 'Browse Offers' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Booking type'), { target: { value: 'service' } });
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('bookingType')).toBe('service'));

    // Every tab says its count, Past too (it showed none: the summary had no past count).
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Upcoming (2)',
      'Past (2)',
      'Cancelled (1)',
      'All (5)',
    ]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Past (2)' }));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('status')).toBe('past'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Cancelled (1)' }));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('status')).toBe('cancelled'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All (5)' }));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.has('status')).toBe(false));
    expect(listCalls().at(-1)?.searchParams.get('search')).toBe('yoga');
  });

  it('pages through 12 at a time', async () => {
    list = (url) =>
      json(
        listBody([bookingBody({ id: url.searchParams.get('page') === '2' ? SECOND_ID : BOOKING_ID })], {
          pagination: {
            page: Number(url.searchParams.get('page')),
            limit: 12,
            total: 20,
            totalPages: 2,
            hasNextPage: true,
          },
          summary: {
            total: 20,
            upcoming: 20,
            past: 0,
            pending: 0,
            confirmed: 20,
            checked_in: 0,
            completed: 0,
            cancelled: 0,
          },
        }),
      );
    renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('cancels after asking, with an optional reason, and reloads', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: '60-Minute Swedish Massage' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    expect(within(dialog).getByText('60-Minute Swedish Massage')).toBeTruthy();
    expect(dialog.textContent).toContain('7 Jan 2030 at 10:00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    fireEvent.change(within(again).getByLabelText('Reason (optional)'), { target: { value: 'Travelling' } });
    const callsBefore = listCalls().length;
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(CHANGE_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = seen.find((request) => request.method === 'PUT');
    await waitFor(() => expect(put?.body).not.toBe(''));
    expect(JSON.parse(String(put?.body))).toEqual({ reason: 'Travelling' });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(callsBefore));
  });

  it('shows the cancellation policy when the server refuses', async () => {
    cancelAnswer = () => fail(400, CHANGE_MESSAGES.cancelPolicy, 'CANCELLATION_NOT_ALLOWED');
    renderPage();
    const card = await screen.findByRole('article', { name: '60-Minute Swedish Massage' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(CHANGE_MESSAGES.cancelPolicy);
    expect(within(dialog).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
  });

  it('reschedules to a real free slot: a day, then a time of that day; the time is required; closing resets', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: '60-Minute Swedish Massage' });
    fireEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Booking' });
    expect(dialog.textContent).toContain('Currently 7 Jan 2030 at 10:00');
    expect(within(dialog).getByText(CHANGE_MESSAGES.rescheduleNote)).toBeTruthy();
    const days = await within(dialog).findByRole('group', { name: '1. Choose a day' });
    expect(
      within(days)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Tue, 8 Jan, 2 times free', 'Wed, 9 Jan, 1 time free']);
    // The first day with free times is shown; only its own times are offered, none chosen yet.
    const times = () => within(dialog).getByRole('group', { name: /^2\. Choose a time on/ });
    expect(timeButtons(times())).toEqual([
      ['09:00', 'false'],
      ['14:00', 'false'],
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule Booking' }));
    expect(await within(dialog).findByText(CHANGE_MESSAGES.chooseNewTime)).toBeTruthy();
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);

    // Another day shows that day's times only, and a time chosen on one day is dropped.
    fireEvent.click(within(times()).getByRole('button', { name: '14:00' }));
    fireEvent.click(within(days).getByRole('button', { name: /Wed, 9 Jan/ }));
    expect(within(dialog).getByText('2. Choose a time on Wed, 9 Jan')).toBeTruthy();
    expect(timeButtons(times())).toEqual([['10:00', 'false']]);

    // Closing forgets the choice and the reason.
    fireEvent.click(within(times()).getByRole('button', { name: '10:00' }));
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Clash' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const reopened = await screen.findByRole('dialog', { name: 'Reschedule Booking' });
    const reopenedTimes = await within(reopened).findByRole('group', { name: /^2\. Choose a time on/ });
    expect(within(reopened).getByText('2. Choose a time on Tue, 8 Jan')).toBeTruthy();
    expect(timeButtons(reopenedTimes).every(([, pressed]) => pressed === 'false')).toBe(true);
    expect((within(reopened).getByLabelText('Reason (optional)') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(within(reopenedTimes).getByRole('button', { name: '14:00' }));
    fireEvent.click(within(reopened).getByRole('button', { name: 'Reschedule Booking' }));
    expect(await screen.findByText(CHANGE_MESSAGES.rescheduled)).toBeTruthy();
    const put = seen.find((request) => request.method === 'PUT');
    await waitFor(() => expect(put?.body).not.toBe(''));
    expect(JSON.parse(String(put?.body))).toEqual({ newStartTime: '2030-01-08T14:00:00+03:00' });
  });

  it('a taken slot keeps the dialog open with the message and fresh choices', async () => {
    rescheduleAnswer = () =>
      fail(409, 'This time slot is no longer available. Please select a different time.', 'SLOT_TAKEN');
    renderPage();
    const card = await screen.findByRole('article', { name: '60-Minute Swedish Massage' });
    fireEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Booking' });
    const days = await within(dialog).findByRole('group', { name: '1. Choose a day' });
    const optionCalls = () =>
      seen.filter((request) => request.url.pathname.endsWith('/reschedule-options')).length;
    const before = optionCalls();
    fireEvent.click(within(days).getByRole('button', { name: /Wed, 9 Jan/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '10:00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule Booking' }));
    expect(
      await within(dialog).findByText(
        'This time slot is no longer available. Please select a different time.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '10:00' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(optionCalls()).toBeGreaterThan(before));
  });
});

describe('My Bookings in Kiswahili', () => {
  it('shows the reschedule and cancel dialogs in Kiswahili, days and counts included', async () => {
    const english = siteI18nOrDefault();
    setSiteI18n(createI18n('sw', { ...shellSw, ...bookingSw }));
    try {
      renderPage();
      const card = await screen.findByRole('article', { name: '60-Minute Swedish Massage' });
      fireEvent.click(within(card).getByRole('button', { name: 'Badili Muda' }));
      const dialog = await screen.findByRole('dialog', { name: 'Badili Muda wa Nafasi' });
      expect(dialog.textContent).toMatch(/Kwa sasa: 7 \S+ 2030 saa 10:00/);
      const days = await within(dialog).findByRole('group', { name: '1. Chagua siku' });
      expect(
        within(days)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([
        `${shortDayLabel('2030-01-08', 'sw')}, nyakati 2 ziko wazi`,
        `${shortDayLabel('2030-01-09', 'sw')}, muda 1 uko wazi`,
      ]);
      expect(shortDayLabel('2030-01-08', 'sw')).not.toBe(shortDayLabel('2030-01-08', 'en'));
      expect(
        within(dialog).getByRole('group', { name: `2. Chagua saa ya ${shortDayLabel('2030-01-08', 'sw')}` }),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Acha' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      fireEvent.click(within(card).getByRole('button', { name: 'Ghairi' }));
      const cancel = await screen.findByRole('dialog', { name: 'Ghairi Nafasi' });
      expect(within(cancel).getByRole('button', { name: 'Endelea na Nafasi' })).toBeTruthy();
      expect(within(cancel).getByRole('button', { name: 'Ghairi Nafasi' })).toBeTruthy();
      expect(within(cancel).getByText('Sababu (si lazima)')).toBeTruthy();
    } finally {
      cleanup();
      setSiteI18n(english);
    }
  });
});
