import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DarajaError } from '../../adapters/mpesa/daraja-client.js';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { payments } from '../../db/schema/payments.js';
import type { RefundEventPayload } from '../../events/event-bus.js';
import { call, getOk, useApiTestApp } from '../../test/build-app.js';
import {
  cancel,
  msisdn,
  openOrgRequest,
  openPayout,
  paidBooking,
  refundOf,
  requestsOf,
  secondProcess,
  smsTo,
} from '../../test/money.js';
import { hashPassword } from '../accounts/password.js';
import { supportReference } from './refunds.js';

/**
 * Refunds paid automatically (issue 34), through the real Daraja client and the simulator over real
 * HTTP: a cancelled booking's paid access fee goes back by Reversal of its receipt, by B2C when
 * the reversal is refused, or to support with a reference when neither can pay it.
 */
const test = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none', MPESA_RESULT_DEADLINE_MS: '600000' } });

let simulator: MpesaSimulator;
const refundEvents: RefundEventPayload[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = test.app.mpesa.simulator!;
  for (const name of ['refund.completed', 'refund.failed'] as const) {
    test.app.events.on(name, (payload) => {
      refundEvents.push(payload);
    });
  }
});

beforeEach(() => {
  simulator.refuseReversalsWith = undefined;
  refundEvents.length = 0;
});

const bookingOf = async (token: string, id: string) =>
  (await getOk(test.app, `/api/v1/bookings/${id}`, token)).booking;

