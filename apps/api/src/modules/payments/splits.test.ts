import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import type { TSplitView } from '@d3/shared/payments/split-schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MpesaSimulator } from '../../adapters/mpesa/mpesa-simulator.js';
import { bookings } from '../../db/schema/bookings.js';
import { paymentSplitShares, payments } from '../../db/schema/payments.js';
import { API, call, getOk, useApiTestApp } from '../../test/build-app.js';
import { freshPhone, msisdn, openOrgRequest, refundOf, smsTo } from '../../test/money.js';
import { expectProblemCode } from '../../test/problems.js';
import { hashPassword } from '../accounts/password.js';

/**
 * Split with friends (issue 34), through the API and the simulated Daraja: the organiser books N
 * places and pays their share, each friend pays theirs (named by number, or through the share
 * link); all paid confirms the booking and sends every payer the voucher, a lapse releases the
 * places and refunds whatever was paid.
 */
const test = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });
let simulator: MpesaSimulator;

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  simulator = test.app.mpesa.simulator!;
});

const dayAhead = (days: number) => addDays(nairobiDateKey(new Date()), days);
const HOUR = 3_600_000;

/** An offer of a store open every day whose service takes `capacity` people at a time (fee KES 22.50). */
async function groupOffer(capacity = 4) {
  const { store } = await test.merchantWithStore();
  const service = await test.createService({ storeId: store.id, maxConcurrentBookings: capacity });
  const offer = await test.createOffer({
    storeId: store.id,
    serviceId: service.id,
    originalPrice: '600.00',
    discount: '25.00',
  });
  return { store, offer };
}

async function organiser() {
  const phone = freshPhone();
  const { user, token } = await test.customer({
    phoneNumber: `+254${phone.slice(1)}`,
    isPhoneVerified: true,
  });
  return { user, token, phone };
}

function split(token: string, body: Record<string, unknown>) {
  return call(test.app, 'POST', `${API}/payments/splits`, { token, body });
}

async function view(token: string, id: string): Promise<TSplitView> {
  return (await getOk(test.app, `${API}/payments/splits/${id}`, token)).split;
}

async function linkView(linkToken: string): Promise<TSplitView> {
  return (await getOk(test.app, `${API}/payments/splits/link/${linkToken}`)).split;
}

/** The one push still unanswered to this number (07…). */
function pushTo(phone: string) {
  const open = [...simulator.pushes.values()].filter(
    (push) => push.phoneNumber === msisdn(phone) && push.resultCode === undefined,
  );
  expect(open, `open pushes to ${phone}`).toHaveLength(1);
  return open[0]!;
}

