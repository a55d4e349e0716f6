import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema/bookings.js';
import { payments } from '../db/schema/payments.js';
import { API, call, useApiTestApp } from '../test/build-app.js';
import { expectProblemCode } from '../test/problems.js';

/**
 * Issue 14 finding 3: slot hoarding and STK spam. The review held any number of unpaid slots with
 * one account and sent 16 prompts to arbitrary numbers in 0.3 s.
 */
const test = useApiTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });
const MINUTE = 60_000;
const dayAhead = (days: number) => addDays(nairobiDateKey(new Date()), days);

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});

/** An offer with an access fee in a store open all week. */
async function paidOffer() {
  const { store } = await test.merchantWithStore();
  const offer = await test.createOffer({
    storeId: store.id,
    originalPrice: '600.00',
    discount: '25.00',
  });
  return { store, offer };
}

function bookOffer(token: string, offerId: string, storeId: string, time = '10:00') {
  return call(test.app, 'POST', `${API}/bookings/offers`, {
    token,
    body: {
      startTime: `${dayAhead(2)}T${time}:00+03:00`,
      offerId,
      bookingType: 'offer',
      branchId: `store-${storeId}`,
    },
  });
}

/** An unpaid offer booking of `userId` holding its slot (inserted directly). */
async function heldBooking(userId: string, overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const { store, offer } = await paidOffer();
  return test.createBookingRow({
    userId,
    storeId: store.id,
    offerId: offer.id,
    status: 'pending',
    accessFee: '22.50',
    holdExpiresAt: new Date(Date.now() + 10 * MINUTE),
    ...overrides,
  });
}

describe('unpaid held offer bookings per customer', () => {
  it('allows 3 at a time, refuses a 4th with 409 TOO_MANY_HELD_BOOKINGS, and counts only running unpaid holds', async () => {
    const { user, token } = await test.customer();
    for (let index = 0; index < 3; index++) {
      const { store, offer } = await paidOffer();
      const response = await bookOffer(token, offer.id, store.id);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().paymentRequired).toBe(true);
    }
    const { store, offer } = await paidOffer();
    const fourth = await bookOffer(token, offer.id, store.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'TOO_MANY_HELD_BOOKINGS',
      message:
        'You already have 3 bookings waiting for payment. Pay for one or cancel it before booking another.',
    });
    expect(await test.app.db.$count(bookings, eq(bookings.offerId, offer.id))).toBe(0);

    // Paying one (or its hold lapsing) frees a place.
    const [first] = await test.app.db.select().from(bookings).where(eq(bookings.userId, user.id)).limit(1);
    await test.app.db
      .update(bookings)
      .set({ accessFeePaid: true, holdExpiresAt: null })
      .where(eq(bookings.id, first!.id));
    expect((await bookOffer(token, offer.id, store.id)).statusCode).toBe(201);
  });

  it('ignores lapsed, paid and cancelled bookings', async () => {
    const { user, token } = await test.customer();
    await heldBooking(user.id, { holdExpiresAt: new Date(Date.now() - MINUTE) });
    await heldBooking(user.id, { accessFeePaid: true, holdExpiresAt: null, status: 'confirmed' });
    await heldBooking(user.id, { status: 'cancelled' });
    await heldBooking(user.id);
    await heldBooking(user.id);
    const { store, offer } = await paidOffer();
    expect((await bookOffer(token, offer.id, store.id)).statusCode).toBe(201);
    const { store: other, offer: another } = await paidOffer();
    expect((await bookOffer(token, another.id, other.id)).statusCode).toBe(409);
  });

  it('holds under concurrency: 6 parallel bookings with 2 holds running make exactly 1 more', async () => {
    const { user, token } = await test.customer();
    await heldBooking(user.id);
    await heldBooking(user.id);
    const targets = await Promise.all(Array.from({ length: 6 }, () => paidOffer()));
    const answers = await Promise.all(
      targets.map(({ store, offer }) => bookOffer(token, offer.id, store.id)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const held = await test.app.db.$count(bookings, eq(bookings.userId, user.id));
    expect(held).toBe(3);
  });
});

describe('STK pushes to numbers other than the verified phone', () => {
  function pay(token: string, bookingId: string, phoneNumber: string) {
    return call(test.app, 'POST', `${API}/payments/mpesa`, {
      token,
      body: { phoneNumber, bookingId, type: 'booking_access_fee' },
    });
  }

  it('allows 3 per customer per hour, then 429 STK_PUSH_LIMIT with Retry-After; the verified phone stays free', async () => {
    const { user, token } = await test.customer({ phoneNumber: '+254712000111', isPhoneVerified: true });
    const strangers = ['0722000001', '0722000002', '0722000003', '0722000004'];
    for (const phone of strangers.slice(0, 3)) {
      const booking = await heldBooking(user.id);
      const response = await pay(token, booking.id, phone);
      expect(response.statusCode, response.body).toBe(201);
    }
    const booking = await heldBooking(user.id);
    const refused = await pay(token, booking.id, strangers[3]!);
    expectProblemCode(refused, 429, 'STK_PUSH_LIMIT');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await test.app.db.$count(payments, eq(payments.bookingId, booking.id))).toBe(0);

    // The account's own verified number is not limited.
    const own = await pay(token, booking.id, '0712 000 111');
    expect(own.statusCode, own.body).toBe(201);

    // An hour later the window has moved on.
    await test.app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 61 * MINUTE) })
      .where(eq(payments.userId, user.id));
    const later = await heldBooking(user.id);
    expect((await pay(token, later.id, strangers[3]!)).statusCode).toBe(201);
  });

  it('counts every number for a customer without a verified phone, and holds under concurrency', async () => {
    const { user, token } = await test.customer({ phoneNumber: '+254712000222', isPhoneVerified: false });
    const held = await Promise.all(Array.from({ length: 6 }, () => heldBooking(user.id)));
    const answers = await Promise.all(
      held.map((booking, index) => pay(token, booking.id, `072200010${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await test.app.db.$count(payments, eq(payments.userId, user.id))).toBe(3);
  });
});
