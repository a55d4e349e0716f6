import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/accounts.js';
import { bookingEvents, bookings, slotWaits } from '../../db/schema/bookings.js';
import { useApiTestApp } from '../../test/build-app.js';
import { bookingViews } from './booking-view.js';
import { insertNewBooking, type NewBooking, userContact } from './bookings-repository.js';
import { liveBookingsAndWaits } from './capacity-repository.js';

// Issue 38: the reads of a booking's create are named statements on the database handle, built
// once (db/prepared.ts `runPlaceheld`); inside a transaction the same functions run on the
// transaction's own connection.

const ctx = useApiTestApp();
const db = () => ctx.app.db;

class RolledBack extends Error {}

describe('reads as named statements (issue 38)', () => {
  it('on the handle, each call reads with its own values, and a row changed since is read as it is now', async () => {
    const amina = await ctx.createCustomer({ firstName: 'Amina', phoneNumber: '+254711000101' });
    const brian = await ctx.createCustomer({ firstName: 'Brian', phoneNumber: '+254711000102' });

    expect(await userContact(db(), amina.id)).toMatchObject({
      firstName: 'Amina',
      phoneNumber: '+254711000101',
    });
    expect(await userContact(db(), brian.id)).toMatchObject({
      firstName: 'Brian',
      phoneNumber: '+254711000102',
    });
    // A changed row is read as it is now: the statement is kept, its answer is not.
    await db().update(users).set({ firstName: 'Aminah' }).where(eq(users.id, amina.id));
    expect((await userContact(db(), amina.id))?.firstName).toBe('Aminah');
  });

  it('inside a transaction, the read sees that transaction’s own uncommitted write, which a rollback undoes', async () => {
    const customer = await ctx.createCustomer({ firstName: 'Wanjiru' });
    const seenInside: (string | undefined)[] = [];
    await expect(
      db().transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Njeri' }).where(eq(users.id, customer.id));
        seenInside.push((await userContact(tx, customer.id))?.firstName);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(seenInside).toEqual(['Njeri']);
    expect((await userContact(db(), customer.id))?.firstName).toBe('Wanjiru');
  });

  it('a statement first built in one transaction runs on each later transaction’s own connection', async () => {
    const first = await ctx.createCustomer({ firstName: 'Wanjiru' });
    const second = await ctx.createCustomer({ firstName: 'Otieno' });
    /** Renames `customer` inside a transaction, reads the name back there, then rolls back. */
    const readInside = async (customer: { id: string }, name: string, meanwhile = async () => {}) => {
      let seen: string | undefined;
      await expect(
        db().transaction(async (tx) => {
          await tx.update(users).set({ firstName: name }).where(eq(users.id, customer.id));
          seen = (await userContact(tx, customer.id))?.firstName;
          await meanwhile();
          throw new RolledBack();
        }),
      ).rejects.toBeInstanceOf(RolledBack);
      return seen;
    };
    if (ctx.app.database.kind === 'postgres') {
      // Two transactions open at once, on two pool connections: the second reads with the statement
      // the first built while the first still holds its connection. Run on the first's connection,
      // it would read 'Otieno', not its own uncommitted 'Kamau'.
      let secondSaw: string | undefined;
      const firstSaw = await readInside(first, 'Njeri', async () => {
        secondSaw = await readInside(second, 'Kamau');
      });
      expect([firstSaw, secondSaw]).toEqual(['Njeri', 'Kamau']);
    } else {
      // The embedded database has one connection: its transactions take turns on it.
      expect(await readInside(first, 'Njeri')).toBe('Njeri');
      expect(await readInside(second, 'Kamau')).toBe('Kamau');
    }
    expect((await userContact(db(), first.id))?.firstName).toBe('Wanjiru');
    expect((await userContact(db(), second.id))?.firstName).toBe('Otieno');
  });

  it('a value that is not an id finds nothing, rather than failing the statement', async () => {
    const customer = await ctx.createCustomer();
    const { booking } = await ctx.createPendingBooking(customer.id);
    expect(await userContact(db(), "x' or 1=1 --")).toBeUndefined();
    expect(await userContact(db(), 'not-a-uuid\u0000')).toBeUndefined();
    const views = await bookingViews(db(), ['$&', booking.id, 'nope']);
    expect(views.map((view) => view.id)).toEqual([booking.id]);
    expect(await bookingViews(db(), ['nope'])).toEqual([]);
  });

  it('a new booking and its history are one statement: both stored, or, when it fails, neither', async () => {
    const customer = await ctx.createCustomer();
    const store = await ctx.createStore({ merchantId: (await ctx.createMerchant()).id });
    const service = await ctx.createService({ storeId: store.id });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const start = new Date(now.getTime() + 2 * 24 * 60 * 60_000);
    const booking = (notes: string | null): NewBooking => ({
      userId: customer.id,
      storeId: store.id,
      branchId: null,
      staffId: null,
      offerId: null,
      serviceId: service.id,
      bookingType: 'service',
      status: 'confirmed',
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 60_000),
      accessFee: '0.00',
      accessFeePaid: false,
      partySize: 1,
      holdExpiresAt: null,
      notes,
      specialRequests: null,
      clientName: 'Amina Otieno',
      clientEmail: null,
      clientPhone: '+254711000103',
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const history = [
      { type: 'created', actor: 'customer', detail: null },
      { type: 'confirmed', actor: 'system', detail: 'Auto-confirmed' },
    ] as const;

    let sent = 0;
    const row = await db().transaction(async (tx) => {
      const { session } = tx as unknown as { session: { client: { query: (...args: never[]) => unknown } } };
      const query = vi.spyOn(session.client, 'query');
      const inserted = await insertNewBooking(tx, booking('window seat'), history);
      sent = query.mock.calls.length;
      query.mockRestore();
      return inserted;
    });
    expect(sent).toBe(1);
    expect(row).toMatchObject({ notes: 'window seat', status: 'confirmed', serviceId: service.id });
    const events = await db()
      .select({
        type: bookingEvents.type,
        actor: bookingEvents.actor,
        detail: bookingEvents.detail,
        at: bookingEvents.createdAt,
      })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, row.id))
      .orderBy(asc(bookingEvents.type));
    expect(events).toEqual([
      { type: 'confirmed', actor: 'system', detail: 'Auto-confirmed', at: now },
      { type: 'created', actor: 'customer', detail: null, at: now },
    ]);

    // A NUL byte in the notes fails the statement in the database: no booking, and no orphan history.
    const before = (await db().select({ id: bookingEvents.id }).from(bookingEvents)).length;
    await expect(
      db().transaction((tx) => insertNewBooking(tx, booking('bad\u0000note'), history)),
    ).rejects.toThrow();
    expect((await db().select({ id: bookingEvents.id }).from(bookingEvents)).length).toBe(before);
    expect(
      await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, customer.id)),
    ).toEqual([{ id: row.id }]);
  });

  it('a day’s live bookings and open waits are one statement, each row told apart', async () => {
    const [amina, brian, chebet] = await Promise.all([
      ctx.createCustomer(),
      ctx.createCustomer(),
      ctx.createCustomer(),
    ]);
    const store = await ctx.createStore({ merchantId: (await ctx.createMerchant()).id });
    const service = await ctx.createService({ storeId: store.id });
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 2 * 24 * 3_600_000);
    const end = new Date(start.getTime() + 3_600_000);
    const offerEnds = new Date(start.getTime() - 3_600_000);
    await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      userId: amina.id,
      startTime: start,
    });
    await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      userId: amina.id,
      startTime: start,
      status: 'cancelled',
    });
    const wait = (userId: string, status: string, offerExpiresAt: Date | null) => ({
      userId,
      storeId: store.id,
      bookingType: 'service',
      serviceId: service.id,
      resourceId: service.id,
      startTime: start,
      endTime: end,
      slotKey: `${service.id}|main|${start.getTime()}`,
      status,
      offerExpiresAt,
    });
    await db()
      .insert(slotWaits)
      .values([
        wait(brian.id, 'offered', offerEnds),
        wait(chebet.id, 'waiting', null),
        wait(amina.id, 'expired', null),
      ]);

    const day = { from: new Date(start.getTime() - 3_600_000), to: end, now: new Date() };
    let sent = 0;
    const found = await db().transaction(async (tx) => {
      const { session } = tx as unknown as { session: { client: { query: (...args: never[]) => unknown } } };
      const query = vi.spyOn(session.client, 'query');
      const read = await liveBookingsAndWaits(
        tx,
        store.id,
        null,
        { serviceId: service.id, offerId: null },
        day,
      );
      sent = query.mock.calls.length;
      query.mockRestore();
      return read;
    });
    expect(sent).toBe(1);
    expect(found.booked).toEqual([{ startTime: start, endTime: end, staffId: null, places: 1 }]);
    const byUser = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
    expect([...found.waits].sort(byUser)).toEqual(
      [
        { userId: brian.id, status: 'offered', startTime: start, endTime: end, offerExpiresAt: offerEnds },
        { userId: chebet.id, status: 'waiting', startTime: start, endTime: end, offerExpiresAt: null },
      ].sort(byUser),
    );
  });
});
