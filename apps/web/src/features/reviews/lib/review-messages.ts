import { ENGAGEMENT_MESSAGES, REVIEW_TEXT_MAX } from '@d3/shared/engagement/engagement-messages';

/** The reviews panel's words (seed 000 §2 "Reviews panel", §5 "Review"; seed 001 §8 "Reviews"). */
export const REVIEW_MESSAGES = {
  loadFailed: 'Failed to load reviews. Please try again.',
  signInPrompt: 'Please log in to submit a review.',
  required: ENGAGEMENT_MESSAGES.reviewRequired,
  duplicate: ENGAGEMENT_MESSAGES.reviewDuplicate,
  submitted: ENGAGEMENT_MESSAGES.reviewCreated,
  updated: ENGAGEMENT_MESSAGES.reviewUpdated,
  submitFailed: 'Failed to submit review. Please try again.',
  updateFailed: 'Failed to update review. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  empty: 'No reviews yet',
} as const;

export const REVIEW_MAX_LENGTH = REVIEW_TEXT_MAX;

/** Seed 000 §2: success messages vanish after 5 s. */
export const REVIEW_SUCCESS_MS = 5000;

export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;
