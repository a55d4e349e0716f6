import {
  type TBooking,
  ZBookingMessageResponse,
  ZMerchantBookingsResponse,
} from '@d3/shared/bookings/booking-schemas';
import { ZMerchantWaitlistResponse } from '@d3/shared/bookings/waitlist-schemas';
import {
  ZBranchListResponse,
  ZCategoryCountsResponse,
  ZServiceListResponse,
  ZStaffResponse,
} from '@d3/shared/catalogue/catalogue-schemas';
import { ZStoreReviewsResponse } from '@d3/shared/engagement/engagement-schemas';
import { ZMerchantDashboardResponse } from '@d3/shared/merchant/dashboard-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiFieldErrors,
  cleanUpAfterEach,
  meBody,
  meHandler,
  renderMerchant,
  signInMerchant,
  withLocale,
} from '../test/render';
import { BookingsPage, bookingActions } from './bookings/pages/bookings-page';
import { DashboardPage } from './dashboard/pages/dashboard-page';
import { OfferCardPreview, OffersPage } from './offers/pages/offers-page';
import { ReviewsPage } from './reviews/pages/reviews-page';
import { ServicesPage } from './services/pages/services-page';
import { StoresPage } from './stores/pages/stores-page';

const STORE_ID = '00000000-0000-4000-8000-000000000001';
const ME = meBody([{ id: STORE_ID, name: 'Kinyozi Bora', category: 'Beauty & Spa', location: 'Westlands' }]);
const NO_STORES = { ...ME, stores: [] };

let seen: TSeenRequest[];

function renderAt(element: ReactElement, path = '/') {
  renderMerchant([{ path: '*', element }], path);
}

beforeEach(() => {
  signInMerchant();
  seen = recordRequests();
  mswServer.use(
    meHandler(ME),
    // The bookings page's branch and staff filters: the store has neither.
    api.get('/stores/:id/branches', () =>
      wire(ZBranchListResponse, { success: true, branches: [], data: [] }),
    ),
    // GET /stores/:id/staff: the API's schema is inline, built from the shared staff schema.
    api.get('/stores/:id/staff', () =>
      wire(z.object({ success: z.literal(true), staff: z.array(ZStaffResponse.shape.staff) }), {
        success: true,
        staff: [],
      }),
    ),
    // The bookings page's waitlists (issue 36; tested in bookings/components/slot-waitlists.test.tsx).
    api.get('/bookings/merchant/waitlist', () =>
      wire(ZMerchantWaitlistResponse, { success: true, slots: [] }),
    ),
  );
});

/** The store form's lists: one category and one location. */
function storeFormLists() {
  mswServer.use(
    meHandler(NO_STORES),
    api.get('/stores/categories', () =>
      wire(ZCategoryCountsResponse, {
        success: true,
        categories: [{ id: 'beauty-spa', name: 'Beauty & Spa', icon: null, count: 0 }],
      }),
    ),
    // GET /stores/locations: its response schema is the API's own (apps/api/src/modules/stores), not shared.
    api.get('/stores/locations', () =>
      HttpResponse.json({
        success: true,
        locations: [{ id: 'westlands', name: 'Westlands', area: 'Nairobi', storeCount: 0 }],
      }),
    ),
  );
}

/** GET /bookings/merchant answering `bookings` as one page. */
function bookingsPage(bookings: TBooking[]) {
  return wire(ZMerchantBookingsResponse, {
    success: true,
    bookings,
    pagination: { page: 1, limit: 20, total: bookings.length, totalPages: 1, hasNextPage: false },
  });
}

cleanUpAfterEach();

