import { isApiError } from '../../../lib/api-client';
import type { TPaymentStatus } from '../api/booking-types';

/** Seed 000 §9: the payment status is polled every 5 s, at most 60 times. */
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_POLL_MAX = 60;

export type TPollOutcome =
  | { kind: 'completed'; receipt: string | null }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'timeout' }
  /** The server refused to tell (e.g. 403/404): waiting longer will not help. */
  | { kind: 'unconfirmed' }
  | { kind: 'aborted' };

export interface TPollOptions {
  fetchStatus: (signal: AbortSignal) => Promise<{
    status: TPaymentStatus | string;
    mpesaReceiptNumber?: string | null;
    resultDesc?: string | null;
  }>;
  signal: AbortSignal;
  intervalMs?: number;
  maxPolls?: number;
  /** Called before each poll with its number (1..maxPolls). */
  onPoll?: (poll: number) => void;
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits 5 s, asks for the payment's status, and repeats up to 60 times: completed and failed end the wait
 * (seed 001 §4 "Payment flow"); anything else counts as still pending. A poll lost to the network counts as
 * a poll too, so the wait never exceeds 60 × 5 s.
 */
export async function pollPaymentStatus({
  fetchStatus,
  signal,
  intervalMs = PAYMENT_POLL_INTERVAL_MS,
  maxPolls = PAYMENT_POLL_MAX,
  onPoll,
}: TPollOptions): Promise<TPollOutcome> {
  for (let poll = 1; poll <= maxPolls; poll += 1) {
    if (!(await sleep(intervalMs, signal))) return { kind: 'aborted' };
    onPoll?.(poll);
    try {
      const payment = await fetchStatus(signal);
      if (payment.status === 'completed') {
        return { kind: 'completed', receipt: payment.mpesaReceiptNumber ?? null };
      }
      if (payment.status === 'failed') return { kind: 'failed', reason: payment.resultDesc ?? null };
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      const status = isApiError(error) ? error.status : 0;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'unconfirmed' };
    }
  }
  return { kind: 'timeout' };
}
