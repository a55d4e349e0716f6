import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { describe, expect, it } from 'vitest';
import { API, call, useApiTestApp } from '../../test/build-app.js';

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
    const { store } = await ctx.merchantWithStore({ openingTime: '08:00', closingTime: '20:00' });
    const service = await ctx.createService({
      storeId: store.id,
      name: `Pedicure ${Math.random().toString(36).slice(2, 7)}`,
      duration: 60,
      maxConcurrentBookings: 1,
    } as never);
    const [holder, first, other] = [
      await customer('Holder'),
      await customer('First'),
      await customer('Other'),
    ];
    const book = (token: string) =>
      call(ctx.app, 'POST', `${API}/bookings`, {
        token,
        body: { serviceId: service.id, startTime: at('10:00'), bookingType: 'service' },
      });
    const booking = (await book(holder.token)).json().booking;
    expect(
      (
        await call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
          token: first.token,
          body: { serviceId: service.id, startTime: at('10:00') },
        })
      ).statusCode,
    ).toBe(201);
    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/cancel`, {
      token: holder.token,
      body: { reason: 'Plans changed' },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.waitlist.runOnce(new Date());

    const tenOClock = async (token?: string) => {
      const answer = await call(
        ctx.app,
        'GET',
        `${API}/bookings/slots/unified?entityType=service&entityId=${service.id}&date=${day}`,
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
});
