import { apiFetch, isApiError } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS, withRouteFallback } from './booking-errors';
import type { TCreateBookingRequest, TCreateBookingResponse } from './booking-types';

function post(path: string, body: TCreateBookingRequest) {
  return apiFetch<TCreateBookingResponse>(path, { method: 'POST', body, timeoutMs: BOOKING_TIMEOUT_MS });
}

function createOnce(body: TCreateBookingRequest) {
  // An accepted quote has one path and no fallback (issue 12).
  if (body.bookingType === 'quote') return post('/bookings/quote', body);
  const primary = body.bookingType === 'offer' ? '/bookings/offers' : '/bookings/service';
  return withRouteFallback([() => post(primary, body), () => post('/bookings', body)]);
}

/**
 * POST /bookings/offers or /bookings/service (fallback POST /bookings). When the server does not know the
 * branch, one retry goes with the store only (seed 001 §7), so the store's main branch takes the booking.
 */
export async function createBooking(body: TCreateBookingRequest): Promise<TCreateBookingResponse> {
  try {
    return await createOnce(body);
  } catch (error) {
    if (isApiError(error) && error.code === 'BRANCH_NOT_FOUND' && body.branchId && body.storeId) {
      const { branchId: _dropped, ...storeOnly } = body;
      return createOnce(storeOnly);
    }
    throw error;
  }
}
