import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import type { ErrorCode } from '@d3/shared/api/error-codes';
import { ZBookingResponse, ZUserBookingsResponse } from '@d3/shared/bookings/booking-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import type { TBooking } from '../api/booking-types';
import { BOOKING_API_MESSAGES, DETAIL_MESSAGES } from '../lib/booking-messages';
import { BOOKING_ID, bookingBody, STORE_ID, signedInPerTest } from '../test/booking-fixtures';
import { BookingDetailsPage } from './booking-details-page';

let detail: () => Response | Promise<Response>;
let listed: TBooking[];
let seen: TSeenRequest[];

const detailCalls = () => seen.filter((request) => request.url.pathname === `/api/v1/bookings/${BOOKING_ID}`);

signedInPerTest();

const bookingAnswer = (booking: TBooking) => wire(ZBookingResponse, { success: true, booking });

/** GET /bookings/{id} answers with the sample booking changed by `overrides`. */
function answerBooking(overrides: Parameters<typeof bookingBody>[0]) {
  detail = () => bookingAnswer(bookingBody(overrides));
}

beforeEach(() => {
  answerBooking({ notes: 'Window seat please', specialRequests: 'Quiet room' });
  listed = [];
  seen = recordRequests();
  mswServer.use(
    api.get(`/bookings/${BOOKING_ID}`, () => detail()),
    // The customer's list: where the page looks for the booking when the detail call fails on the server.
    api.get('/bookings/user', () =>
      wire(ZUserBookingsResponse, {
        success: true,
        bookings: listed,
        pagination: {
          page: 1,
          limit: 100,
          total: listed.length,
          totalPages: listed.length ? 1 : 0,
          hasNextPage: false,
        },
        summary: {
          total: listed.length,
          upcoming: listed.length,
          past: 0,
          pending: 0,
          confirmed: listed.length,
          checked_in: 0,
          completed: 0,
          cancelled: 0,
        },
      }),
    ),
  );
});

function renderPage(path = `/booking-details/${BOOKING_ID}`) {
  renderRoutes(
    [
      { path: '/booking-details/:bookingId', element: <BookingDetailsPage /> },
      { path: '/profile/bookings/:bookingId', element: <BookingDetailsPage /> },
    ],
    path,
  );
}

