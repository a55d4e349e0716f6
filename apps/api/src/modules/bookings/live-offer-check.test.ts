import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
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
    const select = vi.spyOn(ctx.app.db, 'select');
    try {
      const answers = await Promise.all([
        holdsLiveOffer(ctx.app.db, offered.user.id, start, now),
        holdsLiveOffer(ctx.app.db, other.user.id, start, now),
        holdsLiveOffer(ctx.app.db, offered.user.id, new Date(start.getTime() + 3_600_000), now),
        holdsLiveOffer(ctx.app.db, offered.user.id, start, new Date(expires.getTime() + 1)),
        holdsLiveOffer(ctx.app.db, holder.user.id, start, now),
      ]);
      expect(answers).toEqual([true, false, false, false, false]);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });
});
