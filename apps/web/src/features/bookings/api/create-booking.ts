import { bookingsRoutes } from '@d3/shared/api/routes';
import { call, isApiError } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TCreateBookingRequest } from './booking-types';

function createOnce(body: TCreateBookingRequest) {
  const options = { timeoutMs: BOOKING_TIMEOUT_MS };
  // An accepted quote books through its own entry (issue 12).
  if (body.bookingType === 'quote') {
    return call(bookingsRoutes.bookQuote, { body: { ...body, quoteId: body.quoteId ?? '' } }, options);
  }
  return call(bookingsRoutes.create, { body }, options);
}

/**
 * POST /bookings (the kind from the body). When the server does not know the branch, one retry goes
 * with the store only (seed 001 §7), so the store's main branch takes the booking.
 */
export async function createBooking(body: TCreateBookingRequest) {
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
