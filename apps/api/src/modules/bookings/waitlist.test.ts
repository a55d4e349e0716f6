import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, slotWaits } from '../../db/schema/bookings.js';
import type { WaitlistOfferedPayload } from '../../events/event-bus.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';

// Issue 36: the waitlist of a full slot, through the API on a real database (PGlite, and
// PostgreSQL with TEST_DATABASE_URL). The clock is injected: the worker's pass is run at a chosen
// time, nobody waits 15 minutes.
const ctx = useApiTestApp();
const MINUTE = 60_000;
const offers: WaitlistOfferedPayload[] = [];

beforeAll(() => {
  ctx.app.events.on('waitlist.offered', (payload) => {
    offers.push(payload);
  });
});

/** A Nairobi wall-clock time `days` ahead. */
const at = (days: number, time: string) => `${addDays(nairobiDateKey(new Date()), days)}T${time}`;

async function customer(name = 'Amina') {
  const user = await ctx.createCustomer({ firstName: name, lastName: 'Njeri', isPhoneVerified: true });
  return { user, token: await ctx.customerToken(user.id) };
}

/** A store open every day with one service of `capacity` places an hour. */
async function fullSlotService(capacity = 1) {
  const { store, token: merchantToken } = await ctx.merchantWithStore({
    openingTime: '08:00',
    closingTime: '20:00',
  });
  const service = await ctx.createService({
    storeId: store.id,
    name: `Massage ${Math.random().toString(36).slice(2, 7)}`,
    duration: 60,
    maxConcurrentBookings: capacity,
  } as never);
  return { store, service, merchantToken };
}

const book = (token: string, serviceId: string, startTime: string) =>
  call(ctx.app, 'POST', `${API}/bookings`, { token, body: { serviceId, startTime, bookingType: 'service' } });
const join = (token: string, serviceId: string, startTime: string) =>
  call(ctx.app, 'POST', `${API}/bookings/waitlist`, { token, body: { serviceId, startTime } });
