import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { bookings } from '../../db/schema/bookings.js';
import { payments } from '../../db/schema/payments.js';
import { buildTestApp, call, useApiTestApp, usePublished } from '../../test/build-app.js';
import { createCustomer, createOffer, customerToken, daysFromNow, seedPlaces } from '../../test/factories.js';
import { unpaidOfferBooking } from '../../test/money.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';
import { PRODUCTION_PROVIDER_ENV } from '../../test/production-env.js';

/**
 * Payments through the real Daraja client and the in-process simulator over real HTTP: the app
 * listens on port 0, the client pushes to /mpesa-sim and the simulator posts its callbacks to
 * /api/v1/payments/mpesa/callback/{token}, as Safaricom would.
 */
const test = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });

let simulator: MpesaSimulator;
let callbackUrl: string;
const published = usePublished(test, [
  'payment.completed',
  'payment.failed',
  'booking.confirmed',
  'booking.cancelled',
]);

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = test.app.mpesa.simulator!;
  callbackUrl = `/api/v1/payments/mpesa/callback/${test.config.mpesa.callbackToken}`;
});

beforeEach(() => {
  published.length = 0;
});

const MINUTE = 60_000;

async function customer() {
  const user = await test.createCustomer();
  return { user, token: await test.customerToken(user.id) };
}

/** An unpaid offer booking two days ahead holding its slot for a minute (inserted directly). */
function offerBooking(userId: string, overrides: Partial<typeof bookings.$inferInsert> = {}) {
  return unpaidOfferBooking(test, userId, { holdExpiresAt: new Date(Date.now() + MINUTE), ...overrides });
}

async function bookingRow(id: string) {
  const [row] = await test.app.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/**
 * The payment, as its owner polls it, failed with M-Pesa's `resultDesc`, and its booking was
 * cancelled for it with the hold cleared (the slot released). Answers the polled payment.
 */
async function expectFailedAndReleased(
  token: string,
  paymentId: string,
  bookingId: string,
  resultDesc: string,
) {
  const status = await call(test.app, 'GET', `/api/v1/payments/${paymentId}/status`, { token });
  const payment = status.json().payment;
  expect(payment).toMatchObject({ status: 'failed', resultDesc });
  expect(await bookingRow(bookingId)).toMatchObject({
    status: 'cancelled',
    cancelReason: `Payment failed: ${resultDesc}`,
    holdExpiresAt: null,
  });
  return payment;
}

async function paymentRow(id: string) {
  const [row] = await test.app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

function pay(
  token: string,
  bookingId: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(test.app, 'POST', '/api/v1/payments/mpesa', {
    token,
    headers,
    body: { phoneNumber: '0712 345 678', amount: 23, bookingId, type: 'booking_access_fee', ...body },
  });
}

/** POST /payments/mpesa with only the number and the booking: the server computes the amount. */
function payWithoutAmount(
  token: string | undefined,
  bookingId: string,
  phoneNumber: string,
  headers: Record<string, string> = {},
) {
  return call(test.app, 'POST', '/api/v1/payments/mpesa', {
    token,
    headers,
    body: { phoneNumber, bookingId },
  });
}

/** A booking and its pushed, still unanswered payment. */
async function pendingPayment() {
  const { user, token } = await customer();
  const booking = await offerBooking(user.id);
  const response = await pay(token, booking.id);
  expect(response.statusCode, response.body).toBe(201);
  const payment = response.json().payment as { id: string; checkoutRequestId: string; amount: number };
  return { user, token, booking, payment };
}

function successCallback(checkoutRequestId: string, amount: number, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'TransactionDate', Value: 20260302003025 },
            { Name: 'PhoneNumber', Value: 254712345678 },
          ],
        },
      },
    },
  };
}

