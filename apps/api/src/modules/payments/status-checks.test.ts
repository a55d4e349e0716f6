import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DarajaError } from '../../adapters/mpesa/daraja-client.js';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { mpesaRequests } from '../../db/schema/payments.js';
import { referralWithdrawals } from '../../db/schema/referrals.js';
import { API, call, getOk, useApiTestApp } from '../../test/build-app.js';
import {
  cancel,
  freshPhone,
  msisdn,
  openOrgRequest,
  openPayout,
  paidBooking,
  paymentOf,
  refundOf,
  requestsOf,
  unpaidOfferBooking,
} from '../../test/money.js';

/**
 * Nothing left pending (issue 34): a B2C payout (referral withdrawal or refund) or a payment whose
 * result never came, or that timed out in Daraja's queue, is settled by Transaction Status —
 * both ways: the money moved (completed, with M-Pesa's receipt) or it did not (asked after the
 * deadline: failed, nothing debited, and a refund's B2C may go again). A time-out alone never
 * fails anything.
 */
const DEADLINE = 10 * 60_000;
const test = useApiTestApp({
  env: { MPESA_SIMULATOR_AUTO: 'none', MPESA_RESULT_DEADLINE_MS: String(DEADLINE) },
});
let simulator: MpesaSimulator;

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = test.app.mpesa.simulator!;
});

/** A customer with a verified number and KES 100 of referral credit, who withdraws it all. */
async function pendingWithdrawal() {
  const phone = freshPhone();
  const user = await test.createCustomer({ phoneNumber: `+254${phone.slice(1)}`, isPhoneVerified: true });
  await test.createReferralReward(user.id, 10_000);
  const token = await test.customerToken(user.id);
  const response = await call(test.app, 'POST', `${API}/users/earnings/withdraw`, { token, body: {} });
  expect(response.statusCode, response.body).toBe(202);
  const id = response.json().withdrawal.id as string;
  const payout = [...simulator.payouts.values()].find((p) => p.originatorConversationId === id)!;
  return { token, id, payout };
}

async function withdrawalRow(id: string) {
  const [row] = await test.app.db.select().from(referralWithdrawals).where(eq(referralWithdrawals.id, id));
  return row!;
}

const balance = async (token: string) =>
  (await getOk(test.app, `${API}/users/earnings`, token)).earnings.currentBalance;

describe('a referral withdrawal (B2C)', () => {
  it('that timed out in the queue stays held while M-Pesa is asked, and fails only once no record exists past its deadline', async () => {
    const { token, id, payout } = await pendingWithdrawal();
    expect(await simulator.timeOutPayout(payout.conversationId)).toBe(200);
    // The clock the passes are given starts once the time-out is handled: its check is armed at the
    // real time it arrived, however long that took on a busy host.
    const start = Date.now();
    // The time-out is not taken for a failure: the amount stays held.
    expect(await withdrawalRow(id)).toMatchObject({ status: 'pending' });
    expect((await withdrawalRow(id)).checkingSince).not.toBeNull();
    expect(await balance(token)).toBe(0);

    await test.app.moneyJobs.runOnce(new Date(start + 1000));
    const query = openOrgRequest(simulator, 'status', id);
    expect(query).toMatchObject({ originalConversationId: id, initiatorValid: true });
    await simulator.answerOrgRequest(query.conversationId);
    // 'No record' within the deadline proves nothing yet.
    expect(await withdrawalRow(id)).toMatchObject({ status: 'pending' });

    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 60_000));
    await simulator.answerOrgRequest(openOrgRequest(simulator, 'status', id).conversationId);
    expect(await withdrawalRow(id)).toMatchObject({
      status: 'failed',
      resultDesc: 'M-Pesa has no record of the payout',
      checkingSince: null,
    });
    expect(await balance(token)).toBe(100);
    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 120_000));
    expect([...simulator.orgRequests.values()].filter((r) => r.originalConversationId === id)).toHaveLength(
      2,
    );
  });

  it('whose result never came is found paid by Transaction Status: completed with its receipt, debited once', async () => {
    const { token, id, payout } = await pendingWithdrawal();
    const start = Date.now();
    // M-Pesa pays, but its result never reaches us.
    const { payout: paid } = await simulator.settlePayout(payout.conversationId, 0, { deliver: false });
    await test.app.moneyJobs.runOnce(new Date(start + 60_000));
    expect([...simulator.orgRequests.values()].some((r) => r.originalConversationId === id)).toBe(false);

    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 1000));
    expect((await withdrawalRow(id)).checkingSince).not.toBeNull();
    const { resultStatus } = await simulator.answerOrgRequest(
      openOrgRequest(simulator, 'status', id).conversationId,
    );
    expect(resultStatus).toBe(200);
    expect(await withdrawalRow(id)).toMatchObject({
      status: 'completed',
      receipt: paid.transactionId,
      checkingSince: null,
    });
    expect(await balance(token)).toBe(0);
    // The late result, delivered after all, changes nothing.
    expect(await simulator.repostPayout(payout.conversationId)).toBe(200);
    expect((await withdrawalRow(id)).status).toBe('completed');
    expect((await getOk(test.app, `${API}/users/earnings`, token)).earnings.totalWithdrawn).toBe(100);
  });
});

