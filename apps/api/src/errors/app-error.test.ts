import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';

describe('AppError', () => {
  it('a client’s error (4xx) carries its code, status and words but no stack; a server’s error keeps its stack, and other errors theirs', () => {
    const taken = new AppError('SLOT_TAKEN');
    expect([taken.code, taken.status, taken.message]).toEqual([
      'SLOT_TAKEN',
      409,
      'This time slot is no longer available. Please select a different time.',
    ]);
    expect(taken.stack).not.toMatch(/\n\s+at /);
    const unavailable = new AppError('SERVICE_UNAVAILABLE');
    expect(unavailable.status).toBe(503);
    expect(unavailable.stack).toMatch(/\n\s+at /);
    // The limit is put back: errors made after a client's error have their stacks.
    expect(new Error('after').stack).toMatch(/\n\s+at /);
  });
});
