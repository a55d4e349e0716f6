import { REVIEW_TEXT_MAX } from '@d3/shared/engagement/engagement-messages';
import { siteText } from '../../../lib/site-i18n';

/** The reviews panel's words (seed 000 §2 "Reviews panel", §5 "Review"; seed 001 §8 "Reviews"). */
const ids = {
  loadFailed: 'reviews.loadFailed',
  signInPrompt: 'reviews.signInPrompt',
  required: 'reviews.required',
  duplicate: 'reviews.duplicate',
  submitted: 'reviews.submitted',
  updated: 'reviews.updated',
  submitFailed: 'reviews.submitFailed',
  updateFailed: 'reviews.updateFailed',
  sessionExpired: 'reviews.sessionExpired',
  empty: 'reviews.empty',
} as const;

/** Each read in the page's language when used (issue 33; English: the seed's and the server's words). */
export const REVIEW_MESSAGES = Object.defineProperties(
  {} as Record<keyof typeof ids, string>,
  Object.fromEntries(
    Object.entries(ids).map(([key, id]) => [key, { get: () => siteText(id), enumerable: true }]),
  ),
);

export const REVIEW_MAX_LENGTH = REVIEW_TEXT_MAX;

/** Seed 000 §2: success messages vanish after 5 s. */
export const REVIEW_SUCCESS_MS = 5000;

/** Message ids of the five ratings' words ('Poor' … 'Excellent'). */
export const RATING_WORDS = [
  'reviews.rating1',
  'reviews.rating2',
  'reviews.rating3',
  'reviews.rating4',
  'reviews.rating5',
] as const;
