import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, toastError, toastSuccess } from '../lib/toast';
import { ToasterHost } from './toaster-host';

/** Real time passing (sonner runs its own timers; a late timer only keeps a toast longer). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/**
 * Shows a toast through the host, then checks that its message appears, is still there after
 * `stillThereAfterMs`, and is gone within 3 s more.
 */
async function expectToastLifetime(show: () => void, message: string, stillThereAfterMs: number) {
  render(<ToasterHost />);
  act(show);
  expect(await screen.findByText(message)).toBeTruthy();
  await pause(stillThereAfterMs);
  expect(screen.queryByText(message)).not.toBeNull();
  await waitFor(() => expect(screen.queryByText(message)).toBeNull(), { timeout: 3000 });
}

afterEach(cleanup);

describe('toasts (seed 000 §9: success 2 s, error 4 s)', () => {
  it('a success toast shows its message and is gone after about 2 s', async () => {
    expect(TOAST_SUCCESS_MS).toBe(2000);
    await expectToastLifetime(() => toastSuccess('Profile saved'), 'Profile saved', 1200);
  });

  it('an error toast stays longer: still there after 3 s, gone after about 4 s', async () => {
    expect(TOAST_ERROR_MS).toBe(4000);
    await expectToastLifetime(() => toastError('Could not save'), 'Could not save', 3000);
  });
});
