import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  nextPaymentPoll,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX,
  PAYMENT_POLL_START,
  paymentPollInterval,
  type TPaymentPoll,
  type TPollAnswer,
} from './payment-poll';

function run(...answers: TPollAnswer[]): TPaymentPoll {
  return answers.reduce((poll, answer) => nextPaymentPoll(poll, answer), PAYMENT_POLL_START);
}

describe('nextPaymentPoll', () => {
  it('counts each read and stops at completed with the receipt', () => {
    const waiting = run({ status: 'pending' });
    expect(waiting).toEqual({ polls: 1, outcome: 'pending', receipt: null });
    expect(paymentPollInterval(waiting)).toBe(PAYMENT_POLL_INTERVAL_MS);
    const paid = nextPaymentPoll(waiting, { status: 'completed', mpesaReceiptNumber: 'QK12ABC3DE' });
    expect(paid).toEqual({ polls: 2, outcome: 'completed', receipt: 'QK12ABC3DE' });
    expect(paymentPollInterval(paid)).toBe(false);
  });

  it('stops at failed', () => {
    expect(run({ status: 'failed' })).toEqual({ polls: 1, outcome: 'failed', receipt: null });
  });

  it('stops when the server says it is checking with M-Pesa itself (issue 34)', () => {
    const checking = run({ status: 'pending' }, { status: 'pending', checking: true });
    expect(checking).toEqual({ polls: 2, outcome: 'checking', receipt: null });
    expect(paymentPollInterval(checking)).toBe(false);
    expect(run({ status: 'pending', checking: false }).outcome).toBe('pending');
  });

  it('gives up after 60 polls (5 minutes)', () => {
    const answers = Array.from({ length: PAYMENT_POLL_MAX }, () => ({ status: 'pending' }));
    expect(run(...answers.slice(1))).toMatchObject({ polls: PAYMENT_POLL_MAX - 1, outcome: 'pending' });
    expect(run(...answers)).toEqual({ polls: PAYMENT_POLL_MAX, outcome: 'timeout', receipt: null });
    expect(PAYMENT_POLL_MAX * PAYMENT_POLL_INTERVAL_MS).toBe(300_000);
  });

  it('keeps polling through network trouble, stops when the server refuses', () => {
    const flaky = run(
      { error: new ApiError(0, 'Network error', 'NETWORK_ERROR') },
      { error: new ApiError(503, 'Down', 'SERVICE_UNAVAILABLE') },
      { error: new ApiError(429, 'Too many', 'RATE_LIMITED') },
    );
    expect(flaky).toEqual({ polls: 3, outcome: 'pending', receipt: null });
    const refused = nextPaymentPoll(flaky, { error: new ApiError(403, 'No', 'FORBIDDEN') });
    expect(refused).toEqual({ polls: 4, outcome: 'unconfirmed', receipt: null });
  });

  it('an ended wait does not move again', () => {
    const failed = run({ status: 'failed' });
    expect(nextPaymentPoll(failed, { status: 'completed' })).toBe(failed);
  });
});