function booking(overrides: Partial<TBooking> = {}): TBooking {
  return {
    id: 'b1',
    status: 'confirmed',
    bookingType: 'offer',
    isOfferBooking: true,
    startTime: '2030-01-07T10:00:00+03:00',
    start_time: '2030-01-07T10:00:00+03:00',
    endTime: '2030-01-07T10:30:00+03:00',
    date: '2030-01-07',
    time: '10:00',
    accessFee: 54,
    accessFeeAmount: 54,
    accessFeePaid: true,
    holdExpiresAt: null,
    notes: null,
    specialRequests: null,
    cancelReason: null,
    refundRequested: false,
    accessFeeOutcome: 'held',
    clientInfo: { name: 'Kamau Mwangi', email: null, phone: '+254712239095' },
    offerId: 'o1',
    serviceId: null,
    storeId: STORE_ID,
    branchId: `store-${STORE_ID}`,
    staffId: null,
    Staff: null,
    Branch: { id: `store-${STORE_ID}`, name: 'Kinyozi Bora', address: 'Westlands', phone: null },
    Offer: {
      id: 'o1',
      title: 'Haircut, 30% off',
      discount: 30,
      originalPrice: 1200,
      discountedPrice: 840,
      imageUrl: null,
    },
    Service: null,
    Store: {
      id: STORE_ID,
      name: 'Kinyozi Bora',
      logoUrl: null,
      phoneNumber: null,
      primaryEmail: null,
      location: 'Westlands',
    },
    Payment: null,
    voucherCode: 'D3-B100-0000',
    mapPin: null,
    canCancel: true,
    cancelBy: '2030-01-07T08:00:00+03:00',
    canReschedule: true,
    checkInOpensAt: '2030-01-07T09:45:00+03:00',
    createdAt: '2030-01-01T10:00:00+03:00',
    updatedAt: '2030-01-01T10:00:00+03:00',
    ...overrides,
  };
}

describe('bookingActions', () => {
  const before = new Date('2030-01-07T06:00:00Z'); // 09:00 Nairobi, before the 09:45 window
  const inside = new Date('2030-01-07T06:50:00Z'); // 09:50 Nairobi

  it('offers check in and complete only once the early check-in window opens', () => {
    expect(bookingActions(booking(), before)).toMatchObject({
      checkIn: false,
      complete: false,
      cancel: true,
      waitingForStart: true,
    });
    expect(bookingActions(booking(), inside)).toMatchObject({
      checkIn: true,
      complete: true,
      waitingForStart: false,
    });
  });

  it('confirms a pending booking only once its access fee is paid; nothing on completed or cancelled', () => {
    expect(bookingActions(booking({ status: 'pending', accessFeePaid: false }), inside).confirm).toBe(false);
    expect(bookingActions(booking({ status: 'pending' }), inside)).toMatchObject({
      confirm: true,
      checkIn: false,
    });
    for (const status of ['completed', 'cancelled'] as const) {
      expect(bookingActions(booking({ status }), inside)).toEqual({
        confirm: false,
        checkIn: false,
        complete: false,
        cancel: false,
        waitingForStart: false,
      });
    }
  });
});

