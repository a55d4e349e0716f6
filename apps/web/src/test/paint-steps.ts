import { act } from '@testing-library/react';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The steps of AfterFirstPaint (components/after-first-paint.tsx), for tests that watch what it
 * builds: the first paint (two animation frames) and the task that builds its first part.
 */
export const paintFirstPart = () =>
  act(async () => {
    await frame();
    await frame();
    await task();
  });

/** The task that builds AfterFirstPaint's next part. */
export const buildNextPart = () => act(task);
