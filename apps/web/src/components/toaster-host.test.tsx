import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, toastError, toastSuccess } from '../lib/toast';
import { ToasterHost } from './toaster-host';

/** Real time passing (sonner runs its own timers; a late timer only keeps a toast longer). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

afterEach(cleanup);

describe('toasts (seed 000 §9: success 2 s, error 4 s)', () => {
  // kind, still shown after (ms), gone after about (ms), the toast, its constant, its message
  it.each([
    ['success', 1200, 2000, toastSuccess, TOAST_SUCCESS_MS, 'Profile saved'],
    ['error', 3000, 4000, toastError, TOAST_ERROR_MS, 'Could not save'],
  ] as const)(
    '%s toast: shows its message, still there after %i ms, gone after about %i ms',
    async (_kind, stillAt, ms, show, lasts, message) => {
      expect(lasts).toBe(ms);
      render(<ToasterHost />);
      act(() => show(message));
      expect(await screen.findByText(message)).toBeTruthy();
      await pause(stillAt);
      expect(screen.queryByText(message)).not.toBeNull();
      await waitFor(() => expect(screen.queryByText(message)).toBeNull(), { timeout: 3000 });
    },
  );
});
