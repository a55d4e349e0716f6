import type { TBooking } from '../api/booking-types';
import { PAYMENT_MESSAGES } from './booking-messages';
import type { TPollOutcome } from './payment-poll';
import { initialWizardState, type TWizardAction, type TWizardState, wizardReducer } from './wizard-rules';

/**
 * The whole booking wizard as one explicit state (seed 000 §4, seed 001 §2 and §4): the steps and choices
 * (`wizard-rules.ts`), what the customer typed, the booking once made, the dialogs, and the payment being
 * waited for. Every change is an action below; `book-page.tsx` only dispatches and runs the requests.
 */
export interface TPendingPayment {
  id: string;
  phone: string;
  amount: number;
  bookingId: string;
}

export interface TBookingFlowState extends TWizardState {
  notes: string;
  specialRequests: string;
  /** The booking made on the server (kept so a retried payment does not book twice). */
  booking: TBooking | null;
  reviewError: string | null;
  /** Step 1's notice that the chosen time was taken. */
  dateNotice: string | null;
  /** A request is on its way: the buttons and the step header wait. */
  busy: boolean;
  phoneOpen: boolean;
  phoneError: string | null;
  confirmOpen: boolean;
  payment: TPendingPayment | null;
}

export const initialBookingFlow: TBookingFlowState = {
  ...initialWizardState,
  notes: '',
  specialRequests: '',
  booking: null,
  reviewError: null,
  dateNotice: null,
  busy: false,
  phoneOpen: false,
  phoneError: null,
  confirmOpen: false,
  payment: null,
};

export type TBookingFlowAction =
  | Exclude<TWizardAction, { type: 'slotTaken' } | { type: 'finished' }>
  | { type: 'setNotes'; notes: string }
  | { type: 'setSpecialRequests'; specialRequests: string }
  | { type: 'dismissDateNotice' }
  | { type: 'openPhone' }
  | { type: 'closePhone' }
  | { type: 'openConfirm' }
  | { type: 'closeConfirm' }
  /** Confirm (no payment) or Pay was pressed: the request starts. */
  | { type: 'submit' }
  | { type: 'created'; booking: TBooking }
  /** The chosen time was taken meanwhile: back to step 1 with the server's message. */
  | { type: 'slotTaken'; message: string }
  | { type: 'createFailed'; message: string }
  | { type: 'finished'; booking: TBooking }
  | { type: 'paymentStarted'; payment: TPendingPayment }
  /** The server refused the phone number: the message goes under the field. */
  | { type: 'phoneRefused'; message: string }
  /** The STK push could not be sent; a refused one (4xx) also forgets the booking so the next try books afresh. */
  | { type: 'paymentNotStarted'; forgetBooking: boolean }
  /** The wait for the payment ended; `paid` is the booking read back after a completed payment. */
  | {
      type: 'paymentEnded';
      paymentId: string;
      outcome: Exclude<TPollOutcome, 'pending'>;
      paid: TBooking | null;
    };

const PAYMENT_END_MESSAGES = {
  failed: PAYMENT_MESSAGES.failed,
  timeout: PAYMENT_MESSAGES.timeout,
  unconfirmed: PAYMENT_MESSAGES.unconfirmed,
  checking: PAYMENT_MESSAGES.checking,
} as const;

export function bookingFlowReducer(state: TBookingFlowState, action: TBookingFlowAction): TBookingFlowState {
  switch (action.type) {
    case 'setNotes':
      return { ...state, notes: action.notes };
    case 'setSpecialRequests':
      return { ...state, specialRequests: action.specialRequests };
    case 'dismissDateNotice':
      return { ...state, dateNotice: null };
    case 'openPhone':
      return { ...state, phoneOpen: true, phoneError: null };
    case 'closePhone':
      return state.busy ? state : { ...state, phoneOpen: false };
    case 'openConfirm':
      return { ...state, confirmOpen: true };
    case 'closeConfirm':
      return { ...state, confirmOpen: false };
    case 'submit':
      return { ...state, busy: true, confirmOpen: false, reviewError: null, phoneError: null };
    case 'created':
      return { ...state, booking: action.booking };
    case 'slotTaken':
      return {
        ...wizardReducer(state, { type: 'slotTaken' }),
        busy: false,
        phoneOpen: false,
        dateNotice: action.message,
      };
    case 'createFailed':
      return { ...state, busy: false, phoneOpen: false, reviewError: action.message };
    case 'finished':
      return {
        ...wizardReducer(state, { type: 'finished' }),
        booking: action.booking,
        busy: false,
        phoneOpen: false,
      };
    case 'paymentStarted':
      return { ...state, busy: false, phoneOpen: false, payment: action.payment };
    case 'phoneRefused':
      return { ...state, busy: false, phoneError: action.message };
    case 'paymentNotStarted':
      return {
        ...state,
        busy: false,
        phoneOpen: false,
        reviewError: PAYMENT_MESSAGES.initiationFailed,
        booking: action.forgetBooking ? null : state.booking,
      };
    case 'paymentEnded': {
      if (state.payment?.id !== action.paymentId) return state;
      if (action.outcome === 'completed') {
        const booking = action.paid ?? (state.booking && { ...state.booking, accessFeePaid: true });
        return {
          ...wizardReducer(state, { type: 'finished' }),
          booking,
          payment: null,
        };
      }
      // A failed or expired payment cancels the booking on the server and frees the slot; one being
      // checked with M-Pesa keeps it held until M-Pesa answers (My Bookings shows where it stands).
      return { ...state, payment: null, booking: null, reviewError: PAYMENT_END_MESSAGES[action.outcome] };
    }
    case 'goTo':
      return { ...wizardReducer(state, action), reviewError: null };
    case 'setTime':
      return { ...wizardReducer(state, action), dateNotice: null };
    default:
      return wizardReducer(state, action);
  }
}