describe('a cancelled booking with a paid access fee', () => {
  it("is refunded by Reversal of its receipt: 'Refund on its way', then the receipt, a notification and an SMS", async () => {
    const paid = await paidBooking(test, simulator);
    const cancelled = await cancel(test, paid);
    expect(cancelled.accessFeeOutcome).toBe('refund_due');

    await test.app.moneyJobs.runOnce();
    const refund = await refundOf(test.app, paid.paymentId);
    expect(refund).toMatchObject({
      amount: 23,
      reason: 'cancelled',
      status: 'processing',
      method: 'reversal',
      originalReceipt: paid.receipt,
      phoneNumber: msisdn(paid.phone),
    });
    // The wire request Daraja got: the whole payment, reversed against its receipt.
    const reversal = openOrgRequest(simulator, 'reversal');
    expect(reversal).toMatchObject({ transactionId: paid.receipt, amount: 23, initiatorValid: true });
    expect((await bookingOf(paid.token, paid.bookingId)).Refund).toEqual({
      status: 'pending',
      amount: 23,
      receipt: null,
      supportReference: null,
    });

    const { resultStatus, request } = await simulator.answerOrgRequest(reversal.conversationId);
    expect(resultStatus).toBe(200);
    const receipt = (request.result!.Result as { TransactionID: string }).TransactionID;
    expect(simulator.transactions.get(paid.receipt)?.reversedBy).toBe(receipt);
    expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
      status: 'completed',
      method: 'reversal',
      receipt,
      supportReference: null,
    });
    expect((await bookingOf(paid.token, paid.bookingId)).Refund).toEqual({
      status: 'completed',
      amount: 23,
      receipt,
      supportReference: null,
    });

    await test.app.events.drain();
    expect(refundEvents.map((event) => [event.status, event.receipt, event.amount])).toEqual([
      ['completed', receipt, 23],
    ]);
    const notifications = await getOk(test.app, '/api/v1/notifications', paid.token);
    expect(notifications.data.notifications[0]).toMatchObject({
      title: 'Refund sent',
      message: `KES 23 is back on your M-Pesa: receipt ${receipt}.`,
    });
    expect((await smsTo(test.app, paid.phone)).map((sms) => sms.body)).toEqual([
      `D3 Deals: your access fee refund of KES 23 was sent to this M-Pesa number, receipt ${receipt}.`,
    ]);
  });

  it('is paid once under replayed results and two workers (two API processes on one database)', async () => {
    const other = await secondProcess(test);
    const events: string[] = [];
    for (const app of [test.app, other.app])
      app.events.on('refund.completed', (p) => void events.push(p.refundId));
    try {
      const paid = await paidBooking(test, simulator);
      await cancel(test, paid);
      const reversalsBefore = [...simulator.orgRequests.values()].filter((r) => r.kind === 'reversal').length;

      // Both processes poll at once, again and again: one of them sends the one reversal.
      for (let round = 0; round < 3; round++) {
        await Promise.all([test.app.moneyJobs.runOnce(), other.app.moneyJobs.runOnce()]);
      }
      const sent = [...simulator.orgRequests.values()].filter((r) => r.kind === 'reversal');
      expect(sent.length - reversalsBefore).toBe(1);
      const reversal = openOrgRequest(simulator, 'reversal');

      // Daraja answers, then delivers the same result again and again, to both processes at once.
      await simulator.answerOrgRequest(reversal.conversationId);
      const requestId = reversal.resultUrl.split('/').at(-1)!;
      const token = test.config.mpesa.callbackToken;
      const replays = [test.app, other.app].flatMap((app) =>
        [0, 1, 2].map(() =>
          call(app, 'POST', `/api/v1/payments/mpesa/result/${token}/${requestId}`, {
            apiKey: false,
            body: reversal.result,
          }),
        ),
      );
      const [replies, reposted] = await Promise.all([
        Promise.all(replays),
        simulator.repostOrgResult(reversal.conversationId),
      ]);
      expect(reposted).toBe(200);
      for (const reply of replies) expect(reply.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      for (let round = 0; round < 2; round++) {
        await Promise.all([test.app.moneyJobs.runOnce(), other.app.moneyJobs.runOnce()]);
      }

      const refund = (await refundOf(test.app, paid.paymentId))!;
      expect(refund.status).toBe('completed');
      expect((await requestsOf(test.app, refund.id)).map((r) => [r.kind, r.status])).toEqual([
        ['reversal', 'completed'],
      ]);
      expect([...simulator.transactions.values()].filter((t) => t.reverses === paid.receipt)).toHaveLength(1);
      await Promise.all([test.app.events.drain(), other.app.events.drain()]);
      expect(events.filter((id) => id === refund.id)).toHaveLength(1);
      expect(await smsTo(test.app, paid.phone)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is paid by B2C to the number that paid when Daraja refuses the reversal', async () => {
    const paid = await paidBooking(test, simulator);
    await cancel(test, paid);
    simulator.refuseReversalsWith = '21';
    await test.app.moneyJobs.runOnce();
    const reversal = openOrgRequest(simulator, 'reversal');
    await simulator.answerOrgRequest(reversal.conversationId);
    const refund = (await refundOf(test.app, paid.paymentId))!;
    expect((await requestsOf(test.app, refund.id)).map((r) => [r.kind, r.status, r.resultCode])).toEqual([
      ['reversal', 'failed', '21'],
    ]);

    // The refused result woke the refund's job: its next pass pays by B2C.
    await test.app.moneyJobs.runOnce();
    const payout = openPayout(simulator);
    expect(payout).toMatchObject({ amount: 23, phoneNumber: msisdn(paid.phone) });
    const { payout: settled } = await simulator.settlePayout(payout.conversationId, 0);
    expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
      status: 'completed',
      method: 'b2c',
      receipt: settled.transactionId,
    });
    expect((await requestsOf(test.app, refund.id)).map((r) => [r.kind, r.status])).toEqual([
      ['reversal', 'failed'],
      ['b2c', 'completed'],
    ]);
    // Nothing was reversed: the money went back once, by B2C.
    expect(simulator.transactions.get(paid.receipt)?.reversedBy).toBeUndefined();
  });

  it("goes to support with a reference when the reversal is refused and B2C cannot pay so little: 'support will contact you'", async () => {
    const paid = await paidBooking(test, simulator, { accessFee: '6.00' });
    await cancel(test, paid);
    simulator.refuseReversalsWith = 'R000002';
    await test.app.moneyJobs.runOnce();
    await simulator.answerOrgRequest(openOrgRequest(simulator, 'reversal').conversationId);
    await test.app.moneyJobs.runOnce();
    const refund = (await refundOf(test.app, paid.paymentId))!;
    expect(refund).toMatchObject({
      status: 'failed',
      amount: 6,
      supportReference: supportReference(refund.id),
      resultDesc: 'The reversal was refused and B2C pays at least KES 10',
    });
    expect(refund.supportReference).toMatch(/^RF-[0-9A-F]{8}$/);
    expect((await bookingOf(paid.token, paid.bookingId)).Refund).toEqual({
      status: 'failed',
      amount: 6,
      receipt: null,
      supportReference: refund.supportReference,
    });
    expect([...simulator.payouts.values()].some((p) => p.phoneNumber === msisdn(paid.phone))).toBe(false);
    await test.app.events.drain();
    expect((await smsTo(test.app, paid.phone)).map((sms) => sms.body)).toEqual([
      `D3 Deals: we could not refund your KES 6 access fee automatically; support will contact you (reference ${refund.supportReference}).`,
    ]);
  });

  it('sends the reversal again while Daraja cannot be reached, with back-off, and is never paid twice', async () => {
    const paid = await paidBooking(test, simulator);
    await cancel(test, paid);
    const gateway = test.app.mpesa.gateway;
    const reversal = gateway.reversal.bind(gateway);
    let calls = 0;
    gateway.reversal = async (input) => {
      calls += 1;
      // Daraja takes the first request, but the answer is lost on the way back.
      const accepted = await reversal(input);
      if (calls === 1) throw new DarajaError('unavailable', 'Daraja unreachable: socket hang up');
      return accepted;
    };
    try {
      const start = Date.now();
      await test.app.moneyJobs.runOnce(new Date(start));
      const refund = (await refundOf(test.app, paid.paymentId))!;
      expect((await requestsOf(test.app, refund.id)).map((r) => [r.status, r.resultCode])).toEqual([
        ['failed', null],
      ]);
      // Within the back-off nothing is sent again.
      await test.app.moneyJobs.runOnce(new Date(start + 10_000));
      expect(calls).toBe(1);
      await test.app.moneyJobs.runOnce(new Date(start + 2 * MINUTE));
      expect(calls).toBe(2);
      // Both reached Daraja: the first reverses, the second meets R000001 'already reversed'.
      const [first, second] = [...simulator.orgRequests.values()].filter(
        (r) => r.kind === 'reversal' && r.transactionId === paid.receipt,
      );
      await simulator.answerOrgRequest(first!.conversationId);
      await simulator.answerOrgRequest(second!.conversationId);
      expect(second!.resultCode).toBe('R000001');
      expect([...simulator.transactions.values()].filter((t) => t.reverses === paid.receipt)).toHaveLength(1);
      expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
        status: 'completed',
        method: 'reversal',
      });
    } finally {
      gateway.reversal = reversal;
    }
  });
});

