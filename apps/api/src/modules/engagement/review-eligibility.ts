import { ERROR_CODES } from '@d3/shared/api/error-codes';
import type { Db } from '../../db/client.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import { hasCompletedBookingAt } from '../bookings/bookings-service.js';
import { hasCompletedQuoteFrom } from '../service-requests/service-requests-service.js';

/**
 * Who may post a review that counts in a store's average (issue 14: ten throw-away accounts
 * moved a store from 5.0 to 1.36). A customer qualifies on any one ground; each ground asks the
 * module that owns the fact.
 */
export interface ReviewGround {
  name: string;
  holds(db: Db, customerId: string, storeId: string): Promise<boolean>;
}

/** A booking at this store that the store marked completed. */
const completedBooking: ReviewGround = {
  name: 'completed_booking',
  holds: (db, customerId, storeId) => hasCompletedBookingAt(db, customerId, storeId),
};

/**
 * A quote from this store that the customer accepted on a request now completed, with a
 * verified phone (the service-requests module answers the quote part).
 */
const acceptedQuote: ReviewGround = {
  name: 'accepted_quote',
  async holds(db, customerId, storeId) {
    if (!(await acceptedQuoteFrom(db, customerId, storeId))) return false;
    return (await customerVerifiedPhone(db, customerId)) !== null;
  },
};

function acceptedQuoteFrom(db: Db, customerId: string, storeId: string): Promise<boolean> {
  return hasCompletedQuoteFrom(db, customerId, storeId);
}

export const REVIEW_GROUNDS: readonly ReviewGround[] = [completedBooking, acceptedQuote];

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
