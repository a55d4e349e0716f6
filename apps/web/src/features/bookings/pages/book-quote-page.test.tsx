import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { QUOTE_ALREADY_BOOKED } from '../api/get-booking-target';
import {
  BOOKING_ID,
  BRANCH_A,
  bookingBody,
  branch,
  currentUser,
  fail,
  json,
  STORE_ID,
  signedInPerTest,
  slotsBody,
} from '../test/booking-fixtures';
import { BookPage } from './book-page';

/** Issue 12: the wizard books an accepted service-request quote at /booking/quote/{quoteId}. */
const QUOTE_ID = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const REQUEST_ID = '3b2a1c0d-9e8f-4a7b-8c6d-000000000001';

type Handler = (url: URL, init: RequestInit | undefined) => Response;
let handlers: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const target = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  target: {
    quoteId: QUOTE_ID,
    requestId: REQUEST_ID,
    title: 'Deep clean my salon',
    storeId: STORE_ID,
    storeName: 'Sparkle Cleaners',
    storeLogoUrl: null,
    quotedPrice: 2500,
    estimatedDuration: '3 hours',
    durationMinutes: 180,
    bookingId: null,
    ...overrides,
  },
});

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (init?.method ?? 'GET') === method && url.pathname === `/api/v1${path}`;
  });
}

signedInPerTest();

beforeEach(() => {
  handlers = {
    'GET /users/current': () => json({ success: true, data: { user: currentUser } }),
    [`GET /bookings/quotes/${QUOTE_ID}`]: () => json(target()),
    [`GET /bookings/quotes/${QUOTE_ID}/branch`]: () =>
      json({ success: true, branches: [branch(BRANCH_A, 'Kilimani')], branch: branch(BRANCH_A, 'Kilimani') }),
    'GET /bookings/quote-slots': () => json(slotsBody({ accessFee: 0, accessFeeAmount: 0 })),
    'POST /bookings/quote': () =>
      json(
        {
          success: true,
          message: 'Booking created successfully',
          paymentRequired: false,
          booking: bookingBody({
            bookingType: 'quote',
            isOfferBooking: false,
            status: 'confirmed',
            offerId: null,
            Offer: null,
            quoteId: QUOTE_ID,
            accessFee: 0,
            accessFeeAmount: 0,
            Payment: null,
            Service: {
              id: QUOTE_ID,
              name: 'Deep clean my salon',
              price: 2500,
              duration: 180,
              imageUrl: null,
              type: 'quote',
            },
          }),
        },
        201,
      ),
    [`GET /bookings/${BOOKING_ID}`]: () => json({ success: true, booking: bookingBody() }),
  };
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
    const handler = handlers[key];
    return handler ? handler(url, init) : fail(404, `Route ${key} not found`, 'ROUTE_NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderQuote() {
  renderRoutes([{ path: '/booking/quote/:quoteId', element: <BookPage /> }], `/booking/quote/${QUOTE_ID}`);
}

describe('/booking/quote/{quoteId}', () => {
  it('books the accepted quote at its store with the quoted price, no access fee, and POSTs /bookings/quote', async () => {
    renderQuote();
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Deep clean my salon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to/ }).getAttribute('href')).toBe(
      `/service-request/${REQUEST_ID}`,
    );
    const quick = await screen.findByRole('group', { name: 'Quick select' });
    fireEvent.click(within(quick).getAllByRole('button')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /^10:00/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 4: Location & Staff' });
    fireEvent.click(await screen.findByRole('radio', { name: /Kilimani/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const step = await screen.findByRole('region', { name: 'Step 3 of 4: Review & Pay' });
    expect(within(step).getByText('Quoted price, paid to the provider')).toBeTruthy();
    expect(within(step).getByText('KSh 2,500')).toBeTruthy();
    expect(within(step).getByText('No access fee')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    const slotQuery = new URL(String(calls('GET', '/bookings/quote-slots')[0]?.[0]), 'http://localhost')
      .searchParams;
    expect(slotQuery.get('quoteId')).toBe(QUOTE_ID);
    const sent = JSON.parse(String(calls('POST', '/bookings/quote')[0]?.[1]?.body)) as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({ bookingType: 'quote', quoteId: QUOTE_ID, branchId: BRANCH_A });
    expect(sent.serviceId).toBeUndefined();
    expect(calls('POST', '/payments/mpesa')).toHaveLength(0);
  });

  it('a quote already booked, or not accepted, cannot be booked again', async () => {
    handlers[`GET /bookings/quotes/${QUOTE_ID}`] = () => json(target({ bookingId: BOOKING_ID }));
    renderQuote();
    expect(await screen.findByText(QUOTE_ALREADY_BOOKED)).toBeTruthy();
    cleanup();
    handlers[`GET /bookings/quotes/${QUOTE_ID}`] = () =>
      fail(400, 'Only an accepted offer can be booked.', 'QUOTE_NOT_ACCEPTED');
    renderQuote();
    expect(await screen.findByText('Only an accepted offer can be booked.')).toBeTruthy();
  });
});
