import { isApiError } from '../../../lib/api-client';
import { REVIEW_MESSAGES } from './review-messages';

/**
 * What the panel says when a write fails (seed 001 §8 "Reviews"): 401 → session expired (the API client
 * also clears the session and goes to sign-in), 409 → already reviewed, 400 → the server's validation
 * message (already the seed's words), anything else → the generic failure for that action.
 */
export function reviewWriteError(error: unknown, action: 'submit' | 'update'): string {
  if (isApiError(error)) {
    if (error.status === 401) return REVIEW_MESSAGES.sessionExpired;
    if (error.status === 409 || error.code === 'REVIEW_EXISTS') return REVIEW_MESSAGES.duplicate;
    if (error.status === 400 && error.message) return error.message;
    // Issue 14: no completed booking at this store (the server's words say so).
    if (error.code === 'REVIEW_NOT_ALLOWED' && error.message) return error.message;
  }
  return action === 'submit' ? REVIEW_MESSAGES.submitFailed : REVIEW_MESSAGES.updateFailed;
}
