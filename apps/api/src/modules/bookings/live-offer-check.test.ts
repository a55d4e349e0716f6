import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { slotWaits } from '../../db/schema/bookings.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { holdsLiveOffer } from './live-offer-check.js';

// Issue 38: every create asks whether its customer holds a waitlist offer for the start time; the
// creates of one turn share one statement, and each still gets its own answer.
const ctx = useApiTestApp();

const day = addDays(nairobiDateKey(new Date()), 6);
const at = (time: string) => `${day}T${time}`;

async function customer(name: string) {
  const user = await ctx.createCustomer({ firstName: name, lastName: 'Wambui', isPhoneVerified: true });
  return { user, token: await ctx.customerToken(user.id) };
}

describe('holdsLiveOffer', () => {
  it('answers each create of one turn from one statement: only the customer offered that start, before the offer expires', async () => {
    const { store } = await ctx.merchantWithStore({ openingTime: '08:00', closingTime: '20:00' });
    const service = await ctx.createService({
      storeId: store.id,
      name: `Manicure ${Math.random().toString(36).slice(2, 7)}`,
      duration: 60,
      maxConcurrentBookings: 1,
    } as never);
    const [holder, offered, other] = [
      await customer('Holder'),
      await customer('Offered'),
      await customer('Other'),
    ];
    const booking = (
      await call(ctx.app, 'POST', `${API}/bookings`, {
        token: holder.token,
        body: { serviceId: service.id, startTime: at('10:00'), bookingType: 'service' },
      })
    ).json().booking;
    const joined = await call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
      token: offered.token,
      body: { serviceId: service.id, startTime: at('10:00') },
    });
    expect(joined.statusCode).toBe(201);
    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/cancel`, {
      token: holder.token,
      body: { reason: 'Plans changed' },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.waitlist.runOnce(new Date());
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
