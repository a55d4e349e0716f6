import { describe, expect, it } from 'vitest';
import { toApiError } from './api-client';
import {
  genericErrorMessage,
  NETWORK_ERROR_MESSAGE,
  SERVER_ERROR_MESSAGE,
  userErrorMessage,
} from './generic-error-message';

describe('userErrorMessage (issue 15 #8)', () => {
  it('maps 5xx and network failures to the seed text and keeps 4xx validation text, by status only', () => {
    const internal = toApiError(500, { success: false, code: 'INTERNAL', message: 'Internal error' });
    expect(userErrorMessage(internal)).toBe(SERVER_ERROR_MESSAGE);
    expect(SERVER_ERROR_MESSAGE).toBe('Server error. Please try again later.');
    const gateway = toApiError(502, 'Bad Gateway <html>nginx</html>');
    expect(userErrorMessage(gateway)).toBe('Server error. Please try again later.');
    const validation = toApiError(400, {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
    });
    expect(userErrorMessage(validation)).toBe('Please enter a valid email address');
    // A 4xx whose text happens to read like a server failure is still the server's 4xx text.
    expect(
      userErrorMessage(toApiError(409, { success: false, code: 'CONFLICT', message: 'Slot taken' })),
    ).toBe('Slot taken');
    expect(userErrorMessage(toApiError(0, null))).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please check your internet connection.');
    expect(userErrorMessage(new TypeError('Failed to fetch: stack at x.js:1'))).toBe(
      'An unexpected error occurred',
    );
    expect(userErrorMessage(new Error('boom'), 'Failed to change password')).toBe(
      'Failed to change password',
    );
  });

  it("adds a 5xx's reference (its request id) for support, and never a reference that is not a plain id", () => {
    const busy = toApiError(503, {
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy.',
      reference: 'req-4f2a9c',
    });
    expect(userErrorMessage(busy)).toBe('Server error. Please try again later. (reference req-4f2a9c)');
    expect(genericErrorMessage(busy)).toBe('Server error. Please try again later. (reference req-4f2a9c)');
    const odd = toApiError(500, { success: false, code: 'INTERNAL', message: 'x', reference: '<b>hi</b>' });
    expect(odd.reference).toBeUndefined();
    expect(userErrorMessage(odd)).toBe(SERVER_ERROR_MESSAGE);
    // A 4xx never carries one into its text.
    const taken = toApiError(409, {
      success: false,
      code: 'CONFLICT',
      message: 'Slot taken',
      reference: 'r1',
    });
    expect(userErrorMessage(taken)).toBe('Slot taken');
  });
});
