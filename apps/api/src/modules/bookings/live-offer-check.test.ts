import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { slotWaits } from '../../db/schema/bookings.js';
import { useApiTestApp } from '../../test/build-app.js';
import { placeOfferedFromWaitlist } from '../../test/waitlist.js';
import { holdsLiveOffer } from './live-offer-check.js';

// Issue 38: every create asks whether its customer holds a waitlist offer for the start time; the
// creates of one turn share one statement, and each still gets its own answer.
const ctx = useApiTestApp();

describe('holdsLiveOffer', () => {
  it('answers each create of one turn from one statement: only the customer offered that start, before the offer expires', async () => {
    const { holder, first: offered, other } = await placeOfferedFromWaitlist(ctx, 6);
    const [wait] = await ctx.app.db.select().from(slotWaits).where(eq(slotWaits.userId, offered.user.id));
    expect(wait?.status).toBe('offered');
    const start = wait?.startTime as Date;
    const expires = wait?.offerExpiresAt as Date;

    const now = new Date();
    // The statements of these asks alone, apart from the app's own background work on the same
    // database (its jobs read it too): a handle of their own that counts its selects.
    const db = ctx.app.db;
    let selects = 0;
    const counted = Object.assign(Object.create(db), {
      select: (...args: Parameters<typeof db.select>) => {
        selects += 1;
        return db.select(...args);
      },
    }) as typeof db;
    const answers = await Promise.all([
      holdsLiveOffer(counted, offered.user.id, start, now),
      holdsLiveOffer(counted, other.user.id, start, now),
      holdsLiveOffer(counted, offered.user.id, new Date(start.getTime() + 3_600_000), now),
      holdsLiveOffer(counted, offered.user.id, start, new Date(expires.getTime() + 1)),
      holdsLiveOffer(counted, holder.user.id, start, now),
    ]);
    expect(answers).toEqual([true, false, false, false, false]);
    expect(selects).toBe(1);
  });
});