describe('POST /payments/mpesa', () => {
  it('pushes the server-computed amount and extends the hold to at least 5 minutes', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    const pushes = simulator.pushCount;
    const before = Date.now();

    const response = await pay(token, booking.id);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Payment request sent. Enter your M-Pesa PIN on your phone to complete the payment.',
      payment: { status: 'pending', amount: 23 },
    });
    expect(body.payment.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.payment.checkoutRequestId).toMatch(/^ws_CO_\d{23}$/);

    expect(simulator.pushCount).toBe(pushes + 1);
    expect(simulator.pushes.get(body.payment.checkoutRequestId)).toMatchObject({
      amount: 23,
      phoneNumber: '254712345678',
      transactionType: 'CustomerPayBillOnline',
      accountReference: `BK${booking.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      transactionDesc: 'Access fee',
    });
    const held = await bookingRow(booking.id);
    expect(held.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(await paymentRow(body.payment.id)).toMatchObject({
      status: 'pending',
      amount: 23,
      phoneNumber: '254712345678',
      userId: user.id,
      bookingId: booking.id,
    });
  });

  it('accepts the request without an amount (the server computes it)', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id, { accessFee: '10.00' });
    const response = await payWithoutAmount(token, booking.id, '+254110345678');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().payment.amount).toBe(10);
    expect(simulator.pushes.get(response.json().payment.checkoutRequestId)?.phoneNumber).toBe('254110345678');
  });

  it('rejects an amount other than the fee rounded up to the shilling, pushing nothing', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    const pushes = simulator.pushCount;
    for (const amount of [22.5, 22, 24]) {
      const response = await pay(token, booking.id, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'AMOUNT_MISMATCH',
        message: 'Amount does not match the access fee (KES 23)',
      });
    }
    expect(simulator.pushCount).toBe(pushes);
    expect(await test.app.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });

  it("refuses a number that is not a Kenyan mobile with the seed's message", async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    for (const phoneNumber of ['020 2222222', '12345', '+255712345678']) {
      const response = await pay(token, booking.id, { phoneNumber });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please enter a valid phone number',
        errors: { phoneNumber: 'Please enter a valid phone number' },
      });
    }
    const noId = await pay(token, 'not-a-uuid');
    expectProblem(noId, 400, 'Invalid booking ID');
  });

  it('replays the first answer for a repeated Idempotency-Key without a second push', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    const pushes = simulator.pushCount;
    const headers = { 'Idempotency-Key': 'pay-attempt-1' };
    const first = await pay(token, booking.id, {}, headers);
    const second = await pay(token, booking.id, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(simulator.pushCount).toBe(pushes + 1);

    // The same key for another booking is a client bug, not a replay.
    const other = await offerBooking(user.id);
    const reused = await pay(token, other.id, {}, headers);
    expectProblemCode(reused, 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('pushes once for concurrent identical requests', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    const pushes = simulator.pushCount;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => pay(token, booking.id, {}, { 'Idempotency-Key': 'double-tap' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.json().payment.id)).size).toBe(1);
    expect(new Set(responses.map((response) => response.json().payment.checkoutRequestId)).size).toBe(1);
    expect(simulator.pushCount).toBe(pushes + 1);
    expect(await test.app.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(
      1,
    );
  });

  it('answers a second request for a booking with a push under way with that same push', async () => {
    const { user, token } = await customer();
    const booking = await offerBooking(user.id);
    const pushes = simulator.pushCount;
    const [first, second] = await Promise.all([pay(token, booking.id), pay(token, booking.id)]);
    const third = await pay(token, booking.id, {}, { 'Idempotency-Key': 'another-key' });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(second.json().payment.id).toBe(first.json().payment.id);
    expect(third.json().payment.id).toBe(first.json().payment.id);
    expect(simulator.pushCount).toBe(pushes + 1);
  });

  it('refuses bookings that need no payment or can no longer be paid', async () => {
    const { user, token } = await customer();
    const cases = [
      [{ bookingType: 'service', accessFee: '0' }, 'This booking has no access fee to pay.'],
      [{ accessFee: '0' }, 'This booking has no access fee to pay.'],
      [
        { accessFeePaid: true, status: 'confirmed', holdExpiresAt: null },
        'The access fee for this booking is already paid.',
      ],
      [{ status: 'cancelled', holdExpiresAt: null }, 'This booking was cancelled and can no longer be paid.'],
      [{ status: 'completed' }, 'This booking can no longer be paid.'],
      // The hold ran out: the slot counts as free again and may be someone else's.
      [
        { holdExpiresAt: new Date(Date.now() - MINUTE) },
        'The time held for this booking has run out. Please book again.',
      ],
    ] as const;
    for (const [overrides, message] of cases) {
      const booking = await offerBooking(user.id, overrides);
      const response = await payWithoutAmount(token, booking.id, '0712345678');
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_ALLOWED', message });
    }
  });

  it("answers 403 for another customer's booking, 404 for an unknown one, 401 without a session", async () => {
    const owner = await customer();
    const stranger = await customer();
    const booking = await offerBooking(owner.user.id);
    const pushes = simulator.pushCount;

    const forbidden = await pay(stranger.token, booking.id);
    expectProblem(forbidden, 403, 'You do not have permission to perform this action.');
    const unknown = await pay(stranger.token, '7b0c0b8e-56a4-4a7e-9c55-0d3f2d3b1a11');
    expectProblem(unknown, 404, 'Booking not found');
    const anonymous = await payWithoutAmount(undefined, booking.id, '0712345678');
    expect(anonymous.statusCode).toBe(401);
    expect(simulator.pushCount).toBe(pushes);
  });

  it('fails the payment with 502 when Daraja refuses the push, keeping the booking holdable', async () => {
    const { user, token } = await customer();
    // Above M-Pesa's KES 250,000 limit for one payment: Daraja answers 400 Invalid Amount.
    const booking = await offerBooking(user.id, { accessFee: '300000.00' });
    const response = await payWithoutAmount(token, booking.id, '0712345678', {
      'Idempotency-Key': 'too-big',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_INITIATION_FAILED',
      message: 'Payment initiation failed. Please try again.',
    });
    const [failed] = await test.app.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(failed).toMatchObject({
      status: 'failed',
      resultDesc: 'Payment initiation failed. Please try again.',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', accessFeePaid: false });
    expect((await bookingRow(booking.id)).holdExpiresAt).not.toBeNull();
    // Replaying the key replays the error; nothing is pushed.
    const replay = await payWithoutAmount(token, booking.id, '0712345678', { 'Idempotency-Key': 'too-big' });
    expect(replay.statusCode).toBe(502);
    await test.app.events.drain();
    expect(published.map((event) => event.name)).toEqual(['payment.failed']);
  });
});

describe('approving and declining through the dev routes', () => {
  it('approve: the callback completes the payment and confirms the booking, with events', async () => {
    const { token, booking, payment } = await pendingPayment();
    const approve = await call(test.app, 'POST', `/api/v1/dev/mpesa/${payment.checkoutRequestId}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({
      success: true,
      checkoutRequestId: payment.checkoutRequestId,
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      callbackStatus: 200,
    });
    const receipt = simulator.pushes.get(payment.checkoutRequestId)!.mpesaReceiptNumber!;

    const status = await call(test.app, 'GET', `/api/v1/payments/${payment.id}/status`, { token });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      success: true,
      payment: {
        id: payment.id,
        status: 'completed',
        amount: 23,
        bookingId: booking.id,
        mpesaReceiptNumber: receipt,
        resultDesc: 'The service request is processed successfully.',
        checking: false,
      },
    });
    expect(await paymentRow(payment.id)).toMatchObject({ resultCode: 0, paidAmount: 23 });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      accessFeePaid: true,
      holdExpiresAt: null,
    });

    await test.app.events.drain();
    expect(published).toEqual([
      {
        name: 'payment.completed',
        payload: expect.objectContaining({
          paymentId: payment.id,
          bookingId: booking.id,
          amount: 23,
          status: 'completed',
        }),
      },
      {
        name: 'booking.confirmed',
        payload: expect.objectContaining({ bookingId: booking.id, status: 'confirmed', actor: 'system' }),
      },
    ]);

    const again = await call(test.app, 'POST', `/api/v1/dev/mpesa/${payment.checkoutRequestId}/approve`);
    expect(again.statusCode).toBe(409);
    const unknown = await call(test.app, 'POST', '/api/v1/dev/mpesa/ws_CO_nothing/decline');
    expectProblem(unknown, 404, 'Payment request not found');
  });

  it('decline (1032): the payment fails and the booking is cancelled, releasing the slot', async () => {
    const { token, booking, payment } = await pendingPayment();
    const decline = await call(test.app, 'POST', `/api/v1/dev/mpesa/${payment.checkoutRequestId}/decline`);
    expect(decline.statusCode).toBe(200);
    expect(decline.json()).toMatchObject({ resultCode: 1032, resultDesc: 'Request cancelled by user' });

    const failed = await expectFailedAndReleased(token, payment.id, booking.id, 'Request cancelled by user');
    expect(failed.mpesaReceiptNumber).toBeNull();
    expect((await bookingRow(booking.id)).accessFeePaid).toBe(false);
    await test.app.events.drain();
    expect(published.map((event) => [event.name, event.payload.bookingId])).toEqual([
      ['payment.failed', booking.id],
      ['booking.cancelled', booking.id],
    ]);

    const retry = await pay(token, booking.id);
    expectProblem(retry, 400, 'This booking was cancelled and can no longer be paid.');
  });
});

