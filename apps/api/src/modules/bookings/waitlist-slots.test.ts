import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.js';
import { outbox } from '../../db/schema/support.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { placeOfferedFromWaitlist } from '../../test/waitlist.js';

// Issue 36: the slot list a signed-in customer reads counts the place held for them as theirs, so the
// customer offered a place can pick it in the booking wizard; everyone else still sees it full.
const ctx = useApiTestApp();

const day = addDays(nairobiDateKey(new Date()), 5);
const at = (time: string) => `${day}T${time}`;

async function customer(name: string) {
  const user = await ctx.createCustomer({ firstName: name, lastName: 'Njeri', isPhoneVerified: true });
  return { user, token: await ctx.customerToken(user.id) };
}

describe('the slot list of a customer offered a waitlist place', () => {
  it('shows the held place open to the customer holding it, full to others and to visitors; they book it', async () => {
    const offered = await placeOfferedFromWaitlist(ctx, 5);
    const { service, first, other } = offered;
    const book = (token: string) =>
      call(ctx.app, 'POST', `${API}/bookings`, {
        token,
        body: { serviceId: service.id, startTime: offered.at('10:00'), bookingType: 'service' },
      });
    const tenOClock = async (token?: string) => {
      const answer = await call(
        ctx.app,
        'GET',
        `${API}/bookings/slots/unified?entityType=service&entityId=${service.id}&date=${offered.day}`,
        token ? { token } : {},
      );
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as {
        availableSlots: string[];
        detailedSlots: Array<{ time: string; available: number }>;
      };
      return {
        available: body.detailedSlots.find((slot) => slot.time === '10:00')?.available,
        listed: body.availableSlots.includes('10:00'),
      };
    };
    expect(await tenOClock(first.token)).toEqual({ available: 1, listed: true });
    expect(await tenOClock(other.token)).toEqual({ available: 0, listed: false });
    expect(await tenOClock()).toEqual({ available: 0, listed: false });
    // A stale or foreign token reads the visitor's list, never a 401.
    expect(await tenOClock('not-a-token')).toEqual({ available: 0, listed: false });

    expect((await book(other.token)).json().code).toBe('SLOT_TAKEN');
    const claimed = await book(first.token);
    expect(claimed.statusCode).toBe(201);
    expect(await tenOClock(first.token)).toEqual({ available: 0, listed: false });
  });

  it('tells the customer of the offer in their language: bell and SMS in Kiswahili to a Kiswahili customer', async () => {
    const { store } = await ctx.merchantWithStore({
      name: 'Glow Spa',
      openingTime: '08:00',
      closingTime: '20:00',
    } as never);
    const service = await ctx.createService({
      storeId: store.id,
      name: 'Facial',
      duration: 60,
      maxConcurrentBookings: 1,
    } as never);
    const holder = await customer('Holder');
    const phone = `+2547${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 100000).padStart(5, '0')}`;
    const swUser = await ctx.createCustomer({
      firstName: 'Neema',
      lastName: 'Wanjiru',
      phoneNumber: phone,
      isPhoneVerified: true,
      locale: 'sw',
    } as never);
    const swToken = await ctx.customerToken(swUser.id);
    const booking = (
      await call(ctx.app, 'POST', `${API}/bookings`, {
        token: holder.token,
        body: { serviceId: service.id, startTime: at('15:00'), bookingType: 'service' },
      })
    ).json().booking;
    expect(
      (
        await call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
          token: swToken,
          body: { serviceId: service.id, startTime: at('15:00') },
        })
      ).statusCode,
    ).toBe(201);
    await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/cancel`, {
      token: holder.token,
      body: { reason: 'Plans changed' },
    });
    await ctx.app.waitlist.runOnce(new Date());
    await ctx.app.events.drain();

    const [sms] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, phone));
    expect(sms!.body).toMatch(
      /^D3 Deals: nafasi imepatikana ya Facial pale Glow Spa, .*15:00\. Tumekushikia kwa dakika 15 - iweke kwenye programu\.$/,
    );
    const [bell] = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, swUser.id));
    expect(bell!.title).toBe('Nafasi imepatikana kwa ajili yako');
    expect(bell!.message).toMatch(
      /^Facial pale Glow Spa, .* saa 15:00: nafasi imepatikana na umeshikiliwa kwa dakika 15\. Ihifadhi sasa\.$/,
    );
  });
});
