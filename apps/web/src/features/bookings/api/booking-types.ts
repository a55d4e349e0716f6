/**
 * Shapes of the bookings and payments API (docs/bookings-api.md), all read from the contracts
 * (issue 37) as types only, so no schema code reaches the browser bundle. Times are ISO 8601 with the
 * Nairobi offset; slot `time` is "HH:mm".
 */

import type { EndpointInput, EndpointOutput } from '@d3/shared/api/contract';
import type { bookingsContract } from '@d3/shared/bookings/bookings-contract';
import type { paymentsContract } from '@d3/shared/payments/payments-contract';

export type { TBooking, TBookingStatus, TBookingType } from '@d3/shared/bookings/booking-schemas';
export type { TBookingBranch, TSlotsResponse } from '@d3/shared/bookings/booking-slot-schemas';

export type TStaffResponse = EndpointOutput<typeof bookingsContract.offerStaff>;
export type TUserBookingsResponse = EndpointOutput<typeof bookingsContract.mine>;
/** What the wizard sends: an offer or service booking, or (bookingType 'quote') an accepted quote's. */
export type TCreateBookingRequest = EndpointInput<typeof bookingsContract.create>['body'] & {
  /** A 'quote' booking: the accepted service-request quote (POST /bookings/quote, issue 12). */
  quoteId?: string;
};
export type TPaymentStatus = EndpointOutput<typeof paymentsContract.status>['payment']['status'];
