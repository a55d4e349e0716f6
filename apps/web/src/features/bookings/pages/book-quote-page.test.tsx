import { ZCurrentUserResponse } from '@d3/shared/accounts/accounts-schemas';
import {
  ZBookingResponse,
  ZCreateBookingResponse,
  ZQuoteBookingTargetResponse,
} from '@d3/shared/bookings/booking-schemas';
import { ZBranchesResponse } from '@d3/shared/bookings/booking-slot-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { QUOTE_ALREADY_BOOKED } from '../api/get-booking-target';
import {
  BOOKING_ID,
  BRANCH_A,
  bookingBody,
  branch,
  currentUser,
  STORE_ID,
  signedInPerTest,
  slotsAnswer,
} from '../test/booking-fixtures';
import { BookPage } from './book-page';

/** Issue 12: the wizard books an accepted service-request quote at /booking/quote/{quoteId}. */
const QUOTE_ID = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const REQUEST_ID = '3b2a1c0d-9e8f-4a7b-8c6d-000000000001';

let targetAnswer: () => Response;
let seen: TSeenRequest[];

const target = (overrides: Record<string, unknown> = {}) =>
  wire(ZQuoteBookingTargetResponse, {
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
  return seen.filter((request) => request.method === method && request.url.pathname === `/api/v1${path}`);
}

signedInPerTest();

beforeEach(() => {
  targetAnswer = () => target();
  seen = recordRequests();
  mswServer.use(
    api.get('/users/current', () =>
      wire(ZCurrentUserResponse, { success: true, data: { user: currentUser } }),
    ),
    api.get(`/bookings/quotes/${QUOTE_ID}`, () => targetAnswer()),
    api.get(`/bookings/quotes/${QUOTE_ID}/branch`, () =>
      wire(ZBranchesResponse, {
        success: true,
        branches: [branch(BRANCH_A, 'Kilimani')],
        branch: branch(BRANCH_A, 'Kilimani'),
      }),
    ),
    api.get('/bookings/quote-slots', () => slotsAnswer({ accessFee: 0, accessFeeAmount: 0 })),
    api.post('/bookings/quote', () =>
      wire(
        ZCreateBookingResponse,
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
    ),
    api.get(`/bookings/${BOOKING_ID}`, () =>
      wire(ZBookingResponse, { success: true, booking: bookingBody() }),
    ),
  );
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
    fireEvent.click((await within(quick).findAllByRole('button'))[0]!);
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
    const slotQuery = calls('GET', '/bookings/quote-slots')[0]?.url.searchParams;
    expect(slotQuery?.get('quoteId')).toBe(QUOTE_ID);
    const post = calls('POST', '/bookings/quote')[0];
    await waitFor(() => expect(post?.body).not.toBe(''));
    const sent = JSON.parse(String(post?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ bookingType: 'quote', quoteId: QUOTE_ID, branchId: BRANCH_A });
    expect(sent.serviceId).toBeUndefined();
    expect(calls('POST', '/payments/mpesa')).toHaveLength(0);
  });

  it('a quote already booked, or not accepted, cannot be booked again', async () => {
    targetAnswer = () => target({ bookingId: BOOKING_ID });
    renderQuote();
    expect(await screen.findByText(QUOTE_ALREADY_BOOKED)).toBeTruthy();
    cleanup();
    targetAnswer = () => apiError('QUOTE_NOT_ACCEPTED', 'Only an accepted offer can be booked.');
    renderQuote();
    expect(await screen.findByText('Only an accepted offer can be booked.')).toBeTruthy();
  });
});
