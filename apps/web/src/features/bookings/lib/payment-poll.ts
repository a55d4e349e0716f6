import { isApiError } from '../../../lib/api-client';
import type { TPaymentStatus } from '../api/booking-types';

/** Seed 001 §4 "Payment flow": the payment status is polled every 5 s, at most 60 times. */
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_POLL_MAX = 60;

export type TPollOutcome = 'pending' | 'completed' | 'failed' | 'timeout' | 'unconfirmed' | 'checking';

/** Where the wait for one payment stands after `polls` status reads. */
export interface TPaymentPoll {
  polls: number;
  outcome: TPollOutcome;
  receipt: string | null;
}

export const PAYMENT_POLL_START: TPaymentPoll = { polls: 0, outcome: 'pending', receipt: null };

export type TPollAnswer =
  | { status: TPaymentStatus | string; mpesaReceiptNumber?: string | null; checking?: boolean }
  | { error: unknown };

export function isPollOver(poll: TPaymentPoll | undefined): boolean {
  return poll !== undefined && poll.outcome !== 'pending';
}

/**
 * One status read moves the wait on: completed and failed end it, and so does 'checking' (the server is
 * asking M-Pesa, issue 34); a 4xx other than 408/429 means the server
 * will not tell (waiting longer will not help); anything else — pending, a lost network, a 5xx — counts as a
 * poll, so the wait never exceeds 60 × 5 s and the 60th unanswered poll ends it as a timeout.
 */
export function nextPaymentPoll(
  previous: TPaymentPoll,
  answer: TPollAnswer,
  maxPolls: number = PAYMENT_POLL_MAX,
): TPaymentPoll {
  if (isPollOver(previous)) return previous;
  const polls = previous.polls + 1;
  if ('status' in answer) {
    if (answer.status === 'completed') {
      return { polls, outcome: 'completed', receipt: answer.mpesaReceiptNumber ?? null };
    }
    if (answer.status === 'failed') return { polls, outcome: 'failed', receipt: null };
    // Past its deadline the server asks M-Pesa itself (issue 34): waiting here helps no more.
    if (answer.checking) return { polls, outcome: 'checking', receipt: null };
  } else {
    const status = isApiError(answer.error) ? answer.error.status : 0;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      return { polls, outcome: 'unconfirmed', receipt: null };
    }
  }
  return { polls, outcome: polls >= maxPolls ? 'timeout' : 'pending', receipt: null };
}

/** TanStack Query's `refetchInterval`: every 5 s while the wait goes on, never again once it is over. */
export function paymentPollInterval(poll: TPaymentPoll | undefined): number | false {
  return isPollOver(poll) ? false : PAYMENT_POLL_INTERVAL_MS;
}