describe('GET /payments/{id}/status', () => {
  it("is the owner's only: 403 for another customer, 404 unknown, 400 malformed", async () => {
    const { payment } = await pendingPayment();
    const stranger = await customer();
    const forbidden = await call(test.app, 'GET', `/api/v1/payments/${payment.id}/status`, {
      token: stranger.token,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain(payment.checkoutRequestId);
    const unknown = await call(
      test.app,
      'GET',
      '/api/v1/payments/7b0c0b8e-56a4-4a7e-9c55-0d3f2d3b1a11/status',
      {
        token: stranger.token,
      },
    );
    expectProblem(unknown, 404, 'Payment not found');
    const malformed = await call(test.app, 'GET', '/api/v1/payments/42/status', { token: stranger.token });
    expectProblem(malformed, 400, 'Invalid payment ID');
  });
});

describe('POST /payments/mpesa/callback/{token}', () => {
  it('refuses a forged callback (wrong token) with 403 and changes nothing', async () => {
    const { booking, payment } = await pendingPayment();
    const before = await bookingRow(booking.id);
    for (const token of [
      'wrong-token',
      `${test.config.mpesa.callbackToken}x`,
      test.config.mpesa.callbackToken.slice(1),
    ]) {
      const response = await call(test.app, 'POST', `/api/v1/payments/mpesa/callback/${token}`, {
        apiKey: false,
        body: successCallback(payment.checkoutRequestId, 23, 'FORGED0001'),
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'pending',
      mpesaReceiptNumber: null,
      callbackReceivedAt: null,
    });
    expect(await bookingRow(booking.id)).toEqual(before);
  });

  it('needs no API key and always answers Accepted to a valid token', async () => {
    for (const body of [{ nonsense: true }, successCallback('ws_CO_unknown', 23, 'UNKNOWN001')]) {
      const response = await call(test.app, 'POST', callbackUrl, { apiKey: false, body });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
  });

  it('counts a duplicated callback once', async () => {
    const { booking, payment } = await pendingPayment();
    await simulator.approve(payment.checkoutRequestId);
    await Promise.all([
      simulator.repostCallback(payment.checkoutRequestId),
      simulator.repostCallback(payment.checkoutRequestId),
      simulator.repostCallback(payment.checkoutRequestId),
    ]);
    const body = simulator.pushes.get(payment.checkoutRequestId)!.callback;
    const direct = await call(test.app, 'POST', callbackUrl, { apiKey: false, body });
    expect(direct.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });

    const rows = await test.app.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'completed',
      mpesaReceiptNumber: simulator.pushes.get(payment.checkoutRequestId)!.mpesaReceiptNumber,
    });
    await test.app.events.drain();
    expect(published.filter((event) => event.name === 'payment.completed')).toHaveLength(1);
    expect(published.filter((event) => event.name === 'booking.confirmed')).toHaveLength(1);
  });

  it('records a lower amount without counting the fee as paid', async () => {
    const { booking, payment } = await pendingPayment();
    const response = await call(test.app, 'POST', callbackUrl, {
      apiKey: false,
      body: successCallback(payment.checkoutRequestId, 22, 'LOWAMT0001'),
    });
    expect(response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'failed',
      paidAmount: 22,
      mpesaReceiptNumber: 'LOWAMT0001',
      resultDesc: 'Amount paid (KES 22) is less than the access fee (KES 23)',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', accessFeePaid: false });
  });

  it('does not believe a success callback the STK query contradicts', async () => {
    const { booking, payment } = await pendingPayment();
    // Daraja's record: the customer cancelled; a (replayed or spoofed-by-insider) success arrives.
    await simulator.decline(payment.checkoutRequestId, { callback: false });
    const response = await call(test.app, 'POST', callbackUrl, {
      apiKey: false,
      body: successCallback(payment.checkoutRequestId, 23, 'NOTREAL001'),
    });
    expect(response.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'failed',
      resultCode: 1032,
      mpesaReceiptNumber: null,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'cancelled', accessFeePaid: false });
  });

  it('keeps a success it cannot confirm yet pending, and confirms it when Daraja repeats the callback', async () => {
    const { booking, payment } = await pendingPayment();
    const early = successCallback(payment.checkoutRequestId, 23, 'EARLY00001');
    // The query still says "being processed" (the simulator has no answer yet).
    await call(test.app, 'POST', callbackUrl, { apiKey: false, body: early });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'pending',
      mpesaReceiptNumber: 'EARLY00001',
      paidAmount: 23,
    });
    expect((await paymentRow(payment.id)).callbackReceivedAt).not.toBeNull();
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', accessFeePaid: false });

    await simulator.approve(payment.checkoutRequestId, { callback: false });
    await call(test.app, 'POST', callbackUrl, { apiKey: false, body: early });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'completed',
      mpesaReceiptNumber: 'EARLY00001',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', accessFeePaid: true });
  });

  it('leaves an unconfirmed success to the reconciliation job', async () => {
    const { booking, payment } = await pendingPayment();
    await call(test.app, 'POST', callbackUrl, {
      apiKey: false,
      body: successCallback(payment.checkoutRequestId, 23, 'EARLY00002'),
    });
    expect((await paymentRow(payment.id)).status).toBe('pending');
    await simulator.approve(payment.checkoutRequestId, { callback: false });
    const report = await test.app.paymentReconciliation.runOnce(new Date(Date.now() + 3 * MINUTE));
    expect(report.ran).toBe(true);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'completed',
      mpesaReceiptNumber: 'EARLY00002',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', accessFeePaid: true });
  });
});

