import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/bookings.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import {
  ALL_WEEK,
  createCustomer,
  createMerchant,
  createService,
  createStore,
  customerToken,
} from '../../test/factories.js';
import { twoProcessesAvailable, useTwoProcesses } from '../../test/two-processes.js';
import { KnownFullSlots } from './known-full.js';
import { slotQueueFor } from './slot-queue.js';

// Issue 38 (decision 0810): a slot known to be full is answered without the database, and every
// path that frees a place makes the next create check again at once, in every process.

const ctx = useApiTestApp();
const day = addDays(nairobiDateKey(new Date()), 4);

function book(app: FastifyInstance, token: string, serviceId: string, time: string) {
  return call(app, 'POST', `${API}/bookings/service`, {
    token,
    body: { serviceId, startTime: `${day}T${time}:00+03:00` },
  });
}

/**
 * Frees a booking's place behind the API's back, as nothing in the product does: a create that is
 * still refused afterwards was answered from memory, not by the database.
 */
async function freeQuietly(db: Db, bookingId: string) {
  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId));
}

describe('slots known to be full (one process)', () => {
  it('a slot left full answers the next create from memory; a cancel through the API lets the next one in at once', async () => {
    const { store } = await ctx.merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 1 });
    const [first, second, third] = await Promise.all([ctx.customer(), ctx.customer(), ctx.customer()]);

    const taken = await book(ctx.app, first.token, service.id, '10:00');
    expect(taken.statusCode).toBe(201);
    const bookingId = taken.json().booking.id as string;
    await freeQuietly(ctx.app.db, bookingId);
    // The database has the place free again, but this process knows the slot was left full.
    const refused = await book(ctx.app, second.token, service.id, '10:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
    await ctx.app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, bookingId));

    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/cancel`, {
      token: first.token,
      body: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const after = await book(ctx.app, third.token, service.id, '10:00');
    expect(after.statusCode).toBe(201);
    expect(after.json().booking.startTime).toBe(`${day}T10:00:00+03:00`);
  });

  it("a merchant's raise of the capacity lets the next create in at once", async () => {
    const { store, token: merchantToken } = await ctx.merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 1 });
    const [first, second] = await Promise.all([ctx.customer(), ctx.customer()]);
    expect((await book(ctx.app, first.token, service.id, '11:00')).statusCode).toBe(201);
    expect((await book(ctx.app, second.token, service.id, '11:00')).statusCode).toBe(409);
    expect(slotQueueFor(ctx.app.events).known.size).toBeGreaterThan(0);

    const raised = await call(ctx.app, 'PUT', `${API}/services/${service.id}`, {
      token: merchantToken,
      body: { max_concurrent_bookings: 2 },
    });
    expect(raised.statusCode).toBe(200);
    const booked = await book(ctx.app, second.token, service.id, '11:00');
    expect(booked.statusCode).toBe(201);
    const rows = await ctx.app.db.select().from(bookings).where(eq(bookings.serviceId, service.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['confirmed', 'confirmed']);
  });

  it('a verdict is kept per slot: the next hour of the same service is still asked of the database', async () => {
    const { store } = await ctx.merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 1 });
    const [first, second] = await Promise.all([ctx.customer(), ctx.customer()]);
    expect((await book(ctx.app, first.token, service.id, '12:00')).statusCode).toBe(201);
    expect((await book(ctx.app, second.token, service.id, '13:00')).statusCode).toBe(201);
  });
});

describe('slots known to be full, and the waitlist (decision 0811)', () => {
  const join = (token: string, serviceId: string, time: string) =>
    call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
      token,
      body: { serviceId, startTime: `${day}T${time}:00+03:00` },
    });

  /** A service of one place an hour, and three customers: one to book, one to wait, one to lose. */
  async function oneSeatAndThreeCustomers() {
    const { store } = await ctx.merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 1 });
    const [first, waiting, other] = await Promise.all(
      [1, 2, 3].map(() => ctx.customer({ isPhoneVerified: true })),
    );
    return { service, first: first!, waiting: waiting!, other: other! };
  }

  it('a slot found full while nobody held an offer is full for everyone; a place the worker offers to the line opens it at once', async () => {
    const { service, first, waiting, other } = await oneSeatAndThreeCustomers();
    const known = slotQueueFor(ctx.app.events).known;

    const taken = await book(ctx.app, first.token, service.id, '14:00');
    expect(taken.statusCode).toBe(201);
    expect((await join(waiting.token, service.id, '14:00')).statusCode).toBe(201);
    expect((await book(ctx.app, other.token, service.id, '14:00')).statusCode).toBe(409);
    const slot = ['service', service.id, '', '', Date.parse(`${day}T14:00:00+03:00`)].join('|');
    expect(known.isFullForAll(`${slot}|`)).toBe(true);

    // The place frees with no write of the product (as an unpaid hold lapsing does); the worker's
    // sweep offers it to the line, and the offer forgets the store's verdicts.
    await freeQuietly(ctx.app.db, taken.json().booking.id as string);
    const kept = known.size; // other tests' stores keep theirs
    const offered = await ctx.app.waitlist.runOnce(new Date());
    expect(offered.map((offer) => offer.userId)).toEqual([waiting.user.id]);
    expect(known.size).toBe(kept - 1);
    const claimed = await book(ctx.app, waiting.token, service.id, '14:00');
    expect(claimed.statusCode).toBe(201);
  });

  it('a slot found full while a customer held an offer for it still lets that customer book it', async () => {
    const { service, first, waiting, other } = await oneSeatAndThreeCustomers();
    const taken = await book(ctx.app, first.token, service.id, '16:00');
    expect((await join(waiting.token, service.id, '16:00')).statusCode).toBe(201);
    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${taken.json().booking.id}/cancel`, {
      token: first.token,
      body: {},
    });
    expect(cancelled.statusCode).toBe(200);
    await expect
      .poll(async () => {
        const line = await call(ctx.app, 'GET', `${API}/bookings/waitlist`, { token: waiting.token });
        return line.json().entries[0]?.status;
      })
      .toBe('offered');

    // Another customer finds the slot full: the place is held for the one in line.
    expect((await book(ctx.app, other.token, service.id, '16:00')).statusCode).toBe(409);
    const slot = ['service', service.id, '', '', Date.parse(`${day}T16:00:00+03:00`)].join('|');
    const known = slotQueueFor(ctx.app.events).known;
    expect(known.isFull(`${slot}|`)).toBe(true);
    expect(known.isFullForAll(`${slot}|`)).toBe(false);
    const claimed = await book(ctx.app, waiting.token, service.id, '16:00');
    expect(claimed.statusCode).toBe(201);
  });
});

