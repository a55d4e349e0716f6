import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The steps of AfterFirstPaint (components/after-first-paint.tsx), for tests that watch what it
 * builds, on timers only the test moves: the browser's frames and tasks pass when the test says so,
 * whatever the machine's speed. With real timers, a loaded machine let the next part's timer fire
 * while act() was still flushing the first part (CI saw 10 cards where 8 were due).
 *
 * Call `fakePaintClock()` at the top of the test file (it fakes the frame and timeout clocks around
 * each test); then `paintFirstPart()` is the first paint (two animation frames, whose second builds
 * the first part) and `buildNextPart()` the task that builds the next one.
 */
export function fakePaintClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const paintFirstPart = () =>
  act(async () => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
  });

/** The task that builds AfterFirstPaint's next part (its timer is the only one due at once). */
export const buildNextPart = () =>
  act(async () => {
    vi.advanceTimersByTime(0);
  });