describe('reconciliation job', () => {
  it('settles a payment whose callback never came, by STK query', async () => {
    const { booking, payment } = await pendingPayment();
    await simulator.approve(payment.checkoutRequestId, { callback: false });
    // Under 2 minutes old: not asked about yet.
    await test.app.paymentReconciliation.runOnce(new Date(Date.now() + MINUTE));
    expect((await paymentRow(payment.id)).status).toBe('pending');

    await test.app.paymentReconciliation.runOnce(new Date(Date.now() + 3 * MINUTE));
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'completed', resultCode: 0 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', accessFeePaid: true });
  });

  it('fails a payment the query reports as failed, releasing the slot', async () => {
    const { booking, payment } = await pendingPayment();
    await simulator.decline(payment.checkoutRequestId, { resultCode: 1037, callback: false });
    await test.app.paymentReconciliation.runOnce(new Date(Date.now() + 3 * MINUTE));
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'failed',
      resultCode: 1037,
      resultDesc: 'DS timeout user cannot be reached',
    });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Payment failed: DS timeout user cannot be reached',
    });
  });

  it('never fails a payment on its time-out: past its deadline it is checked with M-Pesa until M-Pesa answers', async () => {
    const { token, booking, payment } = await pendingPayment();
    const start = Date.now();
    await test.app.paymentReconciliation.runOnce(new Date(start + 3 * MINUTE));
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect((await bookingRow(booking.id)).status).toBe('pending');

    // Five minutes on, the STK query still says "being processed": the money may yet move.
    await test.app.paymentReconciliation.runOnce(new Date(start + 6 * MINUTE));
    const checking = await call(test.app, 'GET', `/api/v1/payments/${payment.id}/status`, { token });
    expect(checking.json().payment).toMatchObject({ status: 'pending', checking: true, resultDesc: null });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', accessFeePaid: false });
    // The reconciliation leaves it to the status checks now, and they keep asking.
    await test.app.paymentReconciliation.runOnce(new Date(start + 8 * MINUTE));
    await test.app.moneyJobs.runOnce(new Date(start + 8 * MINUTE));
    expect((await paymentRow(payment.id)).status).toBe('pending');

    // M-Pesa answers at last: the prompt timed out unanswered (1037); the slot is released.
    await simulator.decline(payment.checkoutRequestId, { resultCode: 1037, callback: false });
    await test.app.moneyJobs.runOnce(new Date(start + 60 * MINUTE));
    const failed = await expectFailedAndReleased(
      token,
      payment.id,
      booking.id,
      'DS timeout user cannot be reached',
    );
    expect(failed.checking).toBe(false);
    await test.app.events.drain();
    expect(
      published.filter((event) => event.payload.bookingId === booking.id).map((event) => event.name),
    ).toEqual(['payment.failed', 'booking.cancelled']);
  });

  it('a payment found paid while being checked confirms its booking', async () => {
    const { booking, payment } = await pendingPayment();
    const start = Date.now();
    await test.app.paymentReconciliation.runOnce(new Date(start + 6 * MINUTE));
    expect((await paymentRow(payment.id)).checkingSince).not.toBeNull();
    await simulator.approve(payment.checkoutRequestId, { callback: false });
    await test.app.moneyJobs.runOnce(new Date(start + 7 * MINUTE));
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'completed', checkingSince: null });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', accessFeePaid: true });
  });

  it('releases a booking whose hold expired with no payment under way, and only such', async () => {
    const { user } = await customer();
    const expired = await offerBooking(user.id, { holdExpiresAt: new Date(Date.now() - MINUTE) });
    const live = await offerBooking(user.id, { holdExpiresAt: new Date(Date.now() + 10 * MINUTE) });
    const { booking: paying } = await pendingPayment();
    await test.app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, paying.id));

    const report = await test.app.paymentReconciliation.runOnce();
    expect(report.holdsReleased).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(expired.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Payment not completed in time',
      holdExpiresAt: null,
    });
    expect((await bookingRow(live.id)).status).toBe('pending');
    expect((await bookingRow(paying.id)).status).toBe('pending');
  });

  it('skips a pass while another run holds the lock', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (test.database.kind === 'postgres' && url) {
      // Another API process on the same database holds the advisory lock.
      const pool = (test.app.db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      await other.query('select pg_advisory_lock(6000001)');
      try {
        expect((await test.app.paymentReconciliation.runOnce()).ran).toBe(false);
      } finally {
        await other.query('select pg_advisory_unlock(6000001)');
        other.release();
      }
    }
    const [first, second] = await Promise.all([
      test.app.paymentReconciliation.runOnce(),
      test.app.paymentReconciliation.runOnce(),
    ]);
    expect([first.ran, second.ran]).toEqual([true, false]);
  });
});

