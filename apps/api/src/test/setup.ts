import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a bug the test did not look for: fail the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  // The 'api' project shares a module registry between files: no test leaves a faked clock behind.
  vi.useRealTimers();
  expect(errors, 'console.error was called during the test').toEqual([]);
});