describe('the verdicts of other processes', () => {
  it('takes a verdict sent before an open it has already seen as too old, for as long as that verdict could last', () => {
    let clock = 0;
    const known = new KnownFullSlots(() => clock);
    known.receive({ kind: 'open', storeId: 'store-1' });
    known.receive({ kind: 'full', key: 'slot', storeId: 'store-1', ms: 1_000, claimable: true });
    expect(known.isFull('slot')).toBe(false);
    known.receive({ kind: 'full', key: 'other', storeId: 'store-2', ms: 1_000, claimable: true });
    expect(known.isFull('other')).toBe(true);
    clock += 1_001;
    expect(known.isFull('other')).toBe(false);
    known.receive({ kind: 'full', key: 'slot', storeId: 'store-1', ms: 60_000, claimable: true });
    expect(known.isFull('slot')).toBe(true);
    clock += 1_000; // a verdict from elsewhere never lasts longer than one of our own
    expect(known.isFull('slot')).toBe(false);
  });

  it('a verdict is full for everyone only when it says nobody held an offer for the slot', () => {
    const known = new KnownFullSlots(() => 0);
    known.receive({ kind: 'full', key: 'held', storeId: 'store-1', ms: 1_000, claimable: true });
    known.receive({ kind: 'full', key: 'free', storeId: 'store-1', ms: 1_000, claimable: false });
    expect([known.isFull('held'), known.isFullForAll('held')]).toEqual([true, false]);
    expect([known.isFull('free'), known.isFullForAll('free')]).toEqual([true, true]);
    known.full('mine', 'store-2', known.generation);
    expect([known.isFull('mine'), known.isFullForAll('mine')]).toEqual([true, false]);
  });
});

describe.runIf(twoProcessesAvailable)('two API processes on one PostgreSQL and Redis', () => {
  const processes = useTwoProcesses();

  it('a slot left full on A is answered from memory on B; a cancel on A lets B book it at once', async () => {
    const { a, b } = processes;
    const db = a.app.db;
    const merchant = await createMerchant(db);
    const store = await createStore(db, { merchantId: merchant.id, workingDays: ALL_WEEK });
    const service = await createService(db, { storeId: store.id, maxConcurrentBookings: 1 });
    const tokens = await Promise.all(
      [1, 2, 3].map(async () => customerToken(a, (await createCustomer(db)).id)),
    );
    const onB = slotQueueFor(b.events).known;

    const taken = await book(a.app, tokens[0]!, service.id, '15:00');
    expect(taken.statusCode).toBe(201);
    const bookingId = taken.json().booking.id as string;
    await expect.poll(() => onB.size).toBe(1); // A's verdict, over Redis
    await freeQuietly(db, bookingId);
    expect((await book(b, tokens[1]!, service.id, '15:00')).statusCode).toBe(409);
    await db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, bookingId));

    const cancelled = await call(a.app, 'PUT', `${API}/bookings/${bookingId}/cancel`, {
      token: tokens[0]!,
      body: {},
    });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(() => onB.size).toBe(0);
    expect((await book(b, tokens[2]!, service.id, '15:00')).statusCode).toBe(201);
  });
});
