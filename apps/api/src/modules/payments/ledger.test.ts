import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { bookings } from '../../db/schema/bookings.js';
import { mpesaRequests, payments, refunds } from '../../db/schema/payments.js';
import { API, buildTestApp, call, useApiTestApp } from '../../test/build-app.js';
import { freshPhone, openOrgRequest, openPayout } from '../../test/money.js';
import { formatLedger, type LedgerReport, ledgerReport } from './ledger.js';

/**
 * The ledger balances (issue 34): a referred customer books, pays, cancels (refunded by reversal),
 * completes a visit (the referrer is credited) and the referrer withdraws — every step through the
 * API and the simulated Daraja — and after each step the report puts every shilling in one place,
 * with a difference of 0 to the shilling.
 */
const OPERATOR_TOKEN = 'o'.repeat(48);
const test = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none', OPERATOR_TOKEN } });
let simulator: MpesaSimulator;

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = test.app.mpesa.simulator!;
});

const dayAhead = (days: number) => addDays(nairobiDateKey(new Date()), days);

/** The ledger of everything so far, through the operator API (and the same as the service's). */
async function ledger(): Promise<LedgerReport> {
  const response = await call(test.app, 'GET', `${API}/operator/ledger`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json().ledger as LedgerReport;
}

type Totals = Pick<
  LedgerReport,
  'moneyIn' | 'feesEarned' | 'feesHeld' | 'refundsPaid' | 'refundsPending' | 'difference'
>;
const totals = (report: LedgerReport): Totals => ({
  moneyIn: report.moneyIn,
  feesEarned: report.feesEarned,
  feesHeld: report.feesHeld,
  refundsPaid: report.refundsPaid,
  refundsPending: report.refundsPending,
  difference: report.difference,
});

describe('the ledger', () => {
  it('balances to the shilling at every step: book, pay, cancel, refund, complete, reward, withdraw', async () => {
    const referrerPhone = freshPhone();
    const referrer = await test.createCustomer({
      phoneNumber: `+254${referrerPhone.slice(1)}`,
      isPhoneVerified: true,
    });
    const customer = await test.createCustomer({ referredBy: referrer.id });
    const token = await test.customerToken(customer.id);
    const { store, token: merchantToken } = await test.merchantWithStore();
    // Fee: 15 % of the KES 2,000 discount = KES 300; the referrer's reward is 30 % of it, KES 90.
    const offer = await test.createOffer({ storeId: store.id, originalPrice: '4000.00', discount: '50.00' });
    const date = dayAhead(2);
    const book = async (time: string) => {
      const response = await call(test.app, 'POST', `${API}/bookings/offers`, {
        token,
        body: { startTime: `${date}T${time}:00+03:00`, offerId: offer.id, branchId: `store-${store.id}` },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().booking as { id: string; accessFeeAmount: number };
    };
    const pay = async (bookingId: string) => {
      const response = await call(test.app, 'POST', `${API}/payments/mpesa`, {
        token,
        body: { phoneNumber: freshPhone(), bookingId },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { callbackStatus } = await simulator.approve(response.json().payment.checkoutRequestId);
      expect(callbackStatus).toBe(200);
    };
    const zero = { moneyIn: 0, feesEarned: 0, feesHeld: 0, refundsPaid: 0, refundsPending: 0, difference: 0 };

    // 1. Booked, not paid: nothing received.
    const visit = await book('09:00');
    expect(visit.accessFeeAmount).toBe(300);
    expect(totals(await ledger())).toEqual(zero);

    // 2. Paid: held until the visit.
    await pay(visit.id);
    expect(totals(await ledger())).toEqual({ ...zero, moneyIn: 300, feesHeld: 300 });

    // 3. A second booking, paid, then cancelled: its fee is due back before any refund exists.
    const cancelled = await book('11:00');
    await pay(cancelled.id);
    expect(totals(await ledger())).toEqual({ ...zero, moneyIn: 600, feesHeld: 600 });
    const cancel = await call(test.app, 'PUT', `${API}/bookings/${cancelled.id}/cancel`, { token, body: {} });
    expect(cancel.statusCode).toBe(200);
    expect(totals(await ledger())).toEqual({ ...zero, moneyIn: 600, feesHeld: 300, refundsPending: 300 });

    // 4. The refund is on its way (a reversal with Daraja), then paid.
    await test.app.moneyJobs.runOnce();
    let report = await ledger();
    expect(totals(report)).toEqual({ ...zero, moneyIn: 600, feesHeld: 300, refundsPending: 300 });
    // The refund and its request start within the same moment: either may be listed first.
    expect(report.openItems.map((item) => [item.kind, item.amount, item.status]).sort()).toEqual([
      ['refund', 300, 'processing'],
      ['request', 300, 'reversal accepted'],
    ]);
    expect(report.openItems.every((item) => item.ageMinutes >= 0)).toBe(true);
    await simulator.answerOrgRequest(openOrgRequest(simulator, 'reversal').conversationId);
    report = await ledger();
    expect(totals(report)).toEqual({ ...zero, moneyIn: 600, feesHeld: 300, refundsPaid: 300 });
    expect(report.openItems).toEqual([]);

    // 5. The visit is done (it starts in 5 minutes now): the fee is earned and the referrer credited.
    await test.app.db
      .update(bookings)
      .set({ startTime: new Date(Date.now() + 5 * 60_000), endTime: new Date(Date.now() + 65 * 60_000) })
      .where(eq(bookings.id, visit.id));
    for (const step of ['/status', '/complete']) {
      const response = await call(test.app, 'PUT', `${API}/bookings/${visit.id}${step}`, {
        token: merchantToken,
        body: step === '/status' ? { status: 'checked_in' } : undefined,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    report = await ledger();
    expect(totals(report)).toEqual({ ...zero, moneyIn: 600, feesEarned: 300, refundsPaid: 300 });
    expect(report.referralRewards).toEqual({ credited: 90, paid: 0, pending: 0 });

    // 6. The referrer withdraws the reward: pending, then paid by B2C.
    const withdrawal = await call(test.app, 'POST', `${API}/users/earnings/withdraw`, {
      token: await test.customerToken(referrer.id),
      body: {},
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(202);
    report = await ledger();
    expect(report.referralRewards).toEqual({ credited: 90, paid: 0, pending: 90 });
    expect(report.openItems.map((item) => [item.kind, item.amount, item.status])).toEqual([
      ['withdrawal', 90, 'pending'],
    ]);
    await simulator.settlePayout(openPayout(simulator).conversationId, 0);
    report = await ledger();
    expect(report.referralRewards).toEqual({ credited: 90, paid: 90, pending: 0 });
    expect(totals(report)).toEqual({ ...zero, moneyIn: 600, feesEarned: 300, refundsPaid: 300 });
    expect(report.openItems).toEqual([]);

    // The period: nothing was received before today.
    const earlier = await ledgerReport(test.app.db, {
      from: new Date(0),
      to: new Date(Date.now() - 24 * 3_600_000),
    });
    expect(totals(earlier)).toEqual(zero);
    expect(formatLedger(report).split('\n').slice(1, 7)).toEqual([
      '  Money in (M-Pesa)                            KES 600',
      '    fees earned                                KES 300',
      '    fees held (visits ahead)                     KES 0',
      '    refunds paid                               KES 300',
      '    refunds pending                              KES 0',
      '  Difference (must be 0)                         KES 0',
    ]);
  });

  it('shows a refund paid twice as a difference, never hides it', async () => {
    const before = await ledger();
    const offer = await test.createOffer();
    const user = await test.createCustomer();
    const booking = await test.createBookingRow({
      storeId: offer.storeId,
      offerId: offer.id,
      userId: user.id,
      status: 'cancelled',
      accessFee: '50.00',
      accessFeePaid: true,
    });
    const [payment] = await test.app.db
      .insert(payments)
      .values({
        bookingId: booking.id,
        userId: user.id,
        amount: 50,
        status: 'completed',
        mpesaReceiptNumber: 'TWICE00001',
        completedAt: new Date(),
      })
      .returning();
    const [refund] = await test.app.db
      .insert(refunds)
      .values({
        paymentId: payment!.id,
        bookingId: booking.id,
        amount: 50,
        reason: 'cancelled',
        status: 'completed',
      })
      .returning();
    for (const kind of ['reversal', 'b2c'] as const) {
      await test.app.db
        .insert(mpesaRequests)
        .values({ kind, refundId: refund!.id, amount: 50, status: 'completed' });
    }
    const after = await ledger();
    expect(after.moneyIn - before.moneyIn).toBe(50);
    expect(after.refundsPaid - before.refundsPaid).toBe(100);
    expect(after.difference).toBe(-50);
  });

  it('the operator API needs OPERATOR_TOKEN, and is not there without one', async () => {
    const wrong = await call(test.app, 'GET', `${API}/operator/ledger`, {
      headers: { authorization: `Bearer ${'x'.repeat(48)}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('UNAUTHENTICATED');
    const customer = await test.customer();
    expect(
      (await call(test.app, 'GET', `${API}/operator/ledger`, { token: customer.token })).statusCode,
    ).toBe(401);
    const bad = await call(test.app, 'GET', `${API}/operator/ledger?from=yesterday`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(bad.statusCode).toBe(400);
    const other = await buildTestApp();
    try {
      const off = await call(other.app, 'GET', `${API}/operator/ledger`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(off.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