describe('the dev route for browser tests', () => {
  it('answers every reversal still waiting, as the simulator would after its delay', async () => {
    const paid = await paidBooking(test, simulator);
    await cancel(test, paid);
    await test.app.moneyJobs.runOnce();
    const response = await call(test.app, 'POST', '/api/v1/dev/mpesa/results/answer');
    expect(response.json()).toEqual({ success: true, answered: 1 });
    expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
      status: 'completed',
      method: 'reversal',
    });
    expect((await call(test.app, 'POST', '/api/v1/dev/mpesa/results/answer')).json().answered).toBe(0);
  });

  it('lists the prompts sent to a number, newest first', async () => {
    const paid = await paidBooking(test, simulator);
    const listed = await call(test.app, 'GET', `/api/v1/dev/mpesa/pushes?phone=${msisdn(paid.phone)}`);
    expect(listed.json()).toEqual({
      pushes: [{ checkoutRequestId: expect.stringMatching(/^ws_CO_/), amount: 23, answered: true }],
    });
    expect((await call(test.app, 'GET', '/api/v1/dev/mpesa/pushes?phone=0712')).statusCode).toBe(400);
  });
});

describe('refunds the money jobs find on their own', () => {
  it('refunds a second payment of a booking already paid, and keeps the first', async () => {
    const paid = await paidBooking(test, simulator);
    // A second payment lands for the same booking (a push Daraja completed after a retry).
    const [second] = await test.app.db
      .insert(payments)
      .values({
        bookingId: paid.bookingId,
        userId: paid.user.id,
        amount: 23,
        phoneNumber: msisdn(paid.phone),
        status: 'completed',
        mpesaReceiptNumber: 'DUPL000001',
        paidAmount: 23,
        completedAt: new Date(Date.now() + 1000),
      })
      .returning();
    await test.app.moneyJobs.runOnce();
    expect(await refundOf(test.app, paid.paymentId)).toBeUndefined();
    expect(await refundOf(test.app, second!.id)).toMatchObject({ reason: 'duplicate', amount: 23 });
    expect((await bookingOf(paid.token, paid.bookingId)).status).toBe('confirmed');
  });

  it("never shows another customer's booking or its refund", async () => {
    const paid = await paidBooking(test, simulator);
    const stranger = await test.customer();
    await cancel(test, paid);
    await test.app.moneyJobs.runOnce(new Date(Date.now() + MINUTE));
    const response = await call(test.app, 'GET', `/api/v1/bookings/${paid.bookingId}`, {
      token: stranger.token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(paid.receipt);
  });
});

describe('account erasure', () => {
  it('blanks the number on a completed refund at once, and on a refund still in flight when it lands (B2C would need it until then)', async () => {
    const password = 'Erase-me-2026';
    const customer = await test.customer({ passwordHash: await hashPassword(password) });
    const settled = await paidBooking(test, simulator, { customer });
    await cancel(test, settled);
    await test.app.moneyJobs.runOnce();
    await simulator.answerOrgRequest(openOrgRequest(simulator, 'reversal', settled.receipt).conversationId);
    expect(await refundOf(test.app, settled.paymentId)).toMatchObject({
      status: 'completed',
      phoneNumber: msisdn(settled.phone),
    });
    const inFlight = await paidBooking(test, simulator, { customer });
    await cancel(test, inFlight);
    await test.app.moneyJobs.runOnce();
    const reversal = openOrgRequest(simulator, 'reversal', inFlight.receipt);

    const deleted = await call(test.app, 'DELETE', '/api/v1/users/account', {
      token: customer.token,
      body: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await refundOf(test.app, settled.paymentId)).toMatchObject({
      status: 'completed',
      phoneNumber: null,
    });
    expect(await refundOf(test.app, inFlight.paymentId)).toMatchObject({
      status: 'processing',
      phoneNumber: msisdn(inFlight.phone),
    });

    await simulator.answerOrgRequest(reversal.conversationId);
    expect(await refundOf(test.app, inFlight.paymentId)).toMatchObject({
      status: 'completed',
      phoneNumber: null,
    });
  });
});