describe('without a listening server', () => {
  let quiet: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    quiet = await buildTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });
    await seedPlaces(quiet.app.db);
  });
  afterAll(async () => {
    await quiet.close();
  });

  it('answers 503 when M-Pesa cannot be reached and keeps the booking holdable', async () => {
    const user = await createCustomer(quiet.app.db);
    const offer = await createOffer(quiet.app.db);
    const startTime = daysFromNow(1);
    const [booking] = await quiet.app.db
      .insert(bookings)
      .values({
        userId: user.id,
        storeId: offer.storeId,
        offerId: offer.id,
        bookingType: 'offer',
        startTime,
        endTime: new Date(startTime.getTime() + 60 * MINUTE),
        accessFee: '5.99',
        holdExpiresAt: new Date(Date.now() + MINUTE),
      })
      .returning();
    const response = await call(quiet.app, 'POST', '/api/v1/payments/mpesa', {
      token: await customerToken(quiet, user.id),
      body: { phoneNumber: '0712345678', amount: 6, bookingId: booking!.id },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Payment initiation failed. Please try again.',
    });
    const [row] = await quiet.app.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(row).toMatchObject({ status: 'pending', accessFeePaid: false });
    expect(row!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * MINUTE);
  });
});

describe('in production', () => {
  it('has no simulator and no M-Pesa dev routes, and still takes callbacks', async () => {
    const production = await buildTestApp({
      env: { NODE_ENV: 'production', ...PRODUCTION_PROVIDER_ENV },
    });
    try {
      expect(production.app.mpesa.simulator).toBeUndefined();
      expect(production.app.mpesa.callbackOrigin()).toBe('https://d3deals.example');
      const oauth = await call(
        production.app,
        'GET',
        '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials',
      );
      expect(oauth.statusCode).toBe(404);
      const dev = await call(production.app, 'POST', '/api/v1/dev/mpesa/ws_CO_1/approve');
      expect(dev.statusCode).toBe(404);
      const callback = await call(
        production.app,
        'POST',
        `/api/v1/payments/mpesa/callback/${'t'.repeat(48)}`,
        {
          apiKey: false,
          body: successCallback('ws_CO_unknown', 23, 'PROD000001'),
        },
      );
      expect(callback.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    } finally {
      await production.close();
    }
  });
});