describe('booking detail', () => {
  it('shows every section of a paid offer booking', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '60-Minute Swedish Massage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Bookings' }).getAttribute('href')).toBe(
      '/profile/bookings',
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Offer')).toBeTruthy();
    expect(within(header).getByText('Confirmed')).toBeTruthy();
    expect(within(header).getByText('7 Jan 2030 · 10:00–11:00')).toBeTruthy();

    const section = (name: string) =>
      screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
    expect(within(section('Location')).getByText('Kilimani')).toBeTruthy();
    expect(within(section('Staff')).getByText('Any available staff')).toBeTruthy();
    expect(within(section('Offer details')).getByText('30% off')).toBeTruthy();
    expect(within(section('Offer details')).getByText('KSh 3,500')).toBeTruthy();
    const payment = section('Payment');
    expect(within(payment).getByText('KSh 226')).toBeTruthy();
    expect(within(payment).getByText('Paid')).toBeTruthy();
    expect(within(payment).getByText('QK12ABC3DE')).toBeTruthy();
    const notes = section('Notes & special requests');
    expect(within(notes).getByText('Window seat please')).toBeTruthy();
    expect(within(notes).getByText('Quiet room')).toBeTruthy();
    const contact = section('Store contact');
    expect(within(contact).getByRole('link', { name: '+254700111222' }).getAttribute('href')).toBe(
      'tel:+254700111222',
    );
    expect(within(contact).getByRole('link', { name: 'hello@savannah.co.ke' }).getAttribute('href')).toBe(
      'mailto:hello@savannah.co.ke',
    );
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Booking' })).toBeTruthy();
    // Loaded at the first try: no 'loaded successfully' notice.
    expect(screen.queryByText(DETAIL_MESSAGES.loadedAfterRetry)).toBeNull();
  });

  it('a completed booking thanks the customer and links to the review form', async () => {
    answerBooking({ status: 'completed', canCancel: false, canReschedule: false });
    renderPage(`/profile/bookings/${BOOKING_ID}`);
    expect(await screen.findByText('Thank you for visiting Savannah Glow Spa!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leave a Review' }).getAttribute('href')).toBe(
      `/store/${STORE_ID}#reviews`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
  });

  it('a cancelled booking shows the reason', async () => {
    answerBooking({
      status: 'cancelled',
      cancelReason: 'Payment failed: Request cancelled by user',
      canCancel: false,
      canReschedule: false,
    });
    renderPage();
    expect(await screen.findByText('This booking was cancelled')).toBeTruthy();
    expect(screen.getByText('Reason: Payment failed: Request cancelled by user')).toBeTruthy();
  });

  it('Cancel says before confirming that the paid access fee is refunded, and until when cancelling is possible', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    const notice = within(dialog).getByTestId('access-fee-notice');
    expect(notice.textContent).toContain(
      'Your KSh 226 access fee will be refunded in full to the M-Pesa number that paid it.',
    );
    expect(notice.textContent).toContain('You can cancel until 7 Jan 2030 at 08:00.');
    expect(within(notice).getByRole('link', { name: 'Access fee policy' }).getAttribute('href')).toBe(
      '/terms#access-fee',
    );
  });

  it('an unpaid hold says cancelling costs nothing', async () => {
    answerBooking({ accessFeePaid: false, accessFeeOutcome: 'none' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    expect(within(dialog).getByTestId('access-fee-notice').textContent).toContain(
      'No access fee has been paid, so cancelling costs you nothing.',
    );
  });

  it.each([
    [
      'a cancelled paid booking says the access fee is being refunded',
      { cancelReason: 'Cancelled by the store', refundRequested: true, accessFeeOutcome: 'refund_due' },
      'Refund on its way',
      'This booking was cancelled, so the KSh 226 access fee is being refunded in full to the M-Pesa number that paid it.',
    ],
    [
      'a cancelled unpaid booking says nothing was charged',
      { accessFeePaid: false, accessFeeOutcome: 'none' },
      'Not charged',
      'This booking was cancelled before the access fee was paid: nothing was charged.',
    ],
  ] as const)('%s', async (_name, fee, outcome, explanation) => {
    answerBooking({ status: 'cancelled', canCancel: false, canReschedule: false, ...fee });
    renderPage();
    expect(await screen.findByText(outcome)).toBeTruthy();
    expect(screen.getByTestId('access-fee-outcome').textContent).toContain(explanation);
  });

  it.each([
    [
      "a refund that landed says 'Refunded' with M-Pesa's receipt",
      { status: 'completed', amount: 226, receipt: 'QX7RT5ZK2L', supportReference: null },
      'Refunded: receipt QX7RT5ZK2L',
      null,
    ],
    [
      'a refund support pays by hand says so, with the reference to quote',
      { status: 'failed', amount: 226, receipt: null, supportReference: 'RF-1A2B3C4D' },
      'We could not refund automatically; support will contact you',
      'Support reference: RF-1A2B3C4D',
    ],
  ] as const)('%s (issue 34)', async (_name, refund, text, detail) => {
    answerBooking({
      status: 'cancelled',
      canCancel: false,
      canReschedule: false,
      accessFeeOutcome: 'refund_due',
      Refund: refund,
    });
    renderPage();
    expect((await screen.findByTestId('fee-status')).textContent).toBe(text);
    if (detail) expect(screen.getByText(detail)).toBeTruthy();
    expect(screen.queryByTestId('access-fee-outcome')).toBeNull();
  });

  it("a payment M-Pesa is being asked about says 'Checking with M-Pesa' (issue 34)", async () => {
    answerBooking({
      status: 'pending',
      accessFeePaid: false,
      accessFeeOutcome: 'none',
      Payment: { id: 'p1', amount: 226, method: 'mpesa', status: 'checking', mpesaReceiptNumber: null },
    });
    renderPage();
    expect((await screen.findByTestId('fee-status')).textContent).toBe('Checking with M-Pesa');
  });

  it('shows the voucher code with a QR code of it, Directions to the map pin and a WhatsApp share', async () => {
    renderPage();
    const voucher = await screen.findByRole('region', { name: 'Your voucher' });
    expect(within(voucher).getByText('D3-9E8D-7C6B')).toBeTruthy();
    const qr = within(voucher).getByRole('img', { name: 'QR code of voucher D3-9E8D-7C6B' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real QR matrix: many dark modules drawn as one path.
    expect((qr.querySelectorAll('path')[1]?.getAttribute('d') ?? '').length).toBeGreaterThan(200);
    expect(within(voucher).getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-1.2921,36.7853',
    );
    const whatsapp = new URL(
      within(voucher).getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '',
    );
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
    const text = whatsapp.searchParams.get('text') ?? '';
    expect(text).toContain(
      "I've booked 60-Minute Swedish Massage at Savannah Glow Spa on 7 Jan 2030 at 10:00",
    );
    expect(text).toContain(`${window.location.origin}/offer/`);
  });

  it('no voucher for a cancelled booking or an unpaid access fee; sharing and directions stay', async () => {
    answerBooking({ accessFeePaid: false, accessFeeOutcome: 'none' });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Share on WhatsApp' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your voucher' })).toBeNull();
    expect(screen.queryByTestId('voucher-qr')).toBeNull();
    expect(screen.getByRole('link', { name: 'Directions' })).toBeTruthy();
  });

  it('shares with the native sheet when there is one, else copies the link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText(DETAIL_MESSAGES.linkCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/booking-details/${BOOKING_ID}`);

    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});

