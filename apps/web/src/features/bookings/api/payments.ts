import { apiFetch } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';
import type { TPaymentResponse } from './booking-types';

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
  return apiFetch<TPaymentResponse>('/payments/mpesa', {
    method: 'POST',
    body: { ...request, type: 'booking_access_fee' },
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: BOOKING_TIMEOUT_MS,
  });
}

/** GET /payments/{id}/status. */
export function getPaymentStatus(paymentId: string, signal?: AbortSignal) {
  return apiFetch<TPaymentResponse>(`/payments/${encodeURIComponent(paymentId)}/status`, { signal });
}
