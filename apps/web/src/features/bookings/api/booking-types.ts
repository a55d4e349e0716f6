/**
 * Shapes of the bookings and payments API (docs/bookings-api.md). Bookings come from the shared wire
 * contract, imported as types only so no schema code reaches the browser bundle; payments have no shared
 * schema, so theirs are written out here. Times are ISO 8601 with the Nairobi offset; slot `time` is "HH:mm".
 */

import type {
  TBooking,
  TBookingBranch,
  TBookingSummary,
  TBookingType,
  TRescheduleOptionsResponse,
  ZStaffResponse,
} from '@d3/shared/bookings/booking-schemas';
import type { z } from 'zod';

export type {
  TBooking,
  TBookingBranch,
  TBookingStatus,
  TBookingSummary,
  TBookingType,
  TCreateBookingResponse,
  TSlotsResponse,
} from '@d3/shared/bookings/booking-schemas';

export type TPaymentStatus = 'pending' | 'completed' | 'failed';
export type TStaffResponse = z.infer<typeof ZStaffResponse>;
export type TRescheduleOption = TRescheduleOptionsResponse['options'][number];

export interface TBranchesResponse {
  success: true;
  branches: TBookingBranch[];
  branch: TBookingBranch | null;
}

export interface TCreateBookingRequest {
  startTime: string;
  staffId?: string;
  notes?: string;
  specialRequests?: string;
  bookingType: TBookingType;
  clientInfo?: { name: string; email: string; phone: string };
  storeId?: string;
  branchId?: string;
  offerId?: string;
  serviceId?: string;
  /** A 'quote' booking: the accepted service-request quote (POST /bookings/quote, issue 12). */
  quoteId?: string;
  paymentData?: { amount: number; currency: 'KES'; method: 'mpesa'; phoneNumber: string };
}

export interface TUserBookingsResponse {
  success: true;
  bookings: TBooking[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNextPage: boolean };
  summary: TBookingSummary;
}

export interface TPaymentResponse {
  success: true;
  message?: string;
  payment: {
    id: string;
    status: TPaymentStatus;
    amount: number;
    checkoutRequestId?: string | null;
    bookingId?: string;
    mpesaReceiptNumber?: string | null;
    resultDesc?: string | null;
    /** Past its deadline with no answer yet: the server is asking M-Pesa (issue 34). */
    checking?: boolean;
  };
}