describe('booking detail load errors', () => {
  /** The API's code for each status; 418 is none of the API's (a proxy's answer): the page goes by the status. */
  const CODE_OF: Partial<Record<number, ErrorCode>> = {
    404: 'NOT_FOUND',
    400: 'VALIDATION_ERROR',
    403: 'FORBIDDEN',
  };
  it.each([
    [404, 'Booking not found', 'Booking Not Found', DETAIL_MESSAGES.notFoundHelp, 'View All Bookings'],
    [400, 'Invalid booking ID', 'Booking Not Found', DETAIL_MESSAGES.notFoundHelp, 'View All Bookings'],
    [403, 'nope', 'Access Denied', DETAIL_MESSAGES.forbidden, 'Back to My Bookings'],
    [418, 'teapot', 'Something Went Wrong', DETAIL_MESSAGES.general, 'Back to My Bookings'],
  ])('%i shows "%s"', async (status, serverMessage, title, message, link) => {
    const code = CODE_OF[status];
    detail = () =>
      code
        ? apiError(code, serverMessage)
        : wire(ZErrorResponse, { success: false, message: serverMessage, code: `HTTP_${status}` }, status);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/profile/bookings');
    expect(detailCalls()).toHaveLength(1); // no automatic retry for these
  });

  it("a lost connection shows 'Connection Problem' and Try Again loads it", async () => {
    let offline = true;
    detail = () => {
      if (offline) return HttpResponse.error();
      return bookingAnswer(bookingBody());
    };
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection Problem' })).toBeTruthy();
    expect(screen.getByText(DETAIL_MESSAGES.network)).toBeTruthy();
    expect(detailCalls()).toHaveLength(1);
    offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: '60-Minute Swedish Massage' })).toBeTruthy();
  });

  it('a server error retries after 1, 2 and 4 s, counting the attempts, then says it loaded', async () => {
    vi.useFakeTimers();
    const flush = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    let failures = 3;
    detail = () => (failures-- > 0 ? apiError('INTERNAL', 'boom') : bookingAnswer(bookingBody()));
    renderPage();
    await flush(0);
    expect(screen.getByText(/Retry attempt 1\/3/)).toBeTruthy();
    expect(detailCalls()).toHaveLength(1);

    await flush(999);
    expect(detailCalls()).toHaveLength(1);
    await flush(1);
    expect(detailCalls()).toHaveLength(2);

    await flush(1999);
    expect(detailCalls()).toHaveLength(2);
    expect(screen.getByText(/Retry attempt 2\/3/)).toBeTruthy();
    await flush(1);
    expect(detailCalls()).toHaveLength(3);

    await flush(3999);
    expect(detailCalls()).toHaveLength(3);
    expect(screen.getByText(/Retry attempt 3\/3/)).toBeTruthy();
    await flush(1);
    expect(detailCalls()).toHaveLength(4);
    // vi.waitFor moves the fake clock on while it waits for the render and the toast.
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: '60-Minute Swedish Massage' })).toBeTruthy(),
    );
    // (sonner keeps its toasts in module state, so an earlier test's toast may still be listed.)
    await vi.waitFor(() =>
      expect(screen.getAllByText(DETAIL_MESSAGES.loadedAfterRetry).length).toBeGreaterThan(0),
    );
    expect(detailCalls()).toHaveLength(4);
  });

  it("after three failed retries: 'Server Error' with Try Again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    detail = () => apiError('SERVICE_UNAVAILABLE', 'down');
    renderPage();
    await screen.findByText(/Retry attempt 1\/3/);
    await act(() => vi.advanceTimersByTimeAsync(1000 + 2000 + 4000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeTruthy();
    expect(screen.getByText(BOOKING_API_MESSAGES.server)).toBeTruthy();
    expect(detailCalls()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('on a server error the booking is looked up in the customer list (up to 100)', async () => {
    detail = () => apiError('INTERNAL', 'boom');
    listed = [bookingBody({ notes: 'From the list' })];
    renderPage();
    expect(await screen.findByText('From the list')).toBeTruthy();
    const list = seen.find((request) => request.url.pathname === '/api/v1/bookings/user');
    expect(list?.url.searchParams.get('limit')).toBe('100');
  });
});
