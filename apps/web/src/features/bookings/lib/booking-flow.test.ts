import { describe, expect, it } from 'vitest';
import type { TBooking } from '../api/booking-types';
import { bookingBody } from '../test/booking-fixtures';
import {
  bookingFlowReducer,
  initialBookingFlow,
  type TBookingFlowAction,
  type TBookingFlowState,
} from './booking-flow';
import { PAYMENT_MESSAGES } from './booking-messages';

const booking = bookingBody({ status: 'pending', accessFeePaid: false }) as TBooking;
const payment = { id: 'pay-1', phone: '0712345678', amount: 226, bookingId: booking.id };

function play(...actions: TBookingFlowAction[]): TBookingFlowState {
  return actions.reduce(bookingFlowReducer, initialBookingFlow);
}

/** Date, time and branch chosen: the customer stands on Review & Pay. */
const atReview: TBookingFlowAction[] = [
  { type: 'setDate', date: '2026-12-01' },
  { type: 'setTime', time: '10:00' },
  { type: 'next' },
  { type: 'setBranch', branchId: 'branch-a' },
  { type: 'next' },
];

describe('bookingFlowReducer', () => {
  it('walks the steps through the wizard rules and keeps what the customer typed', () => {
    const state = play(...atReview, { type: 'setNotes', notes: 'First visit' });
    expect(state).toMatchObject({
      step: 3,
      furthest: 3,
      branchId: 'branch-a',
      notes: 'First visit',
      busy: false,
    });
  });

  it('Pay opens the phone modal; it cannot be closed while a request is on its way', () => {
    const open = play(...atReview, { type: 'openPhone' });
    expect(open.phoneOpen).toBe(true);
    const busy = bookingFlowReducer(open, { type: 'submit' });
    expect(busy).toMatchObject({ busy: true, phoneOpen: true, reviewError: null });
    expect(bookingFlowReducer(busy, { type: 'closePhone' }).phoneOpen).toBe(true);
  });

  it('a taken slot goes back to step 1 with the notice, the time cleared, the modal closed', () => {
    const state = play(
      ...atReview,
      { type: 'openPhone' },
      { type: 'submit' },
      { type: 'slotTaken', message: 'Taken' },
    );
    expect(state).toMatchObject({ step: 1, time: null, dateNotice: 'Taken', busy: false, phoneOpen: false });
    expect(bookingFlowReducer(state, { type: 'setTime', time: '11:00' }).dateNotice).toBeNull();
  });

  it('a made booking waits for its payment, then finishes on completed with the booking read back', () => {
    const waiting = play(
      ...atReview,
      { type: 'submit' },
      { type: 'created', booking },
      { type: 'paymentStarted', payment },
    );
    expect(waiting).toMatchObject({ busy: false, phoneOpen: false, payment, booking });
    const paid = { ...booking, accessFeePaid: true, status: 'confirmed' } as TBooking;
    const done = bookingFlowReducer(waiting, {
      type: 'paymentEnded',
      paymentId: 'pay-1',
      outcome: 'completed',
      paid,
    });
    expect(done).toMatchObject({ done: true, step: 4, payment: null, booking: paid });
    // Once finished only the confirmation remains.
    expect(bookingFlowReducer(done, { type: 'back' }).step).toBe(4);
  });

  it('a completed payment whose booking cannot be read back marks the kept booking paid', () => {
    const waiting = play(...atReview, { type: 'created', booking }, { type: 'paymentStarted', payment });
    const done = bookingFlowReducer(waiting, {
      type: 'paymentEnded',
      paymentId: 'pay-1',
      outcome: 'completed',
      paid: null,
    });
    expect(done.booking?.accessFeePaid).toBe(true);
    expect(done.done).toBe(true);
  });

  it('a failed, expired or unconfirmed payment returns to Review & Pay with its message and forgets the booking', () => {
    for (const [outcome, message] of [
      ['failed', PAYMENT_MESSAGES.failed],
      ['timeout', PAYMENT_MESSAGES.timeout],
      ['unconfirmed', PAYMENT_MESSAGES.unconfirmed],
    ] as const) {
      const waiting = play(...atReview, { type: 'created', booking }, { type: 'paymentStarted', payment });
      const ended = bookingFlowReducer(waiting, {
        type: 'paymentEnded',
        paymentId: 'pay-1',
        outcome,
        paid: null,
      });
      expect(ended).toMatchObject({
        step: 3,
        done: false,
        payment: null,
        booking: null,
        reviewError: message,
      });
    }
  });

  it('the end of another payment than the one waited for changes nothing', () => {
    const waiting = play(...atReview, { type: 'created', booking }, { type: 'paymentStarted', payment });
    expect(
      bookingFlowReducer(waiting, {
        type: 'paymentEnded',
        paymentId: 'other',
        outcome: 'failed',
        paid: null,
      }),
    ).toBe(waiting);
  });

  it('a push that cannot be sent keeps the booking unless the server refused it; a refused number stays in the modal', () => {
    const made = play(...atReview, { type: 'openPhone' }, { type: 'submit' }, { type: 'created', booking });
    expect(bookingFlowReducer(made, { type: 'paymentNotStarted', forgetBooking: false })).toMatchObject({
      booking,
      busy: false,
      phoneOpen: false,
      reviewError: PAYMENT_MESSAGES.initiationFailed,
    });
    expect(bookingFlowReducer(made, { type: 'paymentNotStarted', forgetBooking: true }).booking).toBeNull();
    expect(bookingFlowReducer(made, { type: 'phoneRefused', message: 'Invalid phone' })).toMatchObject({
      phoneOpen: true,
      busy: false,
      phoneError: 'Invalid phone',
    });
  });

  it('the step header clears the review error; Confirm opens and Submit closes the confirmation', () => {
    const failed = play(...atReview, { type: 'submit' }, { type: 'createFailed', message: 'Server error' });
    expect(failed.reviewError).toBe('Server error');
    expect(bookingFlowReducer(failed, { type: 'goTo', step: 1 })).toMatchObject({
      step: 1,
      reviewError: null,
    });
    const asking = bookingFlowReducer(failed, { type: 'openConfirm' });
    expect(asking.confirmOpen).toBe(true);
    expect(bookingFlowReducer(asking, { type: 'submit' })).toMatchObject({ confirmOpen: false, busy: true });
    expect(bookingFlowReducer(asking, { type: 'finished', booking })).toMatchObject({
      done: true,
      step: 4,
      booking,
    });
  });
});
