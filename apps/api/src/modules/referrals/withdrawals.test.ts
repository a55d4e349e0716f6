import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { referralWithdrawals } from '../../db/schema/referrals.js';
import { API, call, getOk, useApiTestApp } from '../../test/build-app.js';
import { expectProblemCode } from '../../test/problems.js';

import { WITHDRAWAL_RESULT_PATH } from './referrals-withdrawals.js';

/**
 * Referral withdrawals (issue 12) through the real Daraja client and the in-process simulator
 * over real HTTP: the app listens on port 0, the client posts B2C requests to /mpesa-sim and
 * the simulator posts Daraja's Result body to our result URL when a test settles the payout.
 */
const ctx = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });
let simulator: MpesaSimulator;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = ctx.app.mpesa.simulator!;
});

let phones = 0;

/**
 * A customer (phone verified unless said otherwise) with `credits` reward rows of the given cents.
 * Each has a number of their own ending in 678 (a verified number belongs to one account, issue 31).
 */
async function customerWithCredits(credits: number[], verified = true) {
  phones += 1;
  const user = await ctx.createCustomer({
    phoneNumber: `+2547${String(phones).padStart(5, '0')}678`,
    isPhoneVerified: verified,
  });
  for (const cents of credits) await ctx.createReferralReward(user.id, cents);
  return { user, token: await ctx.customerToken(user.id) };
}

async function earnings(token: string) {
  return (await getOk(ctx.app, `${API}/users/earnings`, token)).earnings;
}

function withdraw(token: string, body?: unknown) {
  return call(ctx.app, 'POST', `${API}/users/earnings/withdraw`, { token, body: body ?? {} });
}

function conversationOf(withdrawalId: string): string {
  const payout = [...simulator.payouts.values()].find((p) => p.originatorConversationId === withdrawalId);
  if (!payout) throw new Error('no payout reached the simulator');
  return payout.conversationId;
}

async function rowOf(id: string) {
  const [row] = await ctx.app.db.select().from(referralWithdrawals).where(eq(referralWithdrawals.id, id));
  return row!;
}

