import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { reviewWriteError } from './review-errors';

describe('reviewWriteError', () => {
  it('a 401 says the session expired', () => {
    const error = new ApiError(401, 'Authentication required', 'UNAUTHENTICATED');
    expect(reviewWriteError(error, 'submit')).toBe('Your session has expired. Please log in again.');
    expect(reviewWriteError(error, 'update')).toBe('Your session has expired. Please log in again.');
  });

  it('a 409 says the store was already reviewed', () => {
    const error = new ApiError(409, 'whatever', 'REVIEW_EXISTS');
    expect(reviewWriteError(error, 'submit')).toBe(
      'You have already reviewed this store. You can edit your existing review instead.',
    );
  });

  it('a 400 shows the server’s validation message', () => {
    const error = new ApiError(400, 'Rating must be a whole number from 1 to 5', 'VALIDATION_ERROR');
    expect(reviewWriteError(error, 'update')).toBe('Rating must be a whole number from 1 to 5');
  });

  it('anything else falls back to the action’s failure', () => {
    expect(reviewWriteError(new ApiError(500, 'boom', 'INTERNAL'), 'submit')).toBe(
      'Failed to submit review. Please try again.',
    );
    expect(reviewWriteError(new ApiError(403, 'nope', 'FORBIDDEN'), 'update')).toBe(
      'Failed to update review. Please try again.',
    );
    expect(reviewWriteError(new TypeError('offline'), 'submit')).toBe(
      'Failed to submit review. Please try again.',
    );
  });
});