const cancel = (token: string, bookingId: string) =>
  call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/cancel`, { token, body: { reason: 'Plans changed' } });
const myWaits = async (token: string) =>
  (await call(ctx.app, 'GET', `${API}/bookings/waitlist`, { token })).json().entries as Array<{
    id: string;
    status: string;
    position: number | null;
    offerExpiresAt: string | null;
  }>;

async function settle() {
  // The cancellation listener runs after commit; wait for its offers to be written.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await ctx.app.waitlist.runOnce(new Date());
}

describe('waitlist of a full slot', () => {
  it('joins only a full slot, once per customer, at most 5 open; visitors are 401', async () => {
    const { service } = await fullSlotService();
    const time = at(3, '10:00');
    const a = await customer();
    const b = await customer('Baraka');
    expect((await join(b.token, service.id, time)).json().code).toBe('WAITLIST_SLOT_OPEN');
    expect((await book(a.token, service.id, time)).statusCode).toBe(201);
    const joined = await join(b.token, service.id, time);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().entry).toMatchObject({ status: 'waiting', position: 1 });
    const again = await join(b.token, service.id, time);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WAITLIST_ALREADY_JOINED');
    // Four more full slots: a sixth open wait is refused.
    for (const hour of ['11:00', '12:00', '13:00', '14:00']) {
      expect((await book(a.token, service.id, at(3, hour))).statusCode).toBe(201);
      expect((await join(b.token, service.id, at(3, hour))).statusCode).toBe(201);
    }
    expect((await book(a.token, service.id, at(3, '15:00'))).statusCode).toBe(201);
    const sixth = await join(b.token, service.id, at(3, '15:00'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('WAITLIST_LIMIT');
    const visitor = await call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
      body: { serviceId: service.id, startTime: time },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('keeps the order: a freed place goes to the first in line, held 15 minutes, never sold to another', async () => {
    const { service, merchantToken, store } = await fullSlotService();
    const time = at(4, '10:00');
    const holder = await customer('Holder');
    const [first, second] = [await customer('First'), await customer('Second')];
    const outsider = await customer('Outsider');
    const booking = (await book(holder.token, service.id, time)).json().booking;
    expect((await join(first.token, service.id, time)).statusCode).toBe(201);
    expect((await join(second.token, service.id, time)).statusCode).toBe(201);
    expect((await myWaits(second.token))[0]!.position).toBe(2);

    offers.length = 0;
    expect((await cancel(holder.token, booking.id)).statusCode).toBe(200);
    await settle();
    expect(offers.map((offer) => offer.userId)).toEqual([first.user.id]);
    const [offered] = await myWaits(first.token);
    expect(offered!.status).toBe('offered');
    const held = new Date(offered!.offerExpiresAt!).getTime() - Date.now();
    expect(held).toBeGreaterThan(14 * MINUTE);
    expect(held).toBeLessThanOrEqual(15 * MINUTE);
    // Nobody else gets the held place, the second in line included.
    expect((await book(outsider.token, service.id, time)).json().code).toBe('SLOT_TAKEN');
    expect((await book(second.token, service.id, time)).json().code).toBe('SLOT_TAKEN');
    // The merchant sees the line of the slot.
    const line = await call(ctx.app, 'GET', `${API}/bookings/merchant/waitlist?storeId=${store.id}`, {
      token: merchantToken,
    });
    expect(line.json().slots[0].waiting.map((wait: { status: string }) => wait.status)).toEqual([
      'offered',
      'waiting',
    ]);
    // The first in line books it.
    const claimed = await book(first.token, service.id, time);
    expect(claimed.statusCode).toBe(201);
    expect((await myWaits(first.token))[0]!.status).toBe('booked');
    // A bell notification was written for the offer, and an SMS sent.
    const bell = await call(ctx.app, 'GET', `${API}/notifications`, { token: first.token });
    expect(JSON.stringify(bell.json())).toContain('A place is free for you');
  });

  it('a customer leaves the line at /bookings/waitlist/entries/{id}: a place held for them passes on; another customer cannot remove it', async () => {
    const { service } = await fullSlotService();
    const time = at(4, '12:00');
    const holder = await customer('Holder');
    const [first, second] = [await customer('First'), await customer('Second')];
    const booking = (await book(holder.token, service.id, time)).json().booking;
    const firstWait = (await join(first.token, service.id, time)).json().entry as { id: string };
    expect((await join(second.token, service.id, time)).statusCode).toBe(201);
    offers.length = 0;
    expect((await cancel(holder.token, booking.id)).statusCode).toBe(200);
    await settle();
    expect(offers.map((offer) => offer.userId)).toEqual([first.user.id]);

    const leave = (token: string) =>
      call(ctx.app, 'DELETE', `${API}/bookings/waitlist/entries/${firstWait.id}`, { token });
    // Another customer's entry is not found, and stays as it was.
    const stranger = await leave(second.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NOT_FOUND');
    expect((await myWaits(first.token))[0]!.status).toBe('offered');

    offers.length = 0;
    const left = await leave(first.token);
    expect(left.statusCode).toBe(200);
    expect(left.json().entry).toMatchObject({ id: firstWait.id, status: 'cancelled' });
    await settle();
    expect(offers.map((offer) => offer.userId)).toEqual([second.user.id]);
    expect((await myWaits(second.token))[0]!.status).toBe('offered');
    // Leaving again changes nothing and offers nothing more.
    offers.length = 0;
    expect((await leave(first.token)).json().entry.status).toBe('cancelled');
    await settle();
    expect(offers).toEqual([]);
  });

  it('hands the place on when unclaimed for 15 minutes (clock injected)', async () => {
    const { service } = await fullSlotService();
    const time = at(5, '10:00');
    const holder = await customer('Holder');
    const first = await customer('Slow');
    const second = await customer('Next');
    const booking = (await book(holder.token, service.id, time)).json().booking;
    await join(first.token, service.id, time);
    await join(second.token, service.id, time);
    offers.length = 0;
    await cancel(holder.token, booking.id);
    await settle();
    expect(offers.map((offer) => offer.userId)).toEqual([first.user.id]);
    // 14 minutes on: still held.
    expect(await ctx.app.waitlist.runOnce(new Date(Date.now() + 14 * MINUTE))).toEqual([]);
    // 16 minutes on: the job lapses the hold, the next in line is offered.
    const handed = await ctx.app.waitlist.runOnce(new Date(Date.now() + 16 * MINUTE));
    expect(handed.map((offer) => offer.userId)).toEqual([second.user.id]);
    const [lapsed] = await ctx.app.db.select().from(slotWaits).where(eq(slotWaits.userId, first.user.id));
    expect(lapsed!.status).toBe('expired');
  });

  it('two places freeing at once offer two customers, never one twice', async () => {
    const { service } = await fullSlotService(2);
    const time = at(6, '10:00');
    const [h1, h2] = [await customer('H1'), await customer('H2')];
    const waiters = [await customer('W1'), await customer('W2'), await customer('W3')];
    const b1 = (await book(h1.token, service.id, time)).json().booking;
    const b2 = (await book(h2.token, service.id, time)).json().booking;
    for (const waiter of waiters) expect((await join(waiter.token, service.id, time)).statusCode).toBe(201);
    offers.length = 0;
    await Promise.all([cancel(h1.token, b1.id), cancel(h2.token, b2.id)]);
    await settle();
    const offered = await ctx.app.db
      .select()
      .from(slotWaits)
      .where(
        and(
          eq(slotWaits.status, 'offered'),
          inArray(
            slotWaits.userId,
            waiters.map((w) => w.user.id),
          ),
        ),
      );
    expect(offered.map((wait) => wait.userId).sort()).toEqual(
      [waiters[0]!.user.id, waiters[1]!.user.id].sort(),
    );
    expect(new Set(offers.map((offer) => offer.waitId)).size).toBe(offers.length);
  });

  // Hundreds of writes: the time limit is generous so a loaded host is not a failure.
  it('50 parallel cancellations and claims: no place offered twice, none sold under a hold, never over capacity', async () => {
    const capacity = 10;
    const { service } = await fullSlotService(capacity);
    const time = at(7, '10:00');
    const holders = await Promise.all(Array.from({ length: capacity }, (_, i) => customer(`Hold${i}`)));
    const held = [];
    for (const holder of holders) held.push((await book(holder.token, service.id, time)).json().booking);
    const waiters = await Promise.all(Array.from({ length: 15 }, (_, i) => customer(`Wait${i}`)));
    for (const waiter of waiters) expect((await join(waiter.token, service.id, time)).statusCode).toBe(201);
    const outsiders = await Promise.all(Array.from({ length: 15 }, (_, i) => customer(`Out${i}`)));
    offers.length = 0;
    // 10 cancellations, 15 outsiders trying to book, and every waiter trying to claim, all at once
    // (the waiters retry through the race: an offer may come to them mid-way).
    const claims = waiters.map(async (waiter) => {
      for (let round = 0; round < 5; round += 1) {
        const response = await book(waiter.token, service.id, time);
        if (response.statusCode === 201) return response;
        await ctx.app.waitlist.runOnce(new Date());
      }
      return undefined;
    });
    await Promise.all([
      ...held.map((booking, i) => cancel(holders[i]!.token, booking.id)),
      ...outsiders.map((outsider) => book(outsider.token, service.id, time)),
      ...claims,
    ]);
    await settle();
    const live = await ctx.app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.serviceId, service.id), inArray(bookings.status, ['pending', 'confirmed'])));
    expect(live.length).toBeLessThanOrEqual(capacity);
    // Every place freed went to the line, in order of the line: no outsider booked.
    const outsiderIds = new Set(outsiders.map((outsider) => outsider.user.id));
    expect(live.filter((booking) => outsiderIds.has(booking.userId!))).toEqual([]);
    // Each wait was offered at most once (one offered event per wait), and 10 places went to 10 waiters.
    const perWait = new Map<string, number>();
    for (const offer of offers) perWait.set(offer.waitId, (perWait.get(offer.waitId) ?? 0) + 1);
    expect([...perWait.values()].every((count) => count === 1)).toBe(true);
    const waits = await ctx.app.db
      .select()
      .from(slotWaits)
      .where(
        inArray(
          slotWaits.userId,
          waiters.map((w) => w.user.id),
        ),
      );
    const booked = waits.filter((wait) => wait.status === 'booked' || wait.status === 'offered');
    expect(booked.length).toBe(capacity);
    // The first ten in line got them.
    const order = [...waits].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
    );
    expect(order.slice(0, capacity).every((wait) => wait.status !== 'waiting')).toBe(true);
  }, 120_000);
});
