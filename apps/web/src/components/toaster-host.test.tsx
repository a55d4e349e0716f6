import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, toastError, toastSuccess } from '../lib/toast';
import { ToasterHost } from './toaster-host';

/** Real time passing (sonner runs its own timers; a late timer only keeps a toast longer). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

afterEach(cleanup);

describe('toasts (seed 000 §9: success 2 s, error 4 s)', () => {
  it('a success toast shows its message and is gone after about 2 s', async () => {
    expect(TOAST_SUCCESS_MS).toBe(2000);
    render(<ToasterHost />);
    act(() => toastSuccess('Profile saved'));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    await pause(1200);
    expect(screen.queryByText('Profile saved')).not.toBeNull();
    await waitFor(() => expect(screen.queryByText('Profile saved')).toBeNull(), { timeout: 3000 });
  });

  it('an error toast stays longer: still there after 3 s, gone after about 4 s', async () => {
    expect(TOAST_ERROR_MS).toBe(4000);
    render(<ToasterHost />);
    act(() => toastError('Could not save'));
    expect(await screen.findByText('Could not save')).toBeTruthy();
    await pause(3000);
    expect(screen.queryByText('Could not save')).not.toBeNull();
    await waitFor(() => expect(screen.queryByText('Could not save')).toBeNull(), { timeout: 3000 });
  });
});
