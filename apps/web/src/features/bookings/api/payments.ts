import { paymentsRoutes } from '@d3/shared/api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import {
  nextPaymentPoll,
  PAYMENT_POLL_START,
  paymentPollInterval,
  type TPaymentPoll,
  type TPollAnswer,
} from '../lib/payment-poll';
import { BOOKING_TIMEOUT_MS } from './booking-errors';

export interface TMpesaRequest {
  phoneNumber: string;
  amount: number;
  bookingId: string;
}

/**
 * POST /payments/mpesa. The Idempotency-Key is new for every attempt the customer makes, so a retried
 * request (network hiccup) never pushes a second STK prompt, while a new tap on Pay does.
 */
export function initiateMpesaPayment(request: TMpesaRequest, idempotencyKey: string) {
  return call(
    paymentsRoutes.payAccessFee,
    {
      body: { ...request, type: 'booking_access_fee' },
      headers: { 'idempotency-key': idempotencyKey },
    },
    { timeoutMs: BOOKING_TIMEOUT_MS },
  );
}

/** GET /payments/{id}/status. */
export function getPaymentStatus(paymentId: string, signal?: AbortSignal) {
  return call(paymentsRoutes.status, { params: { id: paymentId } }, { signal });
}

export const paymentPollKey = (paymentId: string) => ['payments', paymentId, 'poll'] as const;

/**
 * The wait for one M-Pesa payment as a query (seed 001 §4): it starts at poll 0 without asking, then
 * `refetchInterval` reads the status every 5 s until `nextPaymentPoll` calls the wait over (completed,
 * failed, refused, or 60 polls). A read never throws: its failure is an answer the rule counts.
 */
export function paymentPollQuery(paymentId: string) {
  return queryOptions({
    queryKey: paymentPollKey(paymentId),
    queryFn: async ({ client, queryKey, signal }): Promise<TPaymentPoll> => {
      const previous = client.getQueryData<TPaymentPoll>(queryKey) ?? PAYMENT_POLL_START;
      let answer: TPollAnswer;
      try {
        answer = (await getPaymentStatus(paymentId, signal)).payment;
      } catch (error) {
        if (signal.aborted) throw error;
        answer = { error };
      }
      return nextPaymentPoll(previous, answer);
    },
    initialData: PAYMENT_POLL_START,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => paymentPollInterval(query.state.data),
    refetchIntervalInBackground: true,
  });
}
