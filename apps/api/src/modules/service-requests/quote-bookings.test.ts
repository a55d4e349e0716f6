import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.js';
import { serviceRequests } from '../../db/schema/service-requests.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';
import { storedStatus, validQuote, validServiceRequest } from '../../test/service-requests.js';

/** Issue 12 "Beyond the seeds": booking an accepted quote (docs/decisions.md "Booking an accepted quote"). */
const ctx = useApiTestApp();
const tomorrow = () => addDays(nairobiDateKey(new Date()), 1);

const customer = (overrides: Parameters<typeof ctx.customer>[0] = {}) =>
  ctx.customer({ firstName: 'Amina', lastName: 'Njeri', ...overrides });

const merchant = () => ctx.merchantWithStore({ openingTime: '08:00', closingTime: '18:00' });

/** A request with one quote from `m` (3 hours, KES 2,500), accepted by its owner unless told not to. */
async function acceptedQuote(
  owner: { token: string },
  m: { token: string; store: { id: string } },
  accept = true,
) {
  const request = await call(ctx.app, 'POST', `${API}/request-service`, {
    token: owner.token,
    body: validServiceRequest(),
  });
  expect(request.statusCode).toBe(201);
  const requestId = request.json().request.id as string;
  const quoted = await call(ctx.app, 'POST', `${API}/request-service/${requestId}/offers`, {
    token: m.token,
    body: validQuote(m.store.id),
  });
  expect(quoted.statusCode).toBe(201);
  const quoteId = quoted.json().offer.id as string;
  if (accept) {
    const accepted = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${quoteId}/accept`, {
      token: owner.token,
    });
    expect(accepted.statusCode).toBe(200);
  }
  return { requestId, quoteId };
}

async function firstSlot(token: string, quoteId: string) {
  const response = await call(
    ctx.app,
    'GET',
    `${API}/bookings/quote-slots?quoteId=${quoteId}&date=${tomorrow()}`,
    { token },
  );
  expect(response.statusCode).toBe(200);
  return response.json() as {
    availableSlots: string[];
    detailedSlots: Array<{ startTime: string }>;
    bookingRules: { serviceDuration: number };
    accessFee: number;
  };
}

const requestStatus = (id: string) => storedStatus(ctx.app.db, serviceRequests, id);

describe('booking an accepted quote', () => {
  it('the owner books the accepted quote at the quoting store with its price and duration; the merchant queue lists it', async () => {
    const owner = await customer();
    const m = await merchant();
    const { requestId, quoteId } = await acceptedQuote(owner, m);

    const target = await call(ctx.app, 'GET', `${API}/bookings/quotes/${quoteId}`, { token: owner.token });
    expect(target.statusCode).toBe(200);
    expect(target.json().target).toMatchObject({
      quoteId,
      requestId,
      title: 'Deep clean my salon',
      storeId: m.store.id,
      storeName: m.store.name,
      quotedPrice: 2500,
      estimatedDuration: '3 hours',
      durationMinutes: 180,
      bookingId: null,
    });
    const branches = await call(ctx.app, 'GET', `${API}/bookings/quotes/${quoteId}/branch`, {
      token: owner.token,
    });
    expect(branches.statusCode).toBe(200);
    expect(branches.json().branch.id).toBe(`store-${m.store.id}`);

    const slots = await firstSlot(owner.token, quoteId);
    expect(slots.bookingRules.serviceDuration).toBe(180);
    expect(slots.accessFee).toBe(0);
    // 08:00–18:00 with 3-hour visits: the last start is 15:00.
    expect(slots.availableSlots[0]).toBe('08:00');
    expect(slots.availableSlots.at(-1)).toBe('15:00');

    const created = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId, startTime: `${tomorrow()}T10:00`, notes: 'Gate code 1234' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.paymentRequired).toBe(false);
    expect(body.booking).toMatchObject({
      bookingType: 'quote',
      status: 'confirmed',
      quoteId,
      storeId: m.store.id,
      accessFee: 0,
      time: '10:00',
      notes: 'Gate code 1234',
      offerId: null,
      serviceId: null,
      canReschedule: false,
      Service: { id: quoteId, name: 'Deep clean my salon', price: 2500, duration: 180, type: 'quote' },
    });
    expect(body.booking.endTime).toBe(`${tomorrow()}T13:00:00+03:00`);

    const queue = await call(ctx.app, 'GET', `${API}/bookings/merchant`, { token: m.token });
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().bookings.find((row: { id: string }) => row.id === body.booking.id);
    expect(listed).toMatchObject({ bookingType: 'quote', quoteId, Service: { name: 'Deep clean my salon' } });

    const again = await call(ctx.app, 'GET', `${API}/bookings/quotes/${quoteId}`, { token: owner.token });
    expect(again.json().target.bookingId).toBe(body.booking.id);
  });

  it('only the owner, only an accepted quote: another customer 403, a pending quote 400, unknown 404, a visitor 401', async () => {
    const owner = await customer();
    const other = await customer();
    const m = await merchant();
    const { quoteId } = await acceptedQuote(owner, m);
    const pending = await acceptedQuote(owner, m, false);
    const startTime = `${tomorrow()}T10:00`;

    const foreign = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: other.token,
      body: { quoteId, startTime },
    });
    expectProblemCode(foreign, 403, 'NOT_REQUEST_OWNER');
    const foreignTarget = await call(ctx.app, 'GET', `${API}/bookings/quotes/${quoteId}`, {
      token: other.token,
    });
    expect(foreignTarget.statusCode).toBe(403);

    const notAccepted = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId: pending.quoteId, startTime },
    });
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json()).toMatchObject({
      code: 'QUOTE_NOT_ACCEPTED',
      message: 'Only an accepted offer can be booked.',
    });

    const unknown = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId: '00000000-0000-4000-8000-000000000000', startTime },
    });
    expectProblemCode(unknown, 404, 'QUOTE_NOT_FOUND');

    const visitor = await call(ctx.app, 'POST', `${API}/bookings/quote`, { body: { quoteId, startTime } });
    expect(visitor.statusCode).toBe(401);

    const offHours = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId, startTime: `${tomorrow()}T16:00` },
    });
    expectProblem(offHours, 400, 'Please select one of the available time slots.');
  });

  it('once per quote: a second live booking is 409, two racing bookings leave one; a cancelled one frees the quote', async () => {
    const owner = await customer();
    const m = await merchant();
    const { quoteId } = await acceptedQuote(owner, m);
    const book = (time: string) =>
      call(ctx.app, 'POST', `${API}/bookings/quote`, {
        token: owner.token,
        body: { quoteId, startTime: `${tomorrow()}T${time}` },
      });
    const [a, b] = await Promise.all([book('09:00'), book('12:00')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('QUOTE_ALREADY_BOOKED');
    const winner = (a.statusCode === 201 ? a : b).json().booking.id as string;

    const third = await book('14:00');
    expect(third.statusCode).toBe(409);
    const live = await ctx.app.db.select().from(bookings).where(eq(bookings.quoteId, quoteId));
    expect(live).toHaveLength(1);

    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${winner}/cancel`, {
      token: owner.token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode).toBe(200);
    const rebooked = await book('14:00');
    expect(rebooked.statusCode).toBe(201);
  });

  it('completing the booking completes the service request; the owner may then review the provider', async () => {
    const owner = await customer();
    const m = await merchant();
    const { requestId, quoteId } = await acceptedQuote(owner, m);
    const created = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId, startTime: `${tomorrow()}T10:00` },
    });
    expect(created.statusCode).toBe(201);
    const bookingId = created.json().booking.id as string;
    expect(await requestStatus(requestId)).toBe('in_progress');

    // The visit has started (the completion time rule): move it an hour into the past.
    const start = new Date(Date.now() - 60 * 60_000);
    await ctx.app.db
      .update(bookings)
      .set({ startTime: start, endTime: new Date(start.getTime() + 180 * 60_000) })
      .where(eq(bookings.id, bookingId));
    const done = await call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/complete`, { token: m.token });
    expect(done.statusCode).toBe(200);
    expect(await requestStatus(requestId)).toBe('completed');

    const detail = await call(ctx.app, 'GET', `${API}/request-service/${requestId}`, { token: owner.token });
    expect(detail.json().request.status).toBe('completed');
    const review = await call(ctx.app, 'POST', `${API}/request-service/${requestId}/review`, {
      token: owner.token,
      body: { rating: 5, review: 'Spotless salon, on time and friendly.' },
    });
    expect(review.statusCode).toBe(201);
  });
});

describe('review eligibility from an accepted quote', () => {
  const reviewStore = (token: string, storeId: string) =>
    call(ctx.app, 'POST', `${API}/reviews`, {
      token,
      body: { store_id: storeId, rating: 5, text: 'Did a great job on the salon.' },
    });

  it('a request the customer completed alone gives no review right; the quote booking the store completed does', async () => {
    const phone = () => `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const owner = await customer({ phoneNumber: phone(), isPhoneVerified: true });
    const m = await merchant();

    // Issue 31 finding 5: accepted, then completed by the customer alone — no review.
    const alone = await acceptedQuote(owner, m);
    const completed = await call(ctx.app, 'PUT', `${API}/request-service/${alone.requestId}/complete`, {
      token: owner.token,
    });
    expect(completed.statusCode).toBe(200);
    expectProblemCode(await reviewStore(owner.token, m.store.id), 403, 'REVIEW_NOT_ALLOWED');

    // Accepted, booked, and the store completes the visit: now the review counts.
    const { quoteId } = await acceptedQuote(owner, m);
    const created = await call(ctx.app, 'POST', `${API}/bookings/quote`, {
      token: owner.token,
      body: { quoteId, startTime: `${tomorrow()}T10:00` },
    });
    expect(created.statusCode).toBe(201);
    const bookingId = created.json().booking.id as string;
    const start = new Date(Date.now() - 60 * 60_000);
    await ctx.app.db
      .update(bookings)
      .set({ startTime: start, endTime: new Date(start.getTime() + 180 * 60_000) })
      .where(eq(bookings.id, bookingId));
    expect(
      (await call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/complete`, { token: m.token })).statusCode,
    ).toBe(200);
    expect((await reviewStore(owner.token, m.store.id)).statusCode).toBe(201);
  });
});
