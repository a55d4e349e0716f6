import type { TBooking } from '@d3/shared/bookings/booking-schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, type vi } from 'vitest';
import { MERCHANT_TOKEN_KEY } from '../lib/auth-token';
import { cleanUpAfterEach, json, meBody, merchantToken, renderMerchant, stubApi } from '../test/render';
import { BookingsPage, bookingActions } from './bookings/pages/bookings-page';
import { DashboardPage } from './dashboard/pages/dashboard-page';
import { OfferCardPreview, OffersPage } from './offers/pages/offers-page';
import { ReviewsPage } from './reviews/pages/reviews-page';
import { ServicesPage } from './services/pages/services-page';
import { StoresPage } from './stores/pages/stores-page';

const STORE_ID = '00000000-0000-4000-8000-000000000001';
const ME = meBody([{ id: STORE_ID, name: 'Kinyozi Bora', category: 'Beauty & Spa', location: 'Westlands' }]);
const NO_STORES = { ...ME, stores: [] };

const token = () => merchantToken();

type TRoutes = Record<string, (init?: RequestInit) => Response | Promise<Response>>;
let routes: TRoutes = {};
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderAt(element: ReactElement, path = '/') {
  renderMerchant([{ path: '*', element }], path);
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(MERCHANT_TOKEN_KEY, token());
  routes = { '/merchants/me': () => json(ME) };
  fetchMock = stubApi(({ method, path, init }) => (routes[`${method} ${path}`] ?? routes[path])?.(init));
});

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
    routes['/merchant/dashboard'] = () =>
      json({
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
      });
    renderAt(<DashboardPage />);
    expect(await screen.findByText('KSh 108')).toBeTruthy();
    expect(screen.getByText('KSh 2,520')).toBeTruthy();
    expect(screen.getByText('Access fees paid to D3')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('Haircut, 30% off · Kamau Mwangi')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/merchant/dashboard'))).toHaveLength(
      1,
    );
  });

  it('shows the error with a retry when the stats call fails', async () => {
    routes['/merchant/dashboard'] = () =>
      json({ success: false, message: 'Server error, please try again', code: 'INTERNAL' }, 500);
    renderAt(<DashboardPage />);
    expect(await screen.findByText('Server error, please try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Stores page', () => {
  it('shows the empty state, then validates a new store with the shared schema before sending', async () => {
    routes['/merchants/me'] = () => json(NO_STORES);
    routes['/stores/categories'] = () =>
      json({ success: true, categories: [{ id: 'beauty-spa', name: 'Beauty & Spa' }] });
    routes['/stores/locations'] = () =>
      json({ success: true, locations: [{ id: 'westlands', name: 'Westlands', area: 'Nairobi' }] });
    renderAt(<StoresPage />);
    expect(await screen.findByRole('heading', { name: 'No stores yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New store' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Store name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('puts the server’s field errors next to the field', async () => {
    routes['/merchants/me'] = () => json(NO_STORES);
    routes['/stores/categories'] = () =>
      json({ success: true, categories: [{ id: 'beauty-spa', name: 'Beauty & Spa' }] });
    routes['/stores/locations'] = () =>
      json({ success: true, locations: [{ id: 'westlands', name: 'Westlands', area: 'Nairobi' }] });
    routes['POST /stores'] = () =>
      json(
        {
          success: false,
          message: 'Validation failed',
          code: 'VALIDATION_ERROR',
          errors: { category: 'Unknown category' },
        },
        400,
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
    routes['/services'] = () => json({ success: true, services: [], data: [] });
    renderAt(<ServicesPage />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No services yet' })).toBeTruthy();
  });

  it('a page needing a store sends a merchant without one to Stores', async () => {
    routes['/merchants/me'] = () => json(NO_STORES);
    renderAt(<OffersPage />);
    expect(await screen.findByRole('heading', { name: 'Create a store first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Stores' }).getAttribute('href')).toBe('/stores');
  });

  it('offer preview: discounted price and the shared access fee', () => {
    render(
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
    );
    expect(screen.getByTestId('access-fee').textContent).toContain('KSh 54');
    expect(screen.getByText('KSh 840')).toBeTruthy();
    expect(screen.getByText('30% OFF')).toBeTruthy();
  });

  it('bookings: shows the queue with only the allowed buttons, and the server’s refusal inline', async () => {
    routes['/bookings/merchant'] = () =>
      json({
        success: true,
        bookings: [booking({ status: 'pending', checkInOpensAt: '2099-01-01T00:00:00+03:00' })],
        pagination: { total: 1 },
      });
    routes['PUT /bookings/b1/confirm'] = () =>
      json(
        {
          success: false,
          message: 'The access fee for this booking has not been paid yet.',
          code: 'INVALID_STATUS_TRANSITION',
        },
        400,
      );
    renderAt(<BookingsPage />);
    expect(await screen.findByText('Kamau Mwangi')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The access fee for this booking has not been paid yet.')).toBeTruthy();
  });

  it('bookings: check in by voucher code shows the booking and refreshes the queue; the server’s refusals show inline by code', async () => {
    let checkedIn = false;
    const queue = () =>
      json({
        success: true,
        bookings: [booking({ status: checkedIn ? 'checked_in' : 'confirmed' })],
        pagination: { total: 1 },
      });
    routes['/bookings/merchant'] = queue;
    const sent: unknown[] = [];
    const answers: (() => Response)[] = [
      () =>
        json(
          {
            success: false,
            code: 'VOUCHER_INVALID',
            message: 'This is not a voucher code. Codes look like D3-1A2B-3C4D.',
          },
          400,
        ),
      () =>
        json(
          {
            success: false,
            code: 'VOUCHER_NOT_FOUND',
            message: 'No booking with this voucher code at your stores.',
          },
          404,
        ),
      () =>
        json(
          {
            success: false,
            code: 'BOOKING_NOT_STARTED',
            message: 'Check-in opens 15 minutes before the start (09:45).',
          },
          400,
        ),
      () => {
        checkedIn = true;
        return json({
          success: true,
          message: 'Booking checked in successfully',
          booking: booking({ status: 'checked_in' }),
        });
      },
    ];
    routes['POST /merchant/bookings/check-in-by-code'] = (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return answers.shift()!();
    };
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
    routes['/bookings/merchant'] = () => json({ success: true, bookings: [], pagination: { total: 0 } });
    renderAt(<BookingsPage />);
    expect(await screen.findByRole('heading', { name: 'No bookings here' })).toBeTruthy();
    cleanup();
    routes['/bookings/merchant'] = () =>
      json({ success: false, message: 'Choose a range of at most 62 days', code: 'VALIDATION_ERROR' }, 400);
    renderAt(<BookingsPage />);
    expect(await screen.findByText('Choose a range of at most 62 days')).toBeTruthy();
  });

  it('reviews: average, and an empty reply is refused before sending', async () => {
    routes[`/stores/${STORE_ID}/reviews`] = () =>
      json({
        success: true,
        stats: { averageRating: 4, totalReviews: 1, distribution: {} },
        reviews: [
          { id: 'r1', name: 'Kamau M.', rating: 4, text: 'Sharp fade', date: '2026-11-20', response: null },
        ],
      });
    renderAt(<ReviewsPage />);
    expect(await screen.findByText('Sharp fade')).toBeTruthy();
    expect(screen.getByText('4.0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Response text is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
