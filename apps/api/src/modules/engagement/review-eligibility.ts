import { ERROR_CODES } from '@d3/shared/api/error-codes';
import type { Db } from '../../db/client.js';
import { hasCompletedBookingAt } from '../bookings/bookings-service.js';

/**
 * Who may post a review that counts in a store's average (issue 14: ten throw-away accounts
 * moved a store from 5.0 to 1.36). A customer qualifies on any one ground; each ground asks the
 * module that owns the fact.
 */
export interface ReviewGround {
  name: string;
  holds(db: Db, customerId: string, storeId: string): Promise<boolean>;
}

/** A booking at this store (an offer, a service or a quote booking) that the store marked completed. */
const completedBooking: ReviewGround = {
  name: 'completed_booking',
  holds: (db, customerId, storeId) => hasCompletedBookingAt(db, customerId, storeId),
};

/**
 * Issue 31 finding 5: an accepted quote on a request the customer marked completed no longer
 * counts — three accounts on one phone each completed their own request and moved a store from
 * 4.17 to 3.11. A quote becomes a ground only through its quote booking, once the store completes
 * it (that is a completed booking above).
 */
export const REVIEW_GROUNDS: readonly ReviewGround[] = [completedBooking];

export type ReviewEligibility =
  | { canReview: true; reason: null; message: null }
  | { canReview: false; reason: 'sign_in_required' | 'booking_required'; message: string };

export const SIGN_IN_TO_REVIEW = 'Please log in to submit a review.';

export async function reviewEligibility(
  db: Db,
  customerId: string | null,
  storeId: string,
): Promise<ReviewEligibility> {
  if (!customerId) return { canReview: false, reason: 'sign_in_required', message: SIGN_IN_TO_REVIEW };
  for (const ground of REVIEW_GROUNDS) {
    if (await ground.holds(db, customerId, storeId)) return { canReview: true, reason: null, message: null };
  }
  return { canReview: false, reason: 'booking_required', message: ERROR_CODES.REVIEW_NOT_ALLOWED.message };
}