async function bookingRow(id: string) {
  const [row] = await test.app.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('a split booking', () => {
  it('is confirmed when every share is paid (a friend by number, a friend by link), and each payer gets the voucher', async () => {
    const { store, offer } = await groupOffer(4);
    const host = await organiser();
    const named = freshPhone();
    const created = await split(host.token, {
      offerId: offer.id,
      startTime: `${dayAhead(2)}T10:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 3,
      phoneNumber: host.phone,
      friends: [{ phoneNumber: named }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().split as TSplitView;
    // Three places at KES 22.50 each: KES 67.50, rounded up once to 68. Friends pay 22 each, the
    // organiser the rest (24).
    expect(made).toMatchObject({ status: 'open', partySize: 3, totalAmount: 68, paidAmount: 0 });
    expect(
      made.shares.map((share) => [share.position, share.amount, share.status, share.isOrganiser]),
    ).toEqual([
      [0, 24, 'pending', true],
      [1, 22, 'pending', false],
      [2, 22, 'open', false],
    ]);
    expect(made.token).toMatch(/^[\w-]{32}$/);
    const booking = await bookingRow(made.booking.id);
    expect(booking).toMatchObject({
      partySize: 3,
      accessFee: '67.50',
      status: 'pending',
      accessFeePaid: false,
    });
    expect(pushTo(host.phone).amount).toBe(24);
    expect(pushTo(named).amount).toBe(22);
    const invitation = (await smsTo(test.app, named)).map((sms) => sms.body);
    expect(invitation).toHaveLength(1);
    expect(invitation[0]).toContain(
      `Your share of the access fee is KES 22: approve the M-Pesa prompt, or pay at `,
    );
    expect(invitation[0]).toContain(`/split/${made.token}`);

    // The second friend opens the link and pays with their own number.
    const linked = freshPhone();
    const anonymous = await linkView(made.token!);
    expect(anonymous.token).toBeNull();
    expect(anonymous.shares[1]!.phoneNumber).toBe(`+254 7** *** ${named.slice(-3)}`);
    const paidByLink = await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
      body: { phoneNumber: linked },
    });
    expect(paidByLink.statusCode, paidByLink.body).toBe(201);
    expect(paidByLink.json().share).toEqual({ position: 2, amount: 22 });

    // They approve one after the other; the organiser sees who has paid.
    await simulator.approve(pushTo(named).checkoutRequestId);
    expect((await view(host.token, made.id)).shares.map((share) => share.status)).toEqual([
      'pending',
      'paid',
      'pending',
    ]);
    expect((await bookingRow(made.booking.id)).status).toBe('pending');
    await simulator.approve(pushTo(linked).checkoutRequestId);
    await simulator.approve(pushTo(host.phone).checkoutRequestId);

    const done = await view(host.token, made.id);
    expect(done).toMatchObject({ status: 'paid', paidAmount: 68, holdExpiresAt: null });
    expect(await bookingRow(made.booking.id)).toMatchObject({
      status: 'confirmed',
      accessFeePaid: true,
      holdExpiresAt: null,
    });
    expect((await linkView(made.token!)).booking.voucherCode).toMatch(/^D3-[0-9A-F]{4}-[0-9A-F]{4}$/);

    // The vouchers job sends every payer the voucher.
    await test.app.moneyJobs.runOnce();
    for (const phone of [host.phone, named, linked]) {
      const texts = (await smsTo(test.app, phone)).map((sms) => sms.body);
      expect(texts.filter((text) => text.includes(`Voucher ${done.booking.voucherCode}`))).toHaveLength(1);
    }
    await test.app.moneyJobs.runOnce();
    expect((await smsTo(test.app, linked)).filter((sms) => sms.body.includes('Voucher'))).toHaveLength(1);
    // Nothing to refund: every payment paid its share. Only the organiser's own share is their account's.
    const paidRows = await test.app.db.select().from(payments).where(eq(payments.bookingId, made.booking.id));
    for (const row of paidRows) expect(await refundOf(test.app, row.id)).toBeUndefined();
    expect(paidRows.map((row) => `${row.amount}:${row.userId ?? 'none'}`).sort()).toEqual(
      ['22:none', '22:none', `24:${host.user.id}`].sort(),
    );
  });

  it('is released when its hold lapses, and every share already paid is refunded', async () => {
    const { store, offer } = await groupOffer(4);
    const host = await organiser();
    const created = await split(host.token, {
      offerId: offer.id,
      startTime: `${dayAhead(2)}T12:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 2,
      phoneNumber: host.phone,
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().split as TSplitView;
    await simulator.approve(pushTo(host.phone).checkoutRequestId);
    expect((await view(host.token, made.id)).shares.map((share) => share.status)).toEqual(['paid', 'open']);

    // Nobody pays the other share: the hold runs out.
    await test.app.paymentReconciliation.runOnce(new Date(Date.now() + HOUR));
    expect(await bookingRow(made.booking.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Payment not completed in time',
    });
    // Before the money job has made its refund, the paid share already reads as on its way back
    // (it was read as 'paid', and the pages stopped looking again: the friend never saw 'Refunded').
    const beforeJob = await view(host.token, made.id);
    expect(beforeJob.status).toBe('lapsed');
    expect(beforeJob.shares.map((share) => [share.status, share.refundReceipt])).toEqual([
      ['refund_pending', null],
      ['open', null],
    ]);
    await test.app.moneyJobs.runOnce();
    const lapsed = await view(host.token, made.id);
    expect(lapsed.status).toBe('lapsed');
    expect(lapsed.shares[0]!.status).toBe('refund_pending');
    const reversal = openOrgRequest(simulator, 'reversal');
    expect(reversal.amount).toBe(made.shares[0]!.amount);
    const { request } = await simulator.answerOrgRequest(reversal.conversationId);
    const receipt = (request.result!.Result as { TransactionID: string }).TransactionID;
    const refunded = await view(host.token, made.id);
    expect(refunded.shares[0]).toMatchObject({ status: 'refunded', refundReceipt: receipt });
    expect(
      (await getOk(test.app, `${API}/bookings/${made.booking.id}`, host.token)).booking.Refund,
    ).toMatchObject({
      status: 'completed',
      receipt,
    });
    // The places are free again: a friend's late link payment is refused.
    const late = await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
      body: { phoneNumber: freshPhone() },
    });
    expectProblemCode(late, 409, 'SPLIT_CLOSED');
  });

  it('two organisers racing for the last places: one gets them, the other is told the slot is taken', async () => {
    const { store, offer } = await groupOffer(3);
    const [first, second] = [await organiser(), await organiser()];
    const body = (host: { phone: string }) => ({
      offerId: offer.id,
      startTime: `${dayAhead(3)}T09:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 2,
      phoneNumber: host.phone,
    });
    const answers = await Promise.all([split(first.token, body(first)), split(second.token, body(second))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expectProblemCode(answers.find((answer) => answer.statusCode === 409)!, 409, 'SLOT_TAKEN');
    // One place is left for a single booking, and no more.
    const slots = await getOk(
      test.app,
      `${API}/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(3)}`,
    );
    const nine = (slots.detailedSlots ?? slots.slots ?? []).find(
      (slot: { time: string }) => slot.time === '09:00',
    );
    expect(nine).toMatchObject({ available: 1, total: 3 });
  });
});

describe('split abuse rules', () => {
  it('one open split per organiser per slot, and no places are taken by the refused one', async () => {
    const { store, offer } = await groupOffer(6);
    const host = await organiser();
    const body = {
      offerId: offer.id,
      startTime: `${dayAhead(4)}T09:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 2,
      phoneNumber: host.phone,
    };
    expect((await split(host.token, body)).statusCode).toBe(201);
    expectProblemCode(await split(host.token, body), 409, 'SPLIT_ALREADY_OPEN');
    const slots = await getOk(
      test.app,
      `${API}/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(4)}`,
    );
    const nine = (slots.detailedSlots ?? slots.slots ?? []).find(
      (slot: { time: string }) => slot.time === '09:00',
    );
    expect(nine).toMatchObject({ available: 4, total: 6 });
  });

  it("limits prompts to a friend's number to 3 an hour, whoever sends them (429 with Retry-After)", async () => {
    const { store, offer } = await groupOffer(10);
    const target = freshPhone();
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const host = await organiser();
      const response = await split(host.token, {
        offerId: offer.id,
        startTime: `${dayAhead(5)}T${String(9 + round).padStart(2, '0')}:00:00+03:00`,
        branchId: `store-${store.id}`,
        partySize: 2,
        phoneNumber: host.phone,
        friends: [{ phoneNumber: target }],
      });
      expect(response.statusCode, response.body).toBe(201);
      const made = response.json().split as TSplitView;
      statuses.push(made.shares[1]!.status === 'pending' ? 201 : 429);
      if (round === 3) {
        const again = await call(test.app, 'POST', `${API}/payments/splits/${made.id}/shares/1/push`, {
          token: host.token,
          body: {},
        });
        expectProblemCode(again, 429, 'SPLIT_PUSH_LIMIT');
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect([...simulator.pushes.values()].filter((push) => push.phoneNumber === msisdn(target))).toHaveLength(
      3,
    );
  });

  it('a friend declines at no cost: the share is open again, the places stay held, nothing is charged', async () => {
    const { store, offer } = await groupOffer(4);
    const host = await organiser();
    const friend = freshPhone();
    const made = (
      await split(host.token, {
        offerId: offer.id,
        startTime: `${dayAhead(2)}T15:00:00+03:00`,
        branchId: `store-${store.id}`,
        partySize: 2,
        phoneNumber: host.phone,
        friends: [{ phoneNumber: friend }],
      })
    ).json().split as TSplitView;
    await simulator.decline(pushTo(friend).checkoutRequestId);
    const after = await view(host.token, made.id);
    expect(after.status).toBe('open');
    expect(after.shares[1]).toMatchObject({ status: 'open', phoneNumber: null });
    expect(await bookingRow(made.booking.id)).toMatchObject({ status: 'pending', partySize: 2 });
    const theirs = await test.app.db
      .select()
      .from(payments)
      .where(eq(payments.phoneNumber, msisdn(friend)));
    expect(theirs.map((row) => [row.status, row.resultCode, row.mpesaReceiptNumber])).toEqual([
      ['failed', 1032, null],
    ]);
    await test.app.moneyJobs.runOnce();
    expect(await refundOf(test.app, theirs[0]!.id)).toBeUndefined();
    // Someone else takes the share through the link.
    const taker = freshPhone();
    const took = await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
      body: { phoneNumber: taker },
    });
    expect(took.json().share).toEqual({ position: 1, amount: made.shares[1]!.amount });
  });

  it('keeps splits to their organiser and their link: 403, 404, and the seed rules for bad input', async () => {
    const { store, offer } = await groupOffer(4);
    const host = await organiser();
    const made = (
      await split(host.token, {
        offerId: offer.id,
        startTime: `${dayAhead(2)}T16:00:00+03:00`,
        branchId: `store-${store.id}`,
        partySize: 2,
        phoneNumber: host.phone,
      })
    ).json().split as TSplitView;
    const stranger = await organiser();
    expectProblemCode(
      await call(test.app, 'GET', `${API}/payments/splits/${made.id}`, { token: stranger.token }),
      403,
      'FORBIDDEN',
    );
    expectProblemCode(
      await call(test.app, 'GET', `${API}/payments/splits/link/${'x'.repeat(32)}`),
      404,
      'SPLIT_NOT_FOUND',
    );
    const tooMany = await split(host.token, {
      offerId: offer.id,
      startTime: `${dayAhead(2)}T17:00:00+03:00`,
      partySize: 11,
      phoneNumber: host.phone,
    });
    expectProblemCode(tooMany, 400, 'VALIDATION_ERROR');
    expect(tooMany.json().message).toContain('A group is 2 to 10 people, you included');
    const same = await split(host.token, {
      offerId: offer.id,
      startTime: `${dayAhead(2)}T17:00:00+03:00`,
      partySize: 3,
      phoneNumber: host.phone,
      friends: [{ phoneNumber: host.phone }],
    });
    expectProblemCode(same, 400, 'VALIDATION_ERROR');
    expect(same.json().message).toBe('Each friend needs their own number');
    const landline = await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
      body: { phoneNumber: '020 222 2222' },
    });
    expect(landline.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid phone number',
    });
    // The organiser's share is not the link's to take.
    const friendShare = await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
      body: { phoneNumber: freshPhone() },
    });
    expect(friendShare.json().share.position).toBe(1);
    expectProblemCode(
      await call(test.app, 'POST', `${API}/payments/splits/link/${made.token}/pay`, {
        body: { phoneNumber: freshPhone() },
      }),
      409,
      'SPLIT_FULLY_CLAIMED',
    );
  });
});

describe('account erasure', () => {
  it("forgets the numbers of an erased organiser's splits, theirs and their friends'", async () => {
    const { store, offer } = await groupOffer(4);
    const password = 'Erase-me-2026';
    const phone = freshPhone();
    const friend = freshPhone();
    const host = await test.customer({
      phoneNumber: `+254${phone.slice(1)}`,
      isPhoneVerified: true,
      passwordHash: await hashPassword(password),
    });
    const created = await split(host.token, {
      offerId: offer.id,
      startTime: `${dayAhead(3)}T15:00:00+03:00`,
      branchId: `store-${store.id}`,
      partySize: 2,
      phoneNumber: phone,
      friends: [{ phoneNumber: friend }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().split as TSplitView;
    const numbers = async () =>
      (
        await test.app.db
          .select({ phone: paymentSplitShares.phoneNumber })
          .from(paymentSplitShares)
          .where(eq(paymentSplitShares.splitId, made.id))
          .orderBy(paymentSplitShares.position)
      ).map((row) => row.phone);
    expect(await numbers()).toEqual([msisdn(phone), msisdn(friend)]);

    const deleted = await call(test.app, 'DELETE', `${API}/users/account`, {
      token: host.token,
      body: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await numbers()).toEqual([null, null]);
  });
});
