import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.js';
import { bookings } from '../../db/schema/bookings.js';
import { payments } from '../../db/schema/payments.js';
import { referralRewards } from '../../db/schema/referrals.js';
import { registerCustomer, send, uniqueEmail, uniqueIp } from '../../test/accounts-helpers.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { daysFromNow } from '../../test/factories.js';
import { creditReferralReward } from './referrals-service.js';

const ctx = useApiTestApp();

async function rewardsOf(referrerId: string) {
  return ctx.app.db.select().from(referralRewards).where(eq(referralRewards.referrerId, referrerId));
}

/** A paid offer booking of `userId` at a store of a fresh merchant: paid through a completed M-Pesa payment. */
async function paidOfferBooking(userId: string, fee = '5.99', paid = 6) {
  const merchant = await ctx.createMerchant();
  const store = await ctx.createStore({ merchantId: merchant.id });
  const offer = await ctx.createOffer({ storeId: store.id });
  const booking = await ctx.createBookingRow({
    storeId: store.id,
    offerId: offer.id,
    userId,
    bookingType: 'offer',
    status: 'confirmed',
    accessFee: fee,
    accessFeePaid: true,
    startTime: daysFromNow(-1),
  });
  await ctx.app.db.insert(payments).values({
    bookingId: booking.id,
    userId,
    amount: paid,
    paidAmount: paid,
    status: 'completed',
    completedAt: new Date(),
  });
  return { booking, merchantToken: await ctx.merchantToken(merchant.id) };
}