describe('Dashboard page', () => {
  it('shows the figures from one stats call, with access fees apart from at-store money', async () => {
    mswServer.use(
      api.get('/merchant/dashboard', () =>
        wire(ZMerchantDashboardResponse, {
          success: true,
          data: {
            stores: 1,
            bookings: { today: 2, upcoming: 5, awaitingConfirmation: 1, thisMonth: 9 },
            revenue: { month: '2026-11', accessFees: 108, atStore: 2520 },
            rating: 4.5,
            reviewCount: 4,
            followers: 12,
            nextBookings: [booking()],
          },
        }),
      ),
    );
    renderAt(<DashboardPage />);
    expect(await screen.findByText('KSh 108')).toBeTruthy();
    expect(screen.getByText('KSh 2,520')).toBeTruthy();
    expect(screen.getByText('Access fees paid to D3')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('Haircut, 30% off · Kamau Mwangi')).toBeTruthy();
    expect(seen.filter((request) => request.url.pathname.includes('/merchant/dashboard'))).toHaveLength(1);
  });

  it('shows the error with a retry when the stats call fails', async () => {
    mswServer.use(
      api.get('/merchant/dashboard', () => apiError('INTERNAL', 'Server error, please try again')),
    );
    renderAt(<DashboardPage />);
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Stores page', () => {
  it('shows the empty state, then validates a new store with the shared schema before sending', async () => {
    storeFormLists();
    renderAt(<StoresPage />);
    expect(await screen.findByRole('heading', { name: 'No stores yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New store' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Store name is required')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('puts the server’s field errors next to the field', async () => {
    storeFormLists();
    mswServer.use(
      api.post('/stores', () =>
        apiFieldErrors('VALIDATION_ERROR', { category: 'Unknown category' }, 'Validation failed'),
      ),
    );
    renderAt(<StoresPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New store' }));
    fireEvent.change(await screen.findByLabelText('Store name'), { target: { value: 'Kinyozi' } });
    await screen.findByRole('option', { name: 'Beauty & Spa' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Beauty & Spa' } });
    await screen.findByRole('option', { name: 'Westlands, Nairobi' });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'westlands' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Unknown category')).toBeTruthy();
  });
});

describe('Services, offers, bookings, reviews and settings pages', () => {
  it('services: loading, then empty', async () => {
    mswServer.use(
      api.get('/services', () =>
        wire(ZServiceListResponse, {
          success: true,
          services: [],
          data: [],
          pagination: { page: 1, currentPage: 1, limit: 12, total: 0, totalPages: 0, hasNextPage: false },
        }),
      ),
    );
    renderAt(<ServicesPage />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No services yet' })).toBeTruthy();
  });

  it('a page needing a store sends a merchant without one to Stores', async () => {
    mswServer.use(meHandler(NO_STORES));
    renderAt(<OffersPage />);
    expect(await screen.findByRole('heading', { name: 'Create a store first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Stores' }).getAttribute('href')).toBe('/stores');
  });

  it('offer preview: discounted price and the shared access fee', () => {
    render(
      withLocale(
        <OfferCardPreview
          offer={{
            title: 'Haircut',
            storeName: 'Kinyozi',
            discount: 30,
            originalPrice: 1200,
            imageUrl: null,
            expiration: '2030-01-31',
            featured: true,
          }}
        />,
      ),
    );
    expect(screen.getByTestId('access-fee').textContent).toContain('KSh 54');
    expect(screen.getByText('KSh 840')).toBeTruthy();
    expect(screen.getByText('30% OFF')).toBeTruthy();
  });

  it('bookings: shows the queue with only the allowed buttons, and the server’s refusal inline', async () => {
    mswServer.use(
      api.get('/bookings/merchant', () =>
        bookingsPage([booking({ status: 'pending', checkInOpensAt: '2099-01-01T00:00:00+03:00' })]),
      ),
      api.put('/bookings/b1/confirm', () =>
        apiError('INVALID_STATUS_TRANSITION', 'The access fee for this booking has not been paid yet.'),
      ),
    );
    renderAt(<BookingsPage />);
    expect(await screen.findByText('Kamau Mwangi')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The access fee for this booking has not been paid yet.')).toBeTruthy();
  });

  it('bookings: a group booking (split with friends) shows how many people come; a single booking says nothing', async () => {
    mswServer.use(
      api.get('/bookings/merchant', () =>
        bookingsPage([
          booking({ partySize: 4 }),
          booking({
            id: 'b2',
            partySize: 1,
            clientInfo: { name: 'Achieng Otieno', email: null, phone: null },
          }),
        ]),
      ),
    );
    renderAt(<BookingsPage />);
    expect(await screen.findByText('Achieng Otieno')).toBeTruthy();
    expect(screen.getAllByText(/Group of/).map((node) => node.textContent?.trim())).toEqual(['Group of 4']);
  });

  it('bookings: check in by voucher code shows the booking and refreshes the queue; the server’s refusals show inline by code', async () => {
    let checkedIn = false;
    const queue = () => bookingsPage([booking({ status: checkedIn ? 'checked_in' : 'confirmed' })]);
    const sent: unknown[] = [];
    const answers: (() => Response)[] = [
      () => apiError('VOUCHER_INVALID', 'This is not a voucher code. Codes look like D3-1A2B-3C4D.'),
      () => apiError('VOUCHER_NOT_FOUND', 'No booking with this voucher code at your stores.'),
      () => apiError('BOOKING_NOT_STARTED', 'Check-in opens 15 minutes before the start (09:45).'),
      () => {
        checkedIn = true;
        return wire(ZBookingMessageResponse, {
          success: true,
          message: 'Booking checked in successfully',
          booking: booking({ status: 'checked_in' }),
        });
      },
    ];
    mswServer.use(
      api.get('/bookings/merchant', queue),
      api.post('/merchant/bookings/check-in-by-code', async ({ request }) => {
        sent.push(await request.json());
        return answers.shift()!();
      }),
    );
    renderAt(<BookingsPage />);
    const field = await screen.findByLabelText('Voucher code');
    const submit = screen.getByRole('button', { name: 'Check in voucher' });

    // Empty: the shared schema's words, nothing sent.
    fireEvent.click(submit);
    expect(await screen.findByText('Enter the voucher code')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(field, { target: { value: 'hello' } });
    fireEvent.click(submit);
    expect(await screen.findByText('This is not a voucher code. Codes look like D3-1A2B-3C4D.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'd3 ffff 0000' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No booking with this voucher code at your stores.',
    );

    fireEvent.change(field, { target: { value: 'b1000000' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Check-in opens 15 minutes before the start (09:45).')).toBeTruthy();

    expect(await screen.findByText('confirmed')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  d3-b100-0000 ' } });
    fireEvent.click(submit);
    const done = await screen.findByRole('status', { name: 'Checked-in booking' });
    expect(done.textContent).toContain('Booking checked in successfully');
    expect(done.textContent).toContain('Kamau Mwangi · Haircut, 30% off · 2030-01-07 10:00');
    // The queue was asked again and shows the new status.
    expect(await screen.findByText('checked in')).toBeTruthy();
    expect(sent).toEqual([
      { code: 'hello' },
      { code: 'd3 ffff 0000' },
      { code: 'b1000000' },
      { code: 'd3-b100-0000' },
    ]);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('bookings: empty and error states', async () => {
    mswServer.use(api.get('/bookings/merchant', () => bookingsPage([])));
    renderAt(<BookingsPage />);
    expect(await screen.findByRole('heading', { name: 'No bookings here' })).toBeTruthy();
    cleanup();
    mswServer.use(
      api.get('/bookings/merchant', () => apiError('VALIDATION_ERROR', 'Choose a range of at most 62 days')),
    );
    renderAt(<BookingsPage />);
    expect(await screen.findByText('Choose a range of at most 62 days')).toBeTruthy();
  });

  it('reviews: average, and an empty reply is refused before sending', async () => {
    const review = {
      id: 'r1',
      storeId: STORE_ID,
      store_id: STORE_ID,
      rating: 4,
      text: 'Sharp fade',
      comment: 'Sharp fade',
      name: 'Kamau M.',
      customerName: 'Kamau M.',
      userId: 'u1',
      user_id: 'u1',
      createdAt: '2026-11-20T10:00:00+03:00',
      created_at: '2026-11-20T10:00:00+03:00',
      date: '2026-11-20',
      updatedAt: '2026-11-20T10:00:00+03:00',
      response: null,
    };
    mswServer.use(
      api.get(`/stores/${STORE_ID}/reviews`, () =>
        wire(ZStoreReviewsResponse, {
          success: true,
          stats: {
            averageRating: 4,
            totalReviews: 1,
            distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
          },
          reviews: [review],
          pagination: {
            currentPage: 1,
            totalPages: 1,
            hasNextPage: false,
            totalReviews: 1,
            page: 1,
            limit: 10,
            total: 1,
          },
          userReview: null,
        }),
      ),
    );
    renderAt(<ReviewsPage />);
    expect(await screen.findByText('Sharp fade')).toBeTruthy();
    expect(screen.getByText('4.0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Response text is required')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });
});
