/**
 * The fault test's M-Pesa traffic (issue 35): payers book a slot of a paid offer (capacity 1, shared
 * by all of them) and pay its access fee with an STK push through the proxy (Idempotency-Key: a
 * push whose answer is lost is sent again with the same key). Each process's Daraja simulator
 * approves after a short delay and posts the callback to that process, which confirms it with an STK
 * query. Once the site sees the payment completed, Daraja's callback is replayed through the proxy
 * (to any process), one to three copies at once, as Safaricom does when it misses our answer.
 *
 * Checks: every payment the site saw completed is completed in the database (not lost); no booking
 * has two completed payments and no receipt is on two payments (not doubled).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { api, retryable, sleep, traffic } from './faults-client.js';

export interface Payer {
  token: string;
  phone: string;
}

interface PaidOffer {
  offerId: string;
  storeId: string;
  slots: string[];
}

/** Payment id -> its booking, for the payments the site saw completed. */
const completed = new Map<string, string>();
const counters = { pushes: 0, replays: 0, unconfirmed: 0, conflicts: 0 };
const bookingsAcked = new Map<string, string>();

export const paymentCounters = counters;
/** Bookings of the paid offer the API answered 201 for: id -> slot. */
export const paidBookingsAcked = bookingsAcked;

export function payerLoops(payers: Payer[], offer: PaidOffer, callbackPath: string): Promise<void>[] {
  return payers.map((payer) => payerLoop(payer, offer, callbackPath));
}

async function payerLoop(payer: Payer, offer: PaidOffer, callbackPath: string) {
  await sleep(Math.random() * 1000);
  while (traffic.running) {
    const slot = offer.slots[Math.floor(Math.random() * offer.slots.length)]!;
    const booked = await api<{ booking?: { id: string } }>('POST', '/api/v1/bookings', {
      body: { offerId: offer.offerId, storeId: offer.storeId, bookingType: 'offer', startTime: slot },
      token: payer.token,
      kind: 'booking',
    });
    const bookingId = booked.json?.booking?.id;
    if (booked.status !== 201 || !bookingId) {
      if (booked.status === 409) counters.conflicts += 1;
      await sleep(300);
      continue;
    }
    bookingsAcked.set(bookingId, slot);
    const pushed = await push(payer, bookingId);
    if (!pushed) continue;
    const paymentId = pushed.id;
    const payment = await awaitCompleted(payer, pushed);
    if (!payment) {
      counters.unconfirmed += 1;
      continue;
    }
    completed.set(paymentId, bookingId);
    // Every other payment: Daraja's callback again, 1-3 copies at once, to whichever process.
    if (completed.size % 2 === 0) {
      const copies = 1 + Math.floor(Math.random() * 3);
      await Promise.all(
        Array.from({ length: copies }, () =>
          api('POST', callbackPath, { body: successCallback(payment, payer.phone), kind: 'callback' }),
        ),
      );
      counters.replays += copies;
    }
  }
}

/**
 * The STK push, sent again with its Idempotency-Key while no answer comes, for at most 30 s (and
 * not after traffic stops). A push whose process died before Daraja answered stays pending with no
 * CheckoutRequestID: each replay of its key waits for it and the client gives up on the answer.
 */
async function push(payer: Payer, bookingId: string): Promise<Pushed | undefined> {
  const key = randomUUID();
  const until = performance.now() + 30_000;
  for (let attempt = 1; performance.now() < until && (attempt === 1 || traffic.running); attempt += 1) {
    const answer = await api<{ payment?: Pushed }>('POST', '/api/v1/payments/mpesa', {
      body: { phoneNumber: payer.phone, bookingId, type: 'booking_access_fee' },
      token: payer.token,
      headers: { 'idempotency-key': key },
      kind: 'payment',
    });
    if (answer.status === 201 && answer.json?.payment?.checkoutRequestId) {
      counters.pushes += 1;
      return answer.json.payment;
    }
    if (!retryable(answer.status)) return undefined;
    await sleep(Math.min(1000, 200 * attempt));
  }
  return undefined;
}

interface Pushed {
  id: string;
  checkoutRequestId: string | null;
}

interface CompletedPayment {
  checkoutRequestId: string;
  amount: number;
  receipt: string;
}

/** Polls the payment's status as the site does, until completed or failed (or ~20 s). */
async function awaitCompleted(payer: Payer, pushed: Pushed): Promise<CompletedPayment | undefined> {
  const until = performance.now() + 20_000;
  while (performance.now() < until) {
    const answer = await api<{
      payment?: { status: string; amount: number; mpesaReceiptNumber: string | null };
    }>('GET', `/api/v1/payments/${pushed.id}/status`, { token: payer.token });
    const payment = answer.json?.payment;
    if (payment?.status === 'failed') return undefined;
    if (payment?.status === 'completed' && payment.mpesaReceiptNumber) {
      return {
        checkoutRequestId: pushed.checkoutRequestId!,
        amount: payment.amount,
        receipt: payment.mpesaReceiptNumber,
      };
    }
    await sleep(400);
  }
  return undefined;
}

/** Daraja's success callback for a completed push, as Safaricom sends it. */
function successCallback(payment: CompletedPayment, phone: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: `fault-${payment.checkoutRequestId}`,
        CheckoutRequestID: payment.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: payment.amount },
            { Name: 'MpesaReceiptNumber', Value: payment.receipt },
            { Name: 'TransactionDate', Value: 20261126120000 },
            { Name: 'PhoneNumber', Value: Number(`254${phone.replace(/^\+?254|^0/, '')}`) },
          ],
        },
      },
    },
  };
}

export interface PaymentCheck {
  lost: number;
  doubled: number;
  completed: number;
}

export async function checkPayments(db: pg.Client, offerId: string): Promise<PaymentCheck> {
  // What the customers saw completed before the database is read.
  const seen = [...completed.keys()];
  const rows = (
    await db.query<{ id: string; booking_id: string; status: string; mpesa_receipt_number: string | null }>(
      `select p.id, p.booking_id, p.status, p.mpesa_receipt_number
         from payments p join bookings b on b.id = p.booking_id where b.offer_id = $1`,
      [offerId],
    )
  ).rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lost = seen.filter((id) => byId.get(id)?.status !== 'completed').length;
  const perBooking = new Map<string, number>();
  const perReceipt = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== 'completed') continue;
    perBooking.set(row.booking_id, (perBooking.get(row.booking_id) ?? 0) + 1);
    if (row.mpesa_receipt_number)
      perReceipt.set(row.mpesa_receipt_number, (perReceipt.get(row.mpesa_receipt_number) ?? 0) + 1);
  }
  const doubled =
    [...perBooking.values()].filter((n) => n > 1).length +
    [...perReceipt.values()].filter((n) => n > 1).length;
  return { lost, doubled, completed: seen.length };
}
