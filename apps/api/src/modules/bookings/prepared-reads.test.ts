import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.js';
import { useApiTestApp } from '../../test/build-app.js';
import { bookingViews } from './booking-view.js';
import { userContact } from './bookings-repository.js';

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
});
