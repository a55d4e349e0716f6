import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { ZSlotsResponse } from '@d3/shared/bookings/booking-slot-schemas';
import type { TWaitlistEntry } from '@d3/shared/bookings/waitlist-schemas';
import { wire } from '@d3/test-support/msw/handlers';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { liveToken, OFFER_ID, SERVICE_ID, STORE_ID } from '../../../test/api-fixtures';
import { json } from '../../../test/render';
import type { TBooking, TBookingBranch, TSlotsResponse } from '../api/booking-types';

export {
  currentUser,
  OFFER_ID,
  offerBody,
  SERVICE_ID,
  STORE_ID,
  serviceBody,
} from '../../../test/api-fixtures';
export { json };

/**
 * Every test of the file runs as a signed-in customer: a live token before each; after each, the
 * page unmounted, real timers back, stubbed globals (e.g. `navigator`) removed and storage cleared.
 * Call at the top of the file, before its own `beforeEach`. The server is MSW (`@d3/test-support/msw`).
 */
export function signedInPerTest() {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', liveToken());
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

export const BRANCH_A = '0d4c9a57-8d8f-4d55-9a1e-9d8e1c2f3a01';
export const BRANCH_B = '0d4c9a57-8d8f-4d55-9a1e-9d8e1c2f3a02';
export const STAFF_ID = '6a1f0e2d-1111-4c3b-8a9d-5e6f7a8b9c0d';
export const BOOKING_ID = '9e8d7c6b-5a49-4838-a727-161514131211';
export const PAYMENT_ID = 'b1a2c3d4-e5f6-4789-8abc-def012345678';
export const ALL_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** An error in the API's envelope with any status; `apiError(code)` (@d3/test-support/msw/handlers) takes the table's. */
export function fail(status: number, message: string, code = `HTTP_${status}`): Response {
  return wire(ZErrorResponse, { success: false, message, code }, status);
}

export function branch(id: string, name: string, overrides: Partial<TBookingBranch> = {}): TBookingBranch {
  return {
    id,
    storeId: STORE_ID,
    name,
    address: `${name} Road`,
    phone: '+254712000000',
    email: null,
    status: 'active',
    openingTime: '09:00',
    closingTime: '18:00',
    workingDays: ALL_DAYS,
    isMainBranch: id === BRANCH_A,
    manager: null,
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

function slotsBody(overrides: Partial<TSlotsResponse> = {}): TSlotsResponse {
  const hours = {
    id: BRANCH_A,
    name: 'Kilimani',
    workingDays: ALL_DAYS,
    openingTime: '09:00',
    closingTime: '18:00',
  };
  return {
    success: true,
    date: '2030-01-07',
    availableSlots: ['09:00', '10:00'],
    detailedSlots: [
      { time: '09:00', startTime: '2030-01-07T09:00:00+03:00', available: 2, total: 2 },
      { time: '10:00', startTime: '2030-01-07T10:00:00+03:00', available: 1, total: 2 },
      { time: '11:00', startTime: '2030-01-07T11:00:00+03:00', available: 0, total: 2 },
    ],
    bookingRules: { serviceDuration: 60, maxConcurrentBookings: 2 },
    storeInfo: hours,
    branchInfo: hours,
    accessFee: 225.5,
    accessFeeAmount: 226,
    ...overrides,
  };
}

/** The slots answer on the wire: slotsBody with the overrides. */
export const slotsAnswer = (overrides: Partial<TSlotsResponse> = {}) =>
  wire(ZSlotsResponse, slotsBody(overrides));

export function bookingBody(overrides: Partial<TBooking> = {}): TBooking {
  const start = '2030-01-07T10:00:00+03:00';
  return {
    id: BOOKING_ID,
    status: 'confirmed',
    bookingType: 'offer',
    isOfferBooking: true,
    startTime: start,
    start_time: start,
    endTime: '2030-01-07T11:00:00+03:00',
    date: '2030-01-07',
    time: '10:00',
    accessFee: 225.5,
    accessFeeAmount: 226,
    accessFeePaid: true,
    holdExpiresAt: null,
    notes: null,
    specialRequests: null,
    cancelReason: null,
    refundRequested: false,
    accessFeeOutcome: 'held',
    clientInfo: { name: 'Amina Otieno', email: 'amina@example.co.ke', phone: '+254712345678' },
    offerId: OFFER_ID,
    serviceId: null,
    storeId: STORE_ID,
    branchId: BRANCH_A,
    staffId: null,
    Staff: null,
    Branch: { id: BRANCH_A, name: 'Kilimani', address: 'Kilimani Road', phone: '+254712000000' },
    Offer: {
      id: OFFER_ID,
      title: '60-Minute Swedish Massage',
      discount: 30,
      originalPrice: 5000,
      discountedPrice: 3500,
      imageUrl: null,
    },
    Service: null,
    Store: {
      id: STORE_ID,
      name: 'Savannah Glow Spa',
      logoUrl: null,
      phoneNumber: '+254700111222',
      primaryEmail: 'hello@savannah.co.ke',
      location: 'Kilimani',
    },
    Payment: {
      id: PAYMENT_ID,
      amount: 226,
      method: 'mpesa',
      status: 'completed',
      mpesaReceiptNumber: 'QK12ABC3DE',
    },
    voucherCode: 'D3-9E8D-7C6B',
    mapPin: { lat: -1.2921, lng: 36.7853 },
    canCancel: true,
    cancelBy: '2030-01-07T08:00:00+03:00',
    canReschedule: true,
    checkInOpensAt: '2030-01-07T09:45:00+03:00',
    createdAt: '2029-12-01T10:00:00+03:00',
    updatedAt: '2029-12-01T10:00:00+03:00',
    ...overrides,
  };
}

/** A place on the waitlist of a Deep Tissue Massage time at Serenity Spa (first in line, waiting). */
export function waitlistEntry(overrides: Partial<TWaitlistEntry> = {}): TWaitlistEntry {
  return {
    id: '2f0f5a1e-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
    status: 'waiting',
    bookingType: 'service',
    offerId: null,
    serviceId: SERVICE_ID,
    storeId: STORE_ID,
    storeName: 'Serenity Spa',
    title: 'Deep Tissue Massage',
    branchId: BRANCH_A,
    startTime: '2030-01-07T08:00:00.000Z',
    position: 1,
    offerExpiresAt: null,
    createdAt: '2030-01-01T08:00:00.000Z',
    ...overrides,
  };
}