describe("a refund's B2C payment", () => {
  /** A cancelled booking whose reversal Daraja refused: its refund's B2C payment is out. */
  async function refundByB2C() {
    const paid = await paidBooking(test, simulator);
    await cancel(test, paid);
    simulator.refuseReversalsWith = '2028';
    try {
      await test.app.moneyJobs.runOnce();
      await simulator.answerOrgRequest(openOrgRequest(simulator, 'reversal', paid.receipt).conversationId);
      await test.app.moneyJobs.runOnce();
    } finally {
      simulator.refuseReversalsWith = undefined;
    }
    const refund = (await refundOf(test.app, paid.paymentId))!;
    return { paid, refund, payout: openPayout(simulator, msisdn(paid.phone)) };
  }

  it('that timed out in the queue is sent again only after M-Pesa has no record of it past its deadline, and pays once', async () => {
    const { paid, refund, payout } = await refundByB2C();
    await simulator.timeOutPayout(payout.conversationId);
    // After the time-out is handled (its check is armed at the real time it arrived).
    const start = Date.now();
    expect((await refundOf(test.app, paid.paymentId))!.checkingSince).not.toBeNull();
    await test.app.moneyJobs.runOnce(new Date(start + 1000));
    await simulator.answerOrgRequest(
      openOrgRequest(simulator, 'status', payout.originatorConversationId).conversationId,
    );
    // No second payout while the first may yet pay.
    expect([...simulator.payouts.values()].filter((p) => p.phoneNumber === msisdn(paid.phone))).toHaveLength(
      1,
    );

    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 60_000));
    await simulator.answerOrgRequest(
      openOrgRequest(simulator, 'status', payout.originatorConversationId).conversationId,
    );
    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 120_000));
    const again = openPayout(simulator, msisdn(paid.phone));
    expect(again.conversationId).not.toBe(payout.conversationId);
    const { payout: settled } = await simulator.settlePayout(again.conversationId, 0);
    expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
      status: 'completed',
      receipt: settled.transactionId,
    });
    expect((await requestsOf(test.app, refund.id)).map((r) => [r.kind, r.status, r.answer])).toEqual([
      ['reversal', 'failed', null],
      ['b2c', 'failed', 'not found'],
      ['b2c', 'completed', null],
    ]);
  });

  it('whose result never came is found paid: completed with its receipt and never sent again', async () => {
    const { paid, refund, payout } = await refundByB2C();
    const start = Date.now();
    const { payout: settled } = await simulator.settlePayout(payout.conversationId, 0, { deliver: false });
    await test.app.moneyJobs.runOnce(new Date(start + DEADLINE + 1000));
    const query = openOrgRequest(simulator, 'status', payout.originatorConversationId);
    await simulator.answerOrgRequest(query.conversationId);
    expect(await refundOf(test.app, paid.paymentId)).toMatchObject({
      status: 'completed',
      method: 'b2c',
      receipt: settled.transactionId,
    });
    await test.app.moneyJobs.runOnce(new Date(start + 2 * DEADLINE));
    expect([...simulator.payouts.values()].filter((p) => p.phoneNumber === msisdn(paid.phone))).toHaveLength(
      1,
    );
    // One question was asked about it, and answered; the refund needs no other.
    const questions = await test.app.db.select().from(mpesaRequests).where(eq(mpesaRequests.kind, 'status'));
    const payoutRequest = (await requestsOf(test.app, refund.id)).find((r) => r.kind === 'b2c')!;
    expect(
      questions
        .filter((q) => q.subjectId === payoutRequest.id)
        .map((q) => [q.subject, q.status, q.answer, q.receipt]),
    ).toEqual([['request', 'completed', 'Completed', settled.transactionId]]);
  });
});

describe('an STK payment whose success could not be confirmed', () => {
  it("is 'Checking with M-Pesa' past its deadline, then confirmed by Transaction Status on its receipt", async () => {
    const { user, token } = await test.customer();
    const pushed = await call(test.app, 'POST', `${API}/payments/mpesa`, {
      token,
      body: { phoneNumber: freshPhone(), bookingId: (await unpaidOfferBooking(test, user.id)).id },
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const payment = pushed.json().payment as { id: string; checkoutRequestId: string };
    const gateway = test.app.mpesa.gateway;
    const stkQuery = gateway.stkQuery.bind(gateway);
    // The customer pays, but Daraja's STK query is down: the success callback cannot be confirmed.
    gateway.stkQuery = async () => {
      throw new DarajaError('unavailable', 'Daraja unreachable: STK query down');
    };
    try {
      await simulator.approve(payment.checkoutRequestId);
      const receipt = simulator.pushes.get(payment.checkoutRequestId)!.mpesaReceiptNumber!;
      expect(await paymentOf(test.app, payment.id)).toMatchObject({
        status: 'pending',
        mpesaReceiptNumber: receipt,
      });
      const start = Date.now();
      await test.app.paymentReconciliation.runOnce(new Date(start + 6 * 60_000));
      const status = await getOk(test.app, `${API}/payments/${payment.id}/status`, token);
      expect(status.payment).toMatchObject({ status: 'pending', checking: true });

      await test.app.moneyJobs.runOnce(new Date(start + 6 * 60_000));
      const query = openOrgRequest(simulator, 'status', receipt);
      await simulator.answerOrgRequest(query.conversationId);
      expect(await paymentOf(test.app, payment.id)).toMatchObject({
        status: 'completed',
        mpesaReceiptNumber: receipt,
        checkingSince: null,
      });
    } finally {
      gateway.stkQuery = stkQuery;
    }
  });
});
