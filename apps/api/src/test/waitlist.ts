import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { expect } from 'vitest';
import { API, type ApiTestApp, call } from './build-app.js';

/**
 * A service of capacity 1 whose 10:00 place, `daysAhead` days from now, is offered from the waitlist
 * (issue 36): 'Holder' booked it, 'First' joined the waitlist, Holder cancelled and the waitlist ran.
 * 'Other' is a third customer who is in no line.
 */
export async function placeOfferedFromWaitlist(ctx: ApiTestApp, daysAhead: number) {
  const day = addDays(nairobiDateKey(new Date()), daysAhead);
  const at = (time: string) => `${day}T${time}`;
  const customer = async (name: string) => {
    const user = await ctx.createCustomer({ firstName: name, lastName: 'Njeri', isPhoneVerified: true });
    return { user, token: await ctx.customerToken(user.id) };
  };
  const { store } = await ctx.merchantWithStore({ openingTime: '08:00', closingTime: '20:00' });
  const service = await ctx.createService({
    storeId: store.id,
    name: `Pedicure ${Math.random().toString(36).slice(2, 7)}`,
    duration: 60,
    maxConcurrentBookings: 1,
  } as never);
  const [holder, first, other] = [await customer('Holder'), await customer('First'), await customer('Other')];
  const booked = await call(ctx.app, 'POST', `${API}/bookings`, {
    token: holder.token,
    body: { serviceId: service.id, startTime: at('10:00'), bookingType: 'service' },
  });
  const joined = await call(ctx.app, 'POST', `${API}/bookings/waitlist`, {
    token: first.token,
    body: { serviceId: service.id, startTime: at('10:00') },
  });
  expect(joined.statusCode).toBe(201);
  const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${booked.json().booking.id}/cancel`, {
    token: holder.token,
    body: { reason: 'Plans changed' },
  });
  expect(cancelled.statusCode).toBe(200);
  await ctx.app.waitlist.runOnce(new Date());
  return { day, at, store, service, holder, first, other, customer };
}