describe('POST /users/earnings/withdraw', () => {
  it('refuses a balance below KES 50 with WITHDRAWAL_BELOW_MINIMUM, and more than the balance', async () => {
    const { token } = await customerWithCredits([4999]);
    const response = await withdraw(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      message: 'The minimum withdrawal is KES 50.',
    });
    const rich = await customerWithCredits([10_000]);
    const tooMuch = await withdraw(rich.token, { amount: 101 });
    expectProblemCode(tooMuch, 400, 'WITHDRAWAL_EXCEEDS_BALANCE');
    const small = await withdraw(rich.token, { amount: 49 });
    expect(small.json().code).toBe('WITHDRAWAL_BELOW_MINIMUM');
    expect(simulator.payouts.size).toBe(0);
  });

  it('needs a verified phone number (WITHDRAWAL_PHONE_NOT_VERIFIED)', async () => {
    const { token } = await customerWithCredits([20_000], false);
    const response = await withdraw(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WITHDRAWAL_PHONE_NOT_VERIFIED',
      message: 'Verify your phone number to withdraw to M-Pesa.',
    });
    const anonymous = await call(ctx.app, 'POST', `${API}/users/earnings/withdraw`, { body: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pays the whole shillings by B2C and debits the ledger once when the result says success, even when replayed', async () => {
    const { token, user } = await customerWithCredits([4500, 1255]);
    expect(await earnings(token)).toMatchObject({ totalEarned: 57.55, currentBalance: 57.55 });

    const response = await withdraw(token);
    expect(response.statusCode).toBe(202);
    const withdrawal = response.json().withdrawal;
    expect(withdrawal).toMatchObject({ amount: 57, status: 'pending', phoneNumber: '+254 7** *** 678' });
    const conversationId = conversationOf(withdrawal.id);
    expect(simulator.payouts.get(conversationId)).toMatchObject({
      amount: 57,
      phoneNumber: user.phoneNumber!.slice(1),
    });

    // Pending: the amount is held, not yet paid out.
    expect(await earnings(token)).toMatchObject({
      currentBalance: 0.55,
      totalWithdrawn: 0,
      latestWithdrawal: { id: withdrawal.id, status: 'pending' },
    });

    const { resultStatus } = await simulator.settlePayout(conversationId, 0);
    expect(resultStatus).toBe(200);
    const row = await rowOf(withdrawal.id);
    expect(row).toMatchObject({ status: 'completed', resultCode: 0, conversationId });
    expect(row.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await earnings(token)).toMatchObject({
      totalEarned: 57.55,
      currentBalance: 0.55,
      totalWithdrawn: 57,
      latestWithdrawal: { status: 'completed' },
    });

    // Daraja retries the result: nothing changes.
    expect(await simulator.repostPayout(conversationId)).toBe(200);
    expect(await rowOf(withdrawal.id)).toEqual(row);
    expect(await earnings(token)).toMatchObject({ currentBalance: 0.55, totalWithdrawn: 57 });

    const activities = await call(ctx.app, 'GET', `${API}/users/earning-activities`, { token });
    expect(activities.json().activities).toContainEqual(
      expect.objectContaining({
        id: `withdrawal-${withdrawal.id}`,
        amount: -57,
        status: 'withdrawn',
        description: 'Withdrawal to M-Pesa +254 7** *** 678',
      }),
    );
  });

  it('debits nothing when the result says the payout failed, and the balance can be withdrawn again', async () => {
    const { token } = await customerWithCredits([6000]);
    const first = (await withdraw(token)).json().withdrawal;
    const conversationId = conversationOf(first.id);
    await simulator.settlePayout(conversationId, 1);
    expect(await rowOf(first.id)).toMatchObject({
      status: 'failed',
      resultCode: 1,
      resultDesc: 'The balance is insufficient for the transaction.',
    });
    expect(await earnings(token)).toMatchObject({
      currentBalance: 60,
      totalWithdrawn: 0,
      latestWithdrawal: { status: 'failed', resultDesc: 'The balance is insufficient for the transaction.' },
    });
    // A replayed failure changes nothing either.
    await simulator.repostPayout(conversationId);
    expect((await rowOf(first.id)).status).toBe('failed');

    const again = await withdraw(token);
    expect(again.statusCode).toBe(202);
    expect(again.json().withdrawal.amount).toBe(60);
  });

  it('allows one pending withdrawal at a time: two parallel requests start exactly one payout', async () => {
    const { user, token } = await customerWithCredits([20_000]);
    const before = simulator.payouts.size;
    const answers = await Promise.all([withdraw(token), withdraw(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().code).toBe('WITHDRAWAL_PENDING');
    expect(simulator.payouts.size).toBe(before + 1);
    const rows = await ctx.app.db
      .select()
      .from(referralWithdrawals)
      .where(eq(referralWithdrawals.userId, user.id));
    expect(rows).toHaveLength(1);
    expect((await withdraw(token, { amount: 50 })).json().code).toBe('WITHDRAWAL_PENDING');
  });
});

describe('B2C result callback', () => {
  it('needs the secret token in the URL and ignores unknown ids with 200', async () => {
    const body = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '00000000-0000-4000-8000-000000000000',
        ConversationID: 'AG_20261123_unknown',
        TransactionID: 'UNKNOWN123',
      },
    };
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${WITHDRAWAL_RESULT_PATH}/not-the-token`,
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `${WITHDRAWAL_RESULT_PATH}/${ctx.config.mpesa.callbackToken}`,
      payload: body,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  });

  it('ignores a result whose ConversationID is not the one Daraja gave for the withdrawal', async () => {
    const { token } = await customerWithCredits([7000]);
    const withdrawal = (await withdraw(token)).json().withdrawal;
    const conversationId = conversationOf(withdrawal.id);
    const spoof = await ctx.app.inject({
      method: 'POST',
      url: `${WITHDRAWAL_RESULT_PATH}/${ctx.config.mpesa.callbackToken}`,
      payload: {
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: withdrawal.id,
          ConversationID: 'AG_20261123_someone_else',
          TransactionID: 'SPOOF12345',
        },
      },
    });
    expect(spoof.statusCode).toBe(200);
    expect((await rowOf(withdrawal.id)).status).toBe('pending');
    await simulator.settlePayout(conversationId, 0);
    expect((await rowOf(withdrawal.id)).status).toBe('completed');
  });
});