async function complete(bookingId: string, token: string) {
  return call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/complete`, { token });
}

describe('referral sign-up', () => {
  it('sign-up with referralSlug records the referrer once; Google sign-in of an existing account never changes it', async () => {
    const referrer = await registerCustomer(ctx.app);
    const other = await registerCustomer(ctx.app);
    const referred = await registerCustomer(ctx.app, {
      referralSlug: referrer.user.referralSlug.toUpperCase(),
    });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, referred.user.id));
    expect(row!.referredBy).toBe(referrer.user.id);

    // Signing in later with someone else's (or one's own) slug changes nothing.
    const login = await send(ctx.app, 'POST', `${API}/users/login`, {
      body: { email: referred.user.email, password: 'Password123!', referralSlug: other.user.referralSlug },
      ip: uniqueIp(),
    });
    expect([200, 401]).toContain(login.statusCode);
    const [after] = await ctx.app.db.select().from(users).where(eq(users.id, referred.user.id));
    expect(after!.referredBy).toBe(referrer.user.id);
  });

  it('a self-referral is ignored: Google sign-in with one’s own slug records nothing and credits nothing', async () => {
    const email = uniqueEmail('self');
    const credential = (
      await send(ctx.app, 'POST', `${API}/dev/google/id-token`, { body: { email, givenName: 'Self' } })
    ).json().credential as string;
    const first = await send(ctx.app, 'POST', `${API}/users/google-signin`, {
      body: { credential },
      ip: uniqueIp(),
    });
    const me = first.json().user as { id: string; referralSlug: string };
    const again = await send(ctx.app, 'POST', `${API}/users/google-signin`, {
      body: { credential, referralSlug: me.referralSlug },
      ip: uniqueIp(),
    });
    expect(again.json().isNewUser).toBe(false);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.referredBy).toBeNull();

    // Even a row pointing at itself (never written by the API) credits nothing.
    await ctx.app.db.update(users).set({ referredBy: me.id }).where(eq(users.id, me.id));
    const { booking, merchantToken: token } = await paidOfferBooking(me.id);
    expect((await complete(booking.id, token)).statusCode).toBe(200);
    expect(await rewardsOf(me.id)).toEqual([]);
  });
});

describe('referral credit on completion', () => {
  it('runs in the completing transaction: a completion subscriber that fails leaves the booking confirmed and credits nothing', async () => {
    const referrer = await ctx.createCustomer();
    const referred = await ctx.createCustomer({ referredBy: referrer.id });
    const { booking, merchantToken: token } = await paidOfferBooking(referred.id);
    const seen: string[] = [];
    const off = ctx.app.events.onInTransaction('booking.completing', async (_tx, facts) => {
      seen.push(`${facts.bookingId}:${facts.paidFee}`);
      throw new Error('subscriber failed');
    });
    try {
      expect((await complete(booking.id, token)).statusCode).toBe(500);
    } finally {
      off();
    }
    // The referral credit (subscribed before it) ran in the same transaction and was rolled back too.
    expect(seen).toEqual([`${booking.id}:6`]);
    const [row] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
    expect(row!.completedAt).toBeNull();
    expect(await rewardsOf(referrer.id)).toEqual([]);

    expect((await complete(booking.id, token)).statusCode).toBe(200);
    expect(await rewardsOf(referrer.id)).toMatchObject([{ bookingId: booking.id, amountCents: 180 }]);
  });

  it('a referred customer’s completed paid offer booking credits 30 % of the fee actually paid, once, when completion is retried', async () => {
    const referrer = await ctx.createCustomer();
    const referred = await ctx.createCustomer({
      referredBy: referrer.id,
      firstName: 'Brian',
      lastName: 'Mutua',
    });
    const { booking, merchantToken: token } = await paidOfferBooking(referred.id, '5.99', 6);
    const referrerToken = await ctx.customerToken(referrer.id);

    const before = (await call(ctx.app, 'GET', `${API}/users/earnings`, { token: referrerToken })).json()
      .earnings;
    expect(before).toMatchObject({
      totalEarned: 0,
      pendingRewards: 1.8,
      referralCount: 1,
      totalReferralBookings: 0,
    });

    const results = await Promise.all([complete(booking.id, token), complete(booking.id, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const retry = await complete(booking.id, token);
    expect(retry.statusCode).toBe(400);
    // The hook itself run again (as a replayed subscriber would) cannot add a second row.
    await ctx.app.db.transaction((tx) =>
      creditReferralReward(tx, {
        bookingId: booking.id,
        userId: referred.id,
        bookingType: 'offer',
        quoteId: null,
        paidFee: 6,
        at: new Date(),
      }),
    );

    const rows = await rewardsOf(referrer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookingId: booking.id,
      referredUserId: referred.id,
      paidFeeCents: 600,
      amountCents: 180,
    });

    const earnings = await call(ctx.app, 'GET', `${API}/users/earnings`, { token: referrerToken });
    expect(earnings.statusCode).toBe(200);
    const body = earnings.json();
    expect(body.earnings).toMatchObject({
      totalEarned: 1.8,
      currentBalance: 1.8,
      referralCount: 1,
      pendingRewards: 0,
      totalReferralBookings: 1,
      averageEarningPerBooking: 1.8,
      successRate: 100,
      referralSlug: referrer.referralSlug,
    });
    expect(body.referralLink).toMatch(
      new RegExp(`^http://localhost(:80)?/accounts/sign-up\\?ref=${referrer.referralSlug}$`),
    );
    expect(body.earnings.referralLink).toBe(body.referralLink);
    const activities = await call(ctx.app, 'GET', `${API}/users/earning-activities`, {
      token: referrerToken,
    });
    expect(activities.json().activities).toEqual([
      expect.objectContaining({
        description: 'Brian M. completed an offer booking',
        amount: 1.8,
        status: 'credited',
      }),
    ]);
    for (const path of ['/users/rewards', '/users/points']) {
      expect((await call(ctx.app, 'GET', `${API}${path}`, { token: referrerToken })).json()).toEqual({
        success: true,
        points: 1.8,
        rewardPoints: 1.8,
      });
    }
    const stats = (
      await call(ctx.app, 'GET', `${API}/users/service-statistics`, { token: referrerToken })
    ).json();
    expect(stats.rewardPoints).toBe(1.8);
  });

  it('a cancelled booking never credits; a service booking or an unpaid fee credits nothing; a customer without a referrer credits nobody', async () => {
    const referrer = await ctx.createCustomer();
    const referred = await ctx.createCustomer({ referredBy: referrer.id });
    const cancelled = await paidOfferBooking(referred.id);
    const cancel = await call(ctx.app, 'PUT', `${API}/bookings/${cancelled.booking.id}/status`, {
      token: cancelled.merchantToken,
      body: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await complete(cancelled.booking.id, cancelled.merchantToken)).statusCode).toBe(400);

    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id });
    const service = await ctx.createBookingRow({
      storeId: store.id,
      userId: referred.id,
      status: 'confirmed',
      startTime: daysFromNow(-1),
    });
    expect((await complete(service.id, await ctx.merchantToken(merchant.id))).statusCode).toBe(200);
    expect(await rewardsOf(referrer.id)).toEqual([]);

    const loner = await ctx.createCustomer();
    const own = await paidOfferBooking(loner.id);
    expect((await complete(own.booking.id, own.merchantToken)).statusCode).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.bookingId, own.booking.id));
    expect(row).toBeUndefined();
  });

  it('earnings need a signed-in customer and start at real zeros with a referral link', async () => {
    expect((await call(ctx.app, 'GET', `${API}/users/earnings`)).statusCode).toBe(401);
    const { user, token } = await ctx.customer();
    const response = await call(ctx.app, 'GET', `${API}/users/earnings`, { token });
    expect(response.json().earnings).toEqual({
      totalEarned: 0,
      currentBalance: 0,
      referralCount: 0,
      pendingRewards: 0,
      totalReferralBookings: 0,
      averageEarningPerBooking: 0,
      successRate: 0,
      referralLink: expect.stringMatching(new RegExp(`/accounts/sign-up\\?ref=${user.referralSlug}$`)),
      referralSlug: user.referralSlug,
      totalWithdrawn: 0,
      latestWithdrawal: null,
    });
    expect(
      (await call(ctx.app, 'GET', `${API}/users/earning-activities`, { token })).json().activities,
    ).toEqual([]);
  });
});
