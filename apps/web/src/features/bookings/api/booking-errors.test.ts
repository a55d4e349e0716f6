import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { bookingErrorMessage } from './booking-errors';

describe('booking API mapping (seed 001 §8)', () => {
  it.each([
    [401, 'Authentication required. Please log in again.'],
    [403, 'You do not have permission to perform this action.'],
    [404, 'The requested resource was not found.'],
    [409, 'This time slot is no longer available. Please select a different time.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error occurred. Please try again in a few moments.'],
    [503, 'Server error occurred. Please try again in a few moments.'],
    [0, 'Network error. Please check your connection and try again.'],
  ])('%i → %s', (status, message) => {
    expect(bookingErrorMessage(new ApiError(status, 'raw server text', 'X'))).toBe(message);
  });

  it("a 400 keeps the server's own wording", () => {
    expect(
      bookingErrorMessage(new ApiError(400, 'Booking is not enabled for this service.', 'BAD_REQUEST')),
    ).toBe('Booking is not enabled for this service.');
  });
});
