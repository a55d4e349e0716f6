import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { bookingErrorMessage, isSlotTaken } from '../api/booking-errors';
import type { TBooking, TCreateBookingRequest } from '../api/booking-types';
import { createBooking } from '../api/create-booking';
import { getBooking } from '../api/get-booking';
import type { TBookingTarget } from '../api/get-booking-target';
import { initiateMpesaPayment, paymentPollQuery, type TMpesaRequest } from '../api/payments';
import { userBookingsKeys } from '../api/user-bookings';
import { localStartTime } from './booking-dates';
import type { TBookingFlowAction, TBookingFlowState } from './booking-flow';

interface SubmitContext {
  target: TBookingTarget;
  state: TBookingFlowState;
  dispatch: Dispatch<TBookingFlowAction>;
  user: TUser | undefined;
  accessFeeAmount: number;
}

/** The create request the wizard's choices make (seed 001 §2). */
function createRequest({ target, state, user }: SubmitContext, phone?: string): TCreateBookingRequest | null {
  if (state.time === null) return null;
  const notes = state.notes.trim();
  const specialRequests = state.specialRequests.trim();
  const body: TCreateBookingRequest = {
    startTime: localStartTime(state.date, state.time),
    bookingType: target.bookingType,
    storeId: target.storeId,
    ...(state.branchId ? { branchId: state.branchId } : {}),
    ...(state.staffId ? { staffId: state.staffId } : {}),
    ...(notes ? { notes } : {}),
    ...(specialRequests ? { specialRequests } : {}),
    ...(target.bookingType === 'offer'
      ? { offerId: target.id }
      : target.bookingType === 'quote'
        ? { quoteId: target.id }
        : { serviceId: target.id }),
  };
  if (user) {
    body.clientInfo = {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: phone ?? user.phoneNumber ?? '',
    };
  }
  return body;
}

/**
 * The wizard's requests: create the booking, push the M-Pesa prompt, and wait for the payment
 * (its status read every 5 s, at most 60 times: seed 001 §4). Returns the two ways to finish and
 * how many polls the wait has made.
 */
export function useBookingSubmit(context: SubmitContext) {
  const { state, dispatch, accessFeeAmount } = context;
  const queryClient = useQueryClient();
  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] });
  const refreshMyBookings = () => queryClient.invalidateQueries({ queryKey: userBookingsKeys.all });
  const createMutation = useMutation({ mutationFn: createBooking });
  const payMutation = useMutation({
    mutationFn: (request: TMpesaRequest) => initiateMpesaPayment(request, crypto.randomUUID()),
  });

  const finish = (made: TBooking) => {
    void refreshMyBookings();
    dispatch({ type: 'finished', booking: made });
  };

  /** POST the booking; a taken slot sends the customer back to step 1 with fresh slots. */
  async function create(phone?: string): Promise<{ booking: TBooking; paymentRequired: boolean } | null> {
    const body = createRequest(context, phone);
    if (!body) return null;
    if (phone) {
      body.paymentData = { amount: accessFeeAmount, currency: 'KES', method: 'mpesa', phoneNumber: phone };
    }
    try {
      const made = await createMutation.mutateAsync(body);
      dispatch({ type: 'created', booking: made.booking });
      return made;
    } catch (error) {
      if (isSlotTaken(error)) {
        dispatch({ type: 'slotTaken', message: bookingErrorMessage(error) });
        void refreshSlots();
      } else {
        dispatch({ type: 'createFailed', message: bookingErrorMessage(error) });
      }
      return null;
    }
  }

  async function confirmWithoutPayment() {
    dispatch({ type: 'submit' });
    const made = await create();
    if (made) finish(made.booking);
  }

  async function payWith(phone: string) {
    dispatch({ type: 'submit' });
    let current = state.booking;
    if (!current) {
      const made = await create(phone);
      if (!made) return;
      if (!made.paymentRequired) {
        finish(made.booking);
        return;
      }
      current = made.booking;
    }
    try {
      const answer = await payMutation.mutateAsync({
        phoneNumber: phone,
        amount: accessFeeAmount,
        bookingId: current.id,
      });
      dispatch({
        type: 'paymentStarted',
        payment: {
          id: answer.payment.id,
          phone,
          amount: answer.payment.amount ?? accessFeeAmount,
          bookingId: current.id,
        },
      });
    } catch (error) {
      const phoneProblem =
        isApiError(error) && error.code === 'VALIDATION_ERROR' && error.fieldErrors.phoneNumber;
      if (phoneProblem) {
        dispatch({ type: 'phoneRefused', message: phoneProblem });
      } else {
        // The server refused this booking's payment (e.g. its hold ran out): the next try books afresh.
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        dispatch({ type: 'paymentNotStarted', forgetBooking: refused });
      }
    }
  }

  const { payment } = state;
  const pollQuery = useQuery({ ...paymentPollQuery(payment?.id ?? ''), enabled: payment !== null });
  const poll = payment ? pollQuery.data : undefined;
  const pollOutcome = poll?.outcome ?? 'pending';
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once when this payment's wait ends.
  useEffect(() => {
    if (!payment || pollOutcome === 'pending') return;
    const paymentId = payment.id;
    if (pollOutcome !== 'completed') {
      dispatch({ type: 'paymentEnded', paymentId, outcome: pollOutcome, paid: null });
      void refreshSlots();
      return;
    }
    let live = true;
    void getBooking(payment.bookingId)
      .catch(() => null)
      .then((paid) => {
        if (!live) return;
        if (paid) void refreshMyBookings();
        dispatch({ type: 'paymentEnded', paymentId, outcome: 'completed', paid });
      });
    return () => {
      live = false;
    };
  }, [payment, pollOutcome]);

  return { confirmWithoutPayment, payWith, polls: poll?.polls ?? 0 };
}
