import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX, pollPaymentStatus } from './poll-payment';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function statuses(...sequence: string[]) {
  let call = 0;
  return vi.fn(async () => ({ status: sequence[Math.min(call++, sequence.length - 1)] ?? 'pending' }));
}

describe('pollPaymentStatus', () => {
  it('asks every 5 s and stops at completed', async () => {
    const fetchStatus = statuses('pending', 'pending', 'completed');
    const outcome = pollPaymentStatus({ fetchStatus, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS - 1);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * PAYMENT_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'completed', receipt: null });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('stops at failed', async () => {
    const fetchStatus = vi.fn(async () => ({ status: 'failed', resultDesc: 'Request cancelled by user' }));
    const outcome = pollPaymentStatus({ fetchStatus, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'failed', reason: 'Request cancelled by user' });
  });

  it('gives up after 60 polls (5 minutes)', async () => {
    const fetchStatus = statuses('pending');
    const onPoll = vi.fn();
    const outcome = pollPaymentStatus({ fetchStatus, signal: new AbortController().signal, onPoll });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MAX * PAYMENT_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'timeout' });
    expect(fetchStatus).toHaveBeenCalledTimes(60);
    expect(onPoll).toHaveBeenLastCalledWith(60);
  });

  it('keeps polling through network trouble, stops when the server refuses', async () => {
    let call = 0;
    const flaky = vi.fn(async () => {
      call += 1;
      if (call === 1) throw new ApiError(0, 'Network error', 'NETWORK_ERROR');
      if (call === 2) throw new ApiError(503, 'Down', 'SERVICE_UNAVAILABLE');
      return { status: 'completed', mpesaReceiptNumber: 'QK12ABC3DE' };
    });
    const outcome = pollPaymentStatus({ fetchStatus: flaky, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual({ kind: 'completed', receipt: 'QK12ABC3DE' });

    const refused = vi.fn(async () => {
      throw new ApiError(403, 'You do not have permission', 'FORBIDDEN');
    });
    const second = pollPaymentStatus({ fetchStatus: refused, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await expect(second).resolves.toEqual({ kind: 'unconfirmed' });
  });

  it('stops quietly when the page goes away', async () => {
    const controller = new AbortController();
    const fetchStatus = statuses('pending');
    const outcome = pollPaymentStatus({ fetchStatus, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    controller.abort();
    await expect(outcome).resolves.toEqual({ kind: 'aborted' });
    await vi.advanceTimersByTimeAsync(10 * PAYMENT_POLL_INTERVAL_MS);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });
});
