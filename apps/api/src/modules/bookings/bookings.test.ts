import { addDays, nairobiDateKey, weekdayOf } from '@d3/shared/bookings/slot-rules';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../db/schema/bookings.js';
import { payments } from '../../db/schema/payments.js';
import { registerCustomer } from '../../test/accounts-helpers.js';
import { API, call, UNKNOWN_ID, useApiTestApp, usePublished } from '../../test/build-app.js';
import { ALL_WEEK } from '../../test/factories.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';
import {
  lockBookingAndSlot,
  releaseLapsedHolds,
  releaseUnpaidBooking,
  settleAccessFee,
} from './booking-settlement.js';
import { slotLockKeys } from './capacity-repository.js';

const ctx = useApiTestApp();
const NO_SLOTS = 'No available time slots for this date. Please try a different date.';
const SLOT_TAKEN = 'This time slot is no longer available. Please select a different time.';
const CANCEL_BLOCKED =
  'Cancellation Not Available – This booking cannot be cancelled due to the cancellation policy. Contact the service provider for assistance.';
const HOUR = 60 * 60 * 1000;

/** A Nairobi calendar day `days` from today. */
const dayAhead = (days: number) => addDays(nairobiDateKey(new Date()), days);
/** An instant of a Nairobi wall-clock time. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);

const published = usePublished(ctx, [
  'booking.created',
  'booking.confirmed',
  'booking.checked_in',
  'booking.completed',
  'booking.cancelled',
  'booking.rescheduled',
]);

async function customer() {
  const user = await ctx.createCustomer({
    firstName: 'Amina',
    lastName: 'Njeri',
    phoneNumber: '+254712345678',
  });
  return { user, token: await ctx.customerToken(user.id) };
}

/** A store open every day 09:00–18:00 with its merchant's token. */
async function openStore(overrides: Parameters<typeof ctx.createStore>[0] = {}) {
  const { token, ...owner } = await ctx.merchantWithStore(overrides);
  return { ...owner, merchantToken: token };
}

function slots(path: string) {
  return call(ctx.app, 'GET', `${API}${path}`);
}

function book(token: string, body: Record<string, unknown>, path = '/bookings/service') {
  return call(ctx.app, 'POST', `${API}${path}`, { token, body });
}

async function eventTypes(bookingId: string) {
  const rows = await ctx.app.db
    .select({ type: bookingEvents.type })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
  return rows.map((row) => row.type).sort();
}

// ---------------------------------------------------------------------------------------------

describe('slots', () => {
  it('a service day: hourly slots in Nairobi time, rules, store and synthetic branch, no fee', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const date = dayAhead(3);
    const response = await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.date).toBe(date);
    expect(body.availableSlots).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(body.detailedSlots[0]).toEqual({
      time: '09:00',
      startTime: `${date}T09:00:00+03:00`,
      available: 1,
      total: 1,
    });
    expect(body.bookingRules).toEqual({ serviceDuration: 60, maxConcurrentBookings: 1 });
    expect(body.storeInfo).toMatchObject({
      id: store.id,
      name: store.name,
      openingTime: '09:00',
      closingTime: '18:00',
    });
    expect(body.branchInfo.id).toBe(`store-${store.id}`);
    expect(body.accessFee).toBe(0);
    expect(body.accessFeeAmount).toBe(0);
    expect(body.message).toBeUndefined();
  });

  it('an offer: the access fee of decision 8 (15 % of the discount value) and the whole-shilling amount', async () => {
    const { store } = await openStore();
    const offer = await ctx.createOffer({
      storeId: store.id,
      originalPrice: '600.00',
      discount: '25.00',
    });
    const body = (await slots(`/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(2)}`)).json();
    expect(body.accessFee).toBe(22.5);
    expect(body.accessFeeAmount).toBe(23);
    expect(body.availableSlots).toHaveLength(9);
  });

  it('the fallbacks /bookings/slots/unified and /bookings/slots answer the same', async () => {
    const { store } = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const date = dayAhead(2);
    const main = (await slots(`/bookings/offer-slots?offerId=${offer.id}&date=${date}`)).json();
    const unified = (
      await slots(`/bookings/slots/unified?entityId=${offer.id}&entityType=offer&date=${date}`)
    ).json();
    const legacy = (await slots(`/bookings/slots?offerId=${offer.id}&date=${date}&bookingType=offer`)).json();
    expect(unified).toEqual(main);
    expect(legacy).toEqual(main);
    const service = await ctx.createService({ storeId: store.id });
    const legacyService = await slots(`/bookings/slots?serviceId=${service.id}&date=${date}`);
    expect(legacyService.json().accessFee).toBe(0);
    const neither = await slots(`/bookings/slots?date=${date}`);
    expectProblem(neither, 400, 'Either offerId or serviceId is required');
  });

  it("a closed day: no slots, the rule's reason and its message with the branch's working days", async () => {
    const date = dayAhead(4);
    const closed = weekdayOf(date);
    const { store } = await openStore({ workingDays: ALL_WEEK.filter((day) => day !== closed) });
    const service = await ctx.createService({ storeId: store.id });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(body.availableSlots).toEqual([]);
    expect(body.detailedSlots).toEqual([]);
    expect(body.message).toContain(`Closed on ${closed}.`);
    expect(body.message).toContain(NO_SLOTS);
    expect(body.message).toContain('Working days:');
    // The sites word the rule in the reader's language from its reason (issue 33).
    expect(body.reason).toBe('closed_day');
  });

  it("a branch's own hours and days win over the store's", async () => {
    const { store } = await openStore();
    const branch = await ctx.createBranch(store.id, {
      openingTime: '10:00',
      closingTime: '13:00',
      workingDays: ALL_WEEK,
      isMainBranch: true,
    });
    const service = await ctx.createService({ storeId: store.id });
    const date = dayAhead(2);
    const body = (
      await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}&branchId=${branch.id}`)
    ).json();
    expect(body.availableSlots).toEqual(['10:00', '11:00', '12:00']);
    expect(body.branchInfo).toMatchObject({ id: branch.id, openingTime: '10:00', closingTime: '13:00' });
    // Without branchId the main branch is used.
    const main = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(main.branchInfo.id).toBe(branch.id);
  });

  it('a date in the past has no slots and says so', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${dayAhead(-1)}`)).json();
    expect(body.availableSlots).toEqual([]);
    expect(body.message).toContain(NO_SLOTS);
  });

  it('today never offers a slot that has started', async () => {
    const { store } = await openStore({ openingTime: '00:00', closingTime: '24:00' });
    const service = await ctx.createService({ storeId: store.id });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${dayAhead(0)}`)).json();
    for (const slot of body.detailedSlots) expect(Date.parse(slot.startTime)).toBeGreaterThan(Date.now());
  });

  it('capacity: maxConcurrentBookings, live bookings and unexpired holds take places; cancelled and lapsed holds do not', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 2 });
    const date = dayAhead(3);
    const ten = at(date, '10:00');
    await ctx.createBookingRow({ storeId: store.id, serviceId: service.id, startTime: ten });
    await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      startTime: ten,
      status: 'cancelled',
    });
    const offer = await ctx.createOffer({ storeId: store.id, serviceId: service.id });
    // An offer of this service holding 11:00 (hold running) and one whose hold lapsed at 10:00.
    await ctx.createBookingRow({
      storeId: store.id,
      offerId: offer.id,
      startTime: at(date, '11:00'),
      status: 'pending',
      accessFee: '30.00',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    await ctx.createBookingRow({
      storeId: store.id,
      offerId: offer.id,
      startTime: ten,
      status: 'pending',
      accessFee: '30.00',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    const byTime = Object.fromEntries(body.detailedSlots.map((slot: { time: string }) => [slot.time, slot]));
    expect(byTime['09:00']).toMatchObject({ available: 2, total: 2 });
    expect(byTime['10:00']).toMatchObject({ available: 1, total: 2 });
    expect(byTime['11:00']).toMatchObject({ available: 1, total: 2 });
    expect(body.bookingRules.maxConcurrentBookings).toBe(2);
  });

  it('a full slot is listed with available 0 and left out of availableSlots', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const date = dayAhead(3);
    await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      startTime: at(date, '09:00'),
    });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(body.detailedSlots[0]).toMatchObject({ time: '09:00', available: 0, total: 1 });
    expect(body.availableSlots[0]).toBe('10:00');
  });

  it('default capacity is the number of staff assigned to the service; a busy chosen staff member closes the slot', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const first = await ctx.createStaffMember(store.id, {}, [service.id]);
    await ctx.createStaffMember(store.id, {}, [service.id]);
    await ctx.createStaffMember(store.id); // not assigned
    const date = dayAhead(3);
    await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      staffId: first.id,
      startTime: at(date, '12:00'),
    });
    const all = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(all.bookingRules.maxConcurrentBookings).toBe(2);
    expect(all.detailedSlots.find((slot: { time: string }) => slot.time === '12:00')).toMatchObject({
      available: 1,
    });
    const withStaff = (
      await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}&staffId=${first.id}`)
    ).json();
    expect(withStaff.availableSlots).not.toContain('12:00');
    expect(withStaff.availableSlots).toContain('13:00');
  });

  it('a 90-minute service steps by 30 minutes', async () => {
    const { store } = await openStore({ openingTime: '09:00', closingTime: '12:00' });
    const service = await ctx.createService({ storeId: store.id, duration: 90 });
    const body = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${dayAhead(2)}`)).json();
    expect(body.availableSlots).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(body.bookingRules.serviceDuration).toBe(90);
  });

  it('bad input: date format 400, unknown 404, expired or paused offer 400, booking disabled 400', async () => {
    const { store } = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const badDate = await slots(`/bookings/offer-slots?offerId=${offer.id}&date=23-11-2026`);
    expectProblem(badDate, 400, 'Date must be in YYYY-MM-DD format');
    const unknown = await slots(`/bookings/offer-slots?offerId=${UNKNOWN_ID}&date=${dayAhead(1)}`);
    expectProblem(unknown, 404, 'Offer not found');
    const unknownService = await slots(`/bookings/service-slots?serviceId=${UNKNOWN_ID}&date=${dayAhead(1)}`);
    expect(unknownService.json().message).toBe('Service not found');
    const expired = await ctx.createOffer({
      storeId: store.id,
      expirationDate: new Date(Date.now() - HOUR),
    });
    const paused = await ctx.createOffer({ storeId: store.id, status: 'paused' });
    for (const id of [expired.id, paused.id]) {
      const response = await slots(`/bookings/offer-slots?offerId=${id}&date=${dayAhead(1)}`);
      expectProblem(response, 400, 'This offer is no longer available.');
    }
    const disabled = await ctx.createService({ storeId: store.id, bookingEnabled: false });
    const response = await slots(`/bookings/service-slots?serviceId=${disabled.id}&date=${dayAhead(1)}`);
    expectProblem(response, 400, 'Booking is not enabled for this service.');
    const badBranch = await slots(
      `/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(1)}&branchId=${UNKNOWN_ID}`,
    );
    expectProblem(badBranch, 404, 'Branch not found');
  });
});

describe('branches and staff', () => {
  it('a store without branches answers its synthetic main branch on both paths', async () => {
    const { store } = await openStore({ phoneNumber: '+254700000001' });
    const offer = await ctx.createOffer({ storeId: store.id });
    for (const path of [`/bookings/offers/${offer.id}/branch`, `/bookings/branches/offer/${offer.id}`]) {
      const body = (await slots(path)).json();
      expect(body.branches).toHaveLength(1);
      expect(body.branch).toMatchObject({
        id: `store-${store.id}`,
        storeId: store.id,
        name: store.name,
        isMainBranch: true,
        phone: '+254700000001',
        address: 'Westlands',
      });
    }
  });

  it('active branches, main first; inactive ones are left out', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const other = await ctx.createBranch(store.id, { name: 'Other' });
    const main = await ctx.createBranch(store.id, { name: 'Main', isMainBranch: true });
    await ctx.createBranch(store.id, { name: 'Closed', status: 'inactive' });
    const body = (await slots(`/bookings/services/${service.id}/branch`)).json();
    expect(body.branches.map((branch: { id: string }) => branch.id)).toEqual([main.id, other.id]);
    expect(body.branch.id).toBe(main.id);
    expect((await slots(`/bookings/branches/service/${service.id}`)).json()).toEqual(body);
  });

  it('staff of the branch with assignedToService, assigned first, on both paths', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const branch = await ctx.createBranch(store.id);
    const elsewhere = await ctx.createBranch(store.id);
    const assigned = await ctx.createStaffMember(store.id, { name: 'Zed', branchId: branch.id }, [
      service.id,
    ]);
    const roaming = await ctx.createStaffMember(store.id, { name: 'Amy' });
    await ctx.createStaffMember(store.id, { name: 'Other branch', branchId: elsewhere.id });
    await ctx.createStaffMember(store.id, { name: 'Gone', status: 'inactive' });
    for (const path of [
      `/bookings/services/${service.id}/staff?branchId=${branch.id}`,
      `/bookings/staff/service/${service.id}?branchId=${branch.id}`,
    ]) {
      const body = (await slots(path)).json();
      expect(body.staff).toEqual([
        { id: assigned.id, name: 'Zed', role: 'Stylist', branchId: branch.id, assignedToService: true },
        { id: roaming.id, name: 'Amy', role: 'Stylist', branchId: null, assignedToService: false },
      ]);
    }
    const offer = await ctx.createOffer({ storeId: store.id });
    const offerStaffResponse = await slots(`/bookings/offers/${offer.id}/staff`);
    expect(offerStaffResponse.statusCode, offerStaffResponse.body).toBe(200);
    const offerStaff = offerStaffResponse.json();
    expect(offerStaff.staff).toHaveLength(3);
  });

  it('unknown 404, malformed id 400', async () => {
    const unknown = await slots(`/bookings/offers/${UNKNOWN_ID}/branch`);
    expectProblem(unknown, 404, 'Offer not found');
    const malformed = await slots('/bookings/services/42/staff');
    expectProblem(malformed, 400, 'Invalid service ID');
  });
});

// ---------------------------------------------------------------------------------------------

describe('create', () => {
  it('needs a signed-in customer (401), not a merchant (403)', async () => {
    const anonymous = await call(ctx.app, 'POST', `${API}/bookings/service`, { body: {} });
    expect(anonymous.statusCode).toBe(401);
    const { merchantToken: token } = await openStore();
    expect((await book(token, {})).statusCode).toBe(403);
  });

  it('validation: start time, offerId or serviceId, UUIDs', async () => {
    const { token } = await customer();
    const noStart = await book(token, { serviceId: UNKNOWN_ID });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().errors.startTime).toBe('Start time is required');
    const badStart = await book(token, { serviceId: UNKNOWN_ID, startTime: 'next monday' });
    expect(badStart.json().message).toBe('Start time must be a valid date and time');
    const impossible = await book(token, { serviceId: UNKNOWN_ID, startTime: '2026-02-30T10:00:00' });
    expectProblem(impossible, 400, 'Start time must be a valid date and time');
    const neither = await book(token, { startTime: `${dayAhead(2)}T10:00:00` }, '/bookings');
    expectProblem(neither, 400, 'Either offerId or serviceId is required');
    const badId = await book(
      token,
      { startTime: `${dayAhead(2)}T10:00:00`, offerId: '12' },
      '/bookings/offers',
    );
    expect(badId.json().message).toBe('Invalid offer ID');
    const wrongPath = await book(
      token,
      { startTime: `${dayAhead(2)}T10:00:00`, offerId: UNKNOWN_ID },
      '/bookings/service',
    );
    expect(wrongPath.statusCode).toBe(400);
    expect(wrongPath.json().errors).toEqual({ serviceId: 'serviceId is required' });
  });

  it('a service that auto-confirms: 201 confirmed, no payment, client info from the account, events', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, price: '1500.00' });
    const { user, token } = await customer();
    const date = dayAhead(3);
    const response = await book(token, {
      userId: UNKNOWN_ID, // ignored: the token decides
      startTime: `${date}T10:00:00`,
      serviceId: service.id,
      bookingType: 'service',
      storeId: store.id,
      notes: 'Window seat',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.paymentRequired).toBe(false);
    expect(body.message).toBe('Booking created successfully');
    const booking = body.booking;
    expect(booking).toMatchObject({
      status: 'confirmed',
      bookingType: 'service',
      isOfferBooking: false,
      startTime: `${date}T10:00:00+03:00`,
      start_time: `${date}T10:00:00+03:00`,
      endTime: `${date}T11:00:00+03:00`,
      date,
      time: '10:00',
      accessFee: 0,
      accessFeeAmount: 0,
      accessFeePaid: false,
      holdExpiresAt: null,
      notes: 'Window seat',
      clientInfo: { name: 'Amina Njeri', email: user.email, phone: '+254712345678' },
      serviceId: service.id,
      offerId: null,
      storeId: store.id,
      branchId: `store-${store.id}`,
      Service: { id: service.id, name: service.name, price: 1500, duration: 60, type: 'fixed' },
      Offer: null,
      Store: { id: store.id, name: store.name, location: 'Westlands' },
      Branch: { id: `store-${store.id}`, name: store.name },
      Payment: null,
      canCancel: true,
      canReschedule: true,
    });
    const [row] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.userId).toBe(user.id);
    expect(await eventTypes(booking.id)).toEqual(['confirmed', 'created']);
    await ctx.app.events.drain();
    const mine = published
      .filter((event) => event.payload.bookingId === booking.id)
      .map((event) => event.name);
    expect(mine).toEqual(['booking.created', 'booking.confirmed']);
  });

  it('a service without auto-confirm stays pending for manual review', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, autoConfirmBookings: false });
    const { token } = await customer();
    const response = await book(token, { startTime: `${dayAhead(3)}T11:00:00`, serviceId: service.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().booking.status).toBe('pending');
    expect(response.json().message).toBe(
      'Booking request received. The provider will review and confirm it within 24 hours.',
    );
  });

  it('an offer with a fee: pending, holds the slot 15 minutes, payment required, fee of decision 8', async () => {
    const { store } = await openStore();
    const offer = await ctx.createOffer({
      storeId: store.id,
      originalPrice: '600.00',
      discount: '25.00',
    });
    const { token } = await customer();
    const date = dayAhead(2);
    const before = Date.now();
    const response = await book(
      token,
      {
        startTime: `${date}T09:00:00+03:00`,
        offerId: offer.id,
        bookingType: 'offer',
        branchId: `store-${store.id}`,
      },
      '/bookings/offers',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.paymentRequired).toBe(true);
    expect(body.booking).toMatchObject({
      status: 'pending',
      isOfferBooking: true,
      accessFee: 22.5,
      accessFeeAmount: 23,
      accessFeePaid: false,
      Offer: { id: offer.id, title: offer.title, discount: 25, originalPrice: 600, discountedPrice: 450 },
      canCancel: true,
    });
    const hold = Date.parse(body.booking.holdExpiresAt);
    expect(hold).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(hold).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    // The hold takes the only place.
    const other = await customer();
    const second = await book(other.token, { startTime: `${date}T09:00:00`, offerId: offer.id }, '/bookings');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: SLOT_TAKEN, code: 'SLOT_TAKEN' });
  });

  it('POST /services/{id}/book books the service like /bookings/service (the path names the service)', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, price: '1500.00' });
    const other = await ctx.createService({ storeId: store.id });
    const { user, token } = await customer();
    const date = dayAhead(3);
    const anonymous = await call(ctx.app, 'POST', `${API}/services/${service.id}/book`, {
      body: { startTime: `${date}T10:00:00` },
    });
    expect(anonymous.statusCode).toBe(401);
    const response = await book(
      token,
      { startTime: `${date}T10:00:00`, serviceId: other.id },
      `/services/${service.id}/book`,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      paymentRequired: false,
      message: 'Booking created successfully',
      booking: { status: 'confirmed', bookingType: 'service', startTime: `${date}T10:00:00+03:00` },
    });
    const [row] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, response.json().booking.id));
    expect(row).toMatchObject({ serviceId: service.id, userId: user.id, offerId: null });
    const badId = await book(token, { startTime: `${date}T11:00:00` }, '/services/12/book');
    expectProblem(badId, 400, 'Invalid service ID');
    const unknown = await book(token, { startTime: `${date}T11:00:00` }, `/services/${UNKNOWN_ID}/book`);
    expectProblem(unknown, 404, 'Service not found');
  });

  it('booking_enabled false, expired or paused offer are refused with the seed messages', async () => {
    const { store } = await openStore();
    const { token } = await customer();
    const startTime = `${dayAhead(2)}T10:00:00`;
    const disabled = await ctx.createService({ storeId: store.id, bookingEnabled: false });
    const refused = await book(token, { startTime, serviceId: disabled.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Booking is not enabled for this service.',
      code: 'BOOKING_NOT_ENABLED',
    });
    const expired = await ctx.createOffer({
      storeId: store.id,
      expirationDate: new Date(Date.now() - 1000),
    });
    const paused = await ctx.createOffer({ storeId: store.id, status: 'paused' });
    for (const offer of [expired, paused]) {
      const response = await book(token, { startTime, offerId: offer.id }, '/bookings/offers');
      expectProblem(response, 400, 'This offer is no longer available.');
    }
    expect(await ctx.app.db.select().from(bookings).where(eq(bookings.storeId, store.id))).toEqual([]);
  });

  it('an offer expiring on a later day: no slot from its expiry on, a start after it is refused, reschedule options stop there', async () => {
    const { store } = await openStore();
    const { token } = await customer();
    const lastDay = dayAhead(2);
    // Expires at 12:00 Nairobi two days ahead: that morning's slots stay, nothing after.
    const offer = await ctx.createOffer({
      storeId: store.id,
      originalPrice: '0.00',
      expirationDate: at(lastDay, '12:00'),
    });
    const onLastDay = (await slots(`/bookings/offer-slots?offerId=${offer.id}&date=${lastDay}`)).json();
    expect(onLastDay.availableSlots).toEqual(['09:00', '10:00', '11:00']);
    const after = await slots(`/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(3)}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().availableSlots).toEqual([]);
    expect(after.json().detailedSlots).toEqual([]);
    expect(after.json().message).toBe('This offer is no longer available.');

    for (const startTime of [`${lastDay}T12:00:00`, `${dayAhead(4)}T10:00:00`]) {
      const refused = await book(token, { startTime, offerId: offer.id }, '/bookings/offers');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'OFFER_UNAVAILABLE',
        message: 'This offer is no longer available.',
        errors: { startTime: 'This offer is no longer available.' },
      });
    }
    expect(await ctx.app.db.select().from(bookings).where(eq(bookings.offerId, offer.id))).toEqual([]);

    const created = await book(
      token,
      { startTime: `${lastDay}T11:00:00`, offerId: offer.id },
      '/bookings/offers',
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().booking.id;
    const options = (
      await call(ctx.app, 'GET', `${API}/bookings/${id}/reschedule-options`, { token })
    ).json();
    const dates = options.options.map((option: { date: string }) => option.date);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    expect(dates.every((date: string) => date <= lastDay)).toBe(true);
    const last = options.options.find((option: { date: string }) => option.date === lastDay);
    expect(last.slots.map((slot: { time: string }) => slot.time)).toEqual(['09:00', '10:00']);
    const moved = await call(ctx.app, 'PUT', `${API}/bookings/${id}/reschedule`, {
      token,
      body: { newStartTime: `${dayAhead(3)}T10:00:00` },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'OFFER_UNAVAILABLE',
      errors: { newStartTime: 'This offer is no longer available.' },
    });
  });

  it('unknown offer/service/branch 404; store-{id} and a real branch id are accepted', async () => {
    const { store } = await openStore();
    const { token } = await customer();
    const startTime = `${dayAhead(2)}T10:00:00`;
    expect((await book(token, { startTime, serviceId: UNKNOWN_ID })).json().message).toBe(
      'Service not found',
    );
    expect((await book(token, { startTime, offerId: UNKNOWN_ID }, '/bookings/offers')).json().message).toBe(
      'Offer not found',
    );
    const service = await ctx.createService({ storeId: store.id });
    const unknownBranch = await book(token, { startTime, serviceId: service.id, branchId: UNKNOWN_ID });
    expectProblem(unknownBranch, 404, 'Branch not found');
    const otherStore = await openStore();
    const foreign = await ctx.createBranch(otherStore.store.id);
    expect(
      (await book(token, { startTime, serviceId: service.id, branchId: foreign.id })).json().message,
    ).toBe('Branch not found');
    const wrongSynthetic = await book(token, {
      startTime,
      serviceId: service.id,
      branchId: `store-${otherStore.store.id}`,
    });
    expect(wrongSynthetic.statusCode).toBe(404);
    const synthetic = await book(token, { startTime, serviceId: service.id, branchId: `store-${store.id}` });
    expect(synthetic.statusCode).toBe(201);
    const branch = await ctx.createBranch(store.id, { workingDays: ALL_WEEK });
    const real = await book(token, { startTime, serviceId: service.id, branchId: branch.id });
    expect(real.statusCode).toBe(201);
    expect(real.json().booking.Branch).toMatchObject({ id: branch.id, name: branch.name });
  });

  it('a closed day, a time outside the slots and a past time are refused', async () => {
    const date = dayAhead(4);
    const closed = weekdayOf(date);
    const { store } = await openStore({ workingDays: ALL_WEEK.filter((day) => day !== closed) });
    const service = await ctx.createService({ storeId: store.id });
    const { token } = await customer();
    const closedDay = await book(token, { startTime: `${date}T10:00:00`, serviceId: service.id });
    expect(closedDay.statusCode).toBe(400);
    expect(closedDay.json().message).toContain(`Closed on ${closed}.`);
    const open = dayAhead(5);
    const early = await book(token, { startTime: `${open}T07:00:00`, serviceId: service.id });
    expectProblem(early, 400, 'Please select one of the available time slots.');
    const offGrid = await book(token, { startTime: `${open}T10:20:00`, serviceId: service.id });
    expect(offGrid.json().message).toBe('Please select one of the available time slots.');
    const late = await book(token, { startTime: `${open}T17:30:00`, serviceId: service.id });
    expect(late.statusCode).toBe(400);
    const past = await book(token, { startTime: `${dayAhead(-1)}T10:00:00`, serviceId: service.id });
    expectProblem(past, 400, 'This time has already passed. Please select a future time.');
  });

  it('30 parallel requests on one slot of capacity 3: exactly 3 succeed, the rest 409', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 3 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => customer()));
    const startTime = `${dayAhead(6)}T14:00:00`;
    // The same slot asked for in three ways (no branch, the main branch by name, the time in UTC):
    // the process queues the first two apart (slot-queue.ts), so their creates meet at the database's
    // slot lock, as creates from several API processes do.
    const asked = [
      { startTime },
      { startTime, branchId: `store-${store.id}` },
      { startTime: new Date(`${startTime}+03:00`).toISOString() },
    ];
    const responses = await Promise.all(
      customers.map(({ token }, index) => book(token, { ...asked[index % 3], serviceId: service.id })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(27);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(SLOT_TAKEN);
    }
    const rows = await ctx.app.db.select().from(bookings).where(eq(bookings.serviceId, service.id));
    expect(rows).toHaveLength(3);
  });

  it('a staff member is never in two overlapping bookings, even across services and in parallel', async () => {
    const { store } = await openStore();
    const cut = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 5 });
    const colour = await ctx.createService({
      storeId: store.id,
      maxConcurrentBookings: 5,
      duration: 120,
    });
    const stylist = await ctx.createStaffMember(store.id, {}, [cut.id, colour.id]);
    const { token } = await customer();
    const date = dayAhead(5);
    const first = await book(token, {
      startTime: `${date}T10:00:00`,
      serviceId: colour.id,
      staffId: stylist.id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().booking.Staff).toEqual({ id: stylist.id, name: stylist.name, role: 'Stylist' });
    // 10:00–12:00 colour overlaps an 11:00 cut with the same stylist.
    const clash = await book(token, {
      startTime: `${date}T11:00:00`,
      serviceId: cut.id,
      staffId: stylist.id,
    });
    expectProblemCode(clash, 409, 'STAFF_TAKEN');
    // Without the stylist the cut has places.
    expect((await book(token, { startTime: `${date}T11:00:00`, serviceId: cut.id })).statusCode).toBe(201);
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        book(token, { startTime: `${date}T15:00:00`, serviceId: cut.id, staffId: stylist.id }),
      ),
    );
    expect(parallel.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(parallel.filter((response) => response.statusCode === 409)).toHaveLength(7);
  });

  it('a 2-hour and a 1-hour booking that overlap at different start times still respect capacity 1 in parallel', async () => {
    const { store } = await openStore();
    const long = await ctx.createService({
      storeId: store.id,
      maxConcurrentBookings: 1,
      duration: 120,
    });
    const date = dayAhead(6);
    const customers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    // 10:00-12:00 and 11:00-13:00 overlap: of these six only one of each overlapping pair may win.
    const responses = await Promise.all(
      customers.map(({ token }, index) =>
        book(token, { startTime: `${date}T${index % 2 ? '11' : '10'}:00:00`, serviceId: long.id }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const rows = await ctx.app.db.select().from(bookings).where(eq(bookings.serviceId, long.id));
    expect(rows).toHaveLength(1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'bookings for two different slots of one store do not wait for each other (PostgreSQL)',
    async () => {
      const { store } = await openStore();
      const service = await ctx.createService({ storeId: store.id, maxConcurrentBookings: 2 });
      const { token } = await customer();
      const date = dayAhead(6);
      const first = await book(token, { startTime: `${date}T10:00:00`, serviceId: service.id });
      expect(first.statusCode).toBe(201);
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // A payment settling the 10:00 booking holds its locks in an open transaction.
      const holder = ctx.app.db.transaction(async (tx) => {
        expect(await lockBookingAndSlot(tx, first.json().booking.id)).toBeDefined();
        locked();
        await released;
      });
      await isLocked;
      let tenDone = false;
      const ten = book(token, { startTime: `${date}T10:00:00`, serviceId: service.id }).then((response) => {
        tenDone = true;
        return response;
      });
      // 14:00 of the same store and service does not wait for the held 10:00 slot.
      const two = await book(token, { startTime: `${date}T14:00:00`, serviceId: service.id });
      expect(two.statusCode).toBe(201);
      expect(tenDone).toBe(false);
      release();
      await holder;
      expect((await ten).statusCode).toBe(201);
    },
  );

  it('a staff member of another store is not found', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const stranger = await ctx.createStaffMember((await openStore()).store.id);
    const { token } = await customer();
    const response = await book(token, {
      startTime: `${dayAhead(2)}T10:00:00`,
      serviceId: service.id,
      staffId: stranger.id,
    });
    expectProblem(response, 404, 'Staff member not found');
  });
});

// ---------------------------------------------------------------------------------------------

describe('reading bookings', () => {
  it('GET /bookings/user: filters, pagination of 12, summary over all, never another customer', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, name: 'Deep tissue massage' });
    const offer = await ctx.createOffer({ storeId: store.id, title: 'Half-price facial' });
    const { user, token } = await customer();
    const other = await customer();
    const base = { storeId: store.id, userId: user.id };
    const future = (hours: number) => new Date(Date.now() + hours * HOUR);
    for (let i = 0; i < 13; i += 1) {
      await ctx.createBookingRow({ ...base, serviceId: service.id, startTime: future(24 + i) });
    }
    await ctx.createBookingRow({
      ...base,
      offerId: offer.id,
      startTime: future(30),
      status: 'pending',
    });
    await ctx.createBookingRow({
      ...base,
      serviceId: service.id,
      startTime: future(40),
      status: 'cancelled',
    });
    await ctx.createBookingRow({
      ...base,
      serviceId: service.id,
      startTime: future(-48),
      status: 'completed',
    });
    await ctx.createBookingRow({ storeId: store.id, userId: other.user.id, serviceId: service.id });

    const first = (await call(ctx.app, 'GET', `${API}/bookings/user`, { token })).json();
    expect(first.bookings).toHaveLength(12);
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: 16, totalPages: 2, hasNextPage: true });
    expect(first.summary).toEqual({
      total: 16,
      upcoming: 14,
      past: 1,
      pending: 1,
      confirmed: 13,
      checked_in: 0,
      completed: 1,
      cancelled: 1,
    });
    const second = (await call(ctx.app, 'GET', `${API}/bookings/user?page=2`, { token })).json();
    expect(second.bookings).toHaveLength(4);
    const ids = new Set([...first.bookings, ...second.bookings].map((b: { id: string }) => b.id));
    expect(ids.size).toBe(16);

    const upcoming = (
      await call(ctx.app, 'GET', `${API}/bookings/user?status=upcoming&limit=100`, { token })
    ).json();
    expect(upcoming.bookings).toHaveLength(14);
    const starts = upcoming.bookings.map((b: { startTime: string }) => Date.parse(b.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const cancelled = (await call(ctx.app, 'GET', `${API}/bookings/user?status=cancelled`, { token })).json();
    expect(cancelled.bookings.map((b: { status: string }) => b.status)).toEqual(['cancelled']);
    const past = (await call(ctx.app, 'GET', `${API}/bookings/user?status=past`, { token })).json();
    expect(past.bookings.map((b: { status: string }) => b.status)).toEqual(['completed']);
    const offers = (await call(ctx.app, 'GET', `${API}/bookings/user?bookingType=offer`, { token })).json();
    expect(offers.bookings).toHaveLength(1);
    expect(offers.bookings[0].Offer.title).toBe('Half-price facial');
    const search = (
      await call(ctx.app, 'GET', `${API}/bookings/user?search=facial&status=all`, { token })
    ).json();
    expect(search.pagination.total).toBe(1);
    const alias = (await call(ctx.app, 'GET', `${API}/users/bookings?page=2`, { token })).json();
    expect(alias).toEqual(second);
    const theirs = (await call(ctx.app, 'GET', `${API}/bookings/user`, { token: other.token })).json();
    expect(theirs.pagination.total).toBe(1);
    expect((await call(ctx.app, 'GET', `${API}/bookings/user`)).statusCode).toBe(401);
  });

  it('GET /bookings/{id}: owner 200, malformed 400, unknown 404, other customer 403', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { user, token } = await customer();
    const row = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      serviceId: service.id,
    });
    const mine = await call(ctx.app, 'GET', `${API}/bookings/${row.id}`, { token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().booking).toMatchObject({ id: row.id, Service: { id: service.id } });
    const malformed = await call(ctx.app, 'GET', `${API}/bookings/abc`, { token });
    expectProblem(malformed, 400, 'Invalid booking ID');
    const unknown = await call(ctx.app, 'GET', `${API}/bookings/${UNKNOWN_ID}`, { token });
    expectProblem(unknown, 404, 'Booking not found');
    const other = await customer();
    const forbidden = await call(ctx.app, 'GET', `${API}/bookings/${row.id}`, { token: other.token });
    expectProblem(forbidden, 403, 'You do not have permission to view this booking');
    expect(JSON.stringify(forbidden.json())).not.toContain(row.id);
  });
});

// ---------------------------------------------------------------------------------------------

describe('cancel', () => {
  it('access fee policy: a paid fee is refunded when the customer or the store cancels, kept once completed, nothing when unpaid', async () => {
    const { store, merchantToken: storeToken } = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const { user, token } = await customer();
    const paid = (startTime: Date, status: 'confirmed' | 'pending' = 'confirmed') =>
      ctx.createBookingRow({
        storeId: store.id,
        userId: user.id,
        offerId: offer.id,
        status,
        accessFee: '288.75',
        accessFeePaid: true,
        startTime,
      });

    const mine = await paid(at(dayAhead(3), '10:00'));
    const before = await call(ctx.app, 'GET', `${API}/bookings/${mine.id}`, { token });
    expect(before.json().booking).toMatchObject({ accessFeeOutcome: 'held', accessFeeAmount: 289 });
    const byCustomer = await call(ctx.app, 'PUT', `${API}/bookings/${mine.id}/cancel`, { token, body: {} });
    expect(byCustomer.statusCode).toBe(200);
    expect(byCustomer.json().booking).toMatchObject({
      status: 'cancelled',
      refundRequested: true,
      accessFeeOutcome: 'refund_due',
    });

    const theirs = await paid(at(dayAhead(4), '10:00'));
    const byStore = await call(ctx.app, 'PUT', `${API}/bookings/${theirs.id}/status`, {
      token: storeToken,
      body: { status: 'cancelled' },
    });
    expect(byStore.statusCode).toBe(200);
    expect(byStore.json().booking).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled by the store',
      refundRequested: true,
      accessFeeOutcome: 'refund_due',
    });
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, theirs.id));
    expect(saved!.refundRequested).toBe(true);

    // Inside the window the customer cannot cancel, so the paid fee stays with the booking.
    const late = await paid(new Date(Date.now() + 90 * 60_000));
    const refused = await call(ctx.app, 'PUT', `${API}/bookings/${late.id}/cancel`, { token, body: {} });
    expect(refused.statusCode).toBe(400);
    const lateView = await call(ctx.app, 'GET', `${API}/bookings/${late.id}`, { token });
    expect(lateView.json().booking).toMatchObject({ status: 'confirmed', accessFeeOutcome: 'held' });

    const visited = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      offerId: offer.id,
      status: 'completed',
      accessFee: '288.75',
      accessFeePaid: true,
      startTime: at(dayAhead(-2), '10:00'),
    });
    const used = await call(ctx.app, 'GET', `${API}/bookings/${visited.id}`, { token });
    expect(used.json().booking.accessFeeOutcome).toBe('used');

    const unpaid = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      offerId: offer.id,
      status: 'pending',
      accessFee: '288.75',
      accessFeePaid: false,
      startTime: at(dayAhead(5), '10:00'),
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const released = await call(ctx.app, 'PUT', `${API}/bookings/${unpaid.id}/cancel`, {
      token,
      body: { refundRequested: true },
    });
    expect(released.json().booking).toMatchObject({ refundRequested: false, accessFeeOutcome: 'none' });
  });

  it('cancels with reason and refund request, frees the slot, records and publishes the event', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { token } = await customer();
    const date = dayAhead(3);
    const created = (await book(token, { startTime: `${date}T10:00:00`, serviceId: service.id })).json()
      .booking;
    const response = await call(ctx.app, 'PUT', `${API}/bookings/${created.id}/cancel`, {
      token,
      body: { reason: 'Travelling', refundRequested: true },
    });
    expect(response.statusCode).toBe(200);
    // No access fee was paid for a service: nothing to refund, whatever the client asks.
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Booking cancelled successfully',
      booking: {
        status: 'cancelled',
        cancelReason: 'Travelling',
        refundRequested: false,
        accessFeeOutcome: 'none',
        canCancel: false,
      },
    });
    const slotsAfter = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(slotsAfter.availableSlots).toContain('10:00');
    expect(await eventTypes(created.id)).toContain('cancelled');
    await ctx.app.events.drain();
    expect(published.some((e) => e.name === 'booking.cancelled' && e.payload.bookingId === created.id)).toBe(
      true,
    );
    const again = await call(ctx.app, 'PUT', `${API}/bookings/${created.id}/cancel`, { token, body: {} });
    expectProblemCode(again, 400, 'CANCELLATION_NOT_ALLOWED');
  });

  it('inside 2 hours of the start: refused with the seed policy message', async () => {
    const { store } = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const { user, token } = await customer();
    const row = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      offerId: offer.id,
      startTime: new Date(Date.now() + 90 * 60_000),
    });
    const response = await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/cancel`, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CANCELLATION_NOT_ALLOWED', message: CANCEL_BLOCKED });
    const [after] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(after!.status).toBe('confirmed');
  });

  it("a service booking uses the service's min_cancellation_hours", async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, minCancellationHours: 24 });
    const { user, token } = await customer();
    const soon = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 5 * HOUR),
    });
    const view = (await call(ctx.app, 'GET', `${API}/bookings/${soon.id}`, { token })).json().booking;
    expect(view.canCancel).toBe(false);
    expect(view.canReschedule).toBe(true);
    const refused = await call(ctx.app, 'PUT', `${API}/bookings/${soon.id}/cancel`, { token, body: {} });
    expect(refused.json().message).toBe(CANCEL_BLOCKED);
    const later = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 30 * HOUR),
    });
    expect(
      (await call(ctx.app, 'PUT', `${API}/bookings/${later.id}/cancel`, { token, body: {} })).statusCode,
    ).toBe(200);
  });

  it("another customer's booking: 403 and unchanged", async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { user } = await customer();
    const other = await customer();
    const row = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      serviceId: service.id,
    });
    const response = await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/cancel`, {
      token: other.token,
      body: {},
    });
    expect(response.statusCode).toBe(403);
    const [after] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(after!.status).toBe('confirmed');
  });
});

describe('reschedule', () => {
  it('moves to a free slot, counts it, records and publishes the event; options come from the slot engine', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { token } = await customer();
    const date = dayAhead(2);
    const created = (await book(token, { startTime: `${date}T10:00:00`, serviceId: service.id })).json()
      .booking;

    const options = (
      await call(ctx.app, 'GET', `${API}/bookings/${created.id}/reschedule-options`, { token })
    ).json();
    expect(options.success).toBe(true);
    expect(options.options.length).toBeGreaterThanOrEqual(6);
    expect(options.options.length).toBeLessThanOrEqual(7);
    const day = options.options.find((option: { date: string }) => option.date === date);
    const times = day.slots.map((slot: { time: string }) => slot.time);
    expect(times).not.toContain('10:00');
    expect(times).toContain('11:00');
    expect(day.slots[0].startTime).toMatch(/\+03:00$/);

    const response = await call(ctx.app, 'PUT', `${API}/bookings/${created.id}/reschedule`, {
      token,
      body: { newStartTime: `${date}T15:00:00`, reason: 'Meeting ran late' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Booking rescheduled successfully',
      booking: { startTime: `${date}T15:00:00+03:00`, endTime: `${date}T16:00:00+03:00`, time: '15:00' },
    });
    const [row] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, created.id));
    expect(row!.rescheduleCount).toBe(1);
    expect(await eventTypes(created.id)).toContain('rescheduled');
    await ctx.app.events.drain();
    expect(
      published.some((e) => e.name === 'booking.rescheduled' && e.payload.bookingId === created.id),
    ).toBe(true);
    const freed = (await slots(`/bookings/service-slots?serviceId=${service.id}&date=${date}`)).json();
    expect(freed.availableSlots).toContain('10:00');
    expect(freed.availableSlots).not.toContain('15:00');
  });

  it('a taken slot is 409 and the booking stays', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { token } = await customer();
    const date = dayAhead(2);
    const mine = (await book(token, { startTime: `${date}T10:00:00`, serviceId: service.id })).json().booking;
    const other = await customer();
    await book(other.token, { startTime: `${date}T12:00:00`, serviceId: service.id });
    const response = await call(ctx.app, 'PUT', `${API}/bookings/${mine.id}/reschedule`, {
      token,
      body: { newStartTime: `${date}T12:00:00` },
    });
    expectProblem(response, 409, SLOT_TAKEN);
    const [row] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, mine.id));
    expect(row!.startTime.toISOString()).toBe(at(date, '10:00').toISOString());
  });

  it('less than 1 hour ahead, cancelled or completed: refused; newStartTime required', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { user, token } = await customer();
    const newStartTime = `${dayAhead(3)}T10:00:00`;
    const soon = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 40 * 60_000),
    });
    const tooLate = await call(ctx.app, 'PUT', `${API}/bookings/${soon.id}/reschedule`, {
      token,
      body: { newStartTime },
    });
    expectProblemCode(tooLate, 400, 'RESCHEDULE_NOT_ALLOWED');
    for (const status of ['cancelled', 'completed']) {
      const row = await ctx.createBookingRow({
        storeId: store.id,
        userId: user.id,
        serviceId: service.id,
        status,
      });
      const response = await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/reschedule`, {
        token,
        body: { newStartTime },
      });
      expectProblemCode(response, 400, 'RESCHEDULE_NOT_ALLOWED');
    }
    const missing = await call(ctx.app, 'PUT', `${API}/bookings/${soon.id}/reschedule`, { token, body: {} });
    expectProblem(missing, 400, 'New start time is required');
    const other = await customer();
    const forbidden = await call(ctx.app, 'PUT', `${API}/bookings/${soon.id}/reschedule`, {
      token: other.token,
      body: { newStartTime },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('merchant', () => {
  it("lists only its stores' bookings, filtered by status and date", async () => {
    const mine = await openStore();
    const theirs = await openStore();
    const service = await ctx.createService({ storeId: mine.store.id });
    const date = dayAhead(4);
    await ctx.createBookingRow({
      storeId: mine.store.id,
      serviceId: service.id,
      startTime: at(date, '10:00'),
    });
    await ctx.createBookingRow({
      storeId: mine.store.id,
      serviceId: service.id,
      startTime: at(dayAhead(5), '10:00'),
      status: 'pending',
    });
    await ctx.createBookingRow({ storeId: theirs.store.id, startTime: at(date, '10:00') });
    const all = (
      await call(ctx.app, 'GET', `${API}/bookings/merchant`, { token: mine.merchantToken })
    ).json();
    expect(all.bookings).toHaveLength(2);
    expect(all.pagination.total).toBe(2);
    const pending = (
      await call(ctx.app, 'GET', `${API}/bookings/merchant?status=pending`, { token: mine.merchantToken })
    ).json();
    expect(pending.bookings.map((b: { status: string }) => b.status)).toEqual(['pending']);
    const onDate = (
      await call(ctx.app, 'GET', `${API}/bookings/merchant?date=${date}`, { token: mine.merchantToken })
    ).json();
    expect(onDate.bookings).toHaveLength(1);
    expect(onDate.bookings[0].date).toBe(date);
    const { token } = await customer();
    expect((await call(ctx.app, 'GET', `${API}/bookings/merchant`, { token })).statusCode).toBe(403);
  });

  it('confirm, check in, complete along the rules; nothing leaves completed or cancelled; events', async () => {
    const { store, merchantToken: token } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    // Starts in 5 minutes: inside the default 15-minute early check-in window (issue 13).
    const row = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      status: 'pending',
      startTime: new Date(Date.now() + 5 * 60_000),
    });
    const put = (path: string, body?: unknown) =>
      call(ctx.app, 'PUT', `${API}/bookings/${row.id}${path}`, { token, body });

    const early = await put('/status', { status: 'checked_in' });
    expectProblem(early, 400, 'A pending booking cannot be marked checked in');
    const confirmed = await put('/confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Booking confirmed successfully',
      booking: { status: 'confirmed' },
    });
    expect((await put('/confirm')).json().message).toBe('Booking is already confirmed');
    const checkedIn = await put('/status', { status: 'checked_in' });
    expect(checkedIn.json().booking.status).toBe('checked_in');
    const completed = await put('/complete');
    expect(completed.json()).toMatchObject({
      message: 'Booking completed successfully',
      booking: { status: 'completed' },
    });
    const after = await put('/status', { status: 'cancelled' });
    expectProblem(after, 400, 'A completed booking cannot be changed');
    const badStatus = await put('/status', { status: 'teleported' });
    expect(badStatus.statusCode).toBe(400);
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(saved!.confirmedAt).toBeInstanceOf(Date);
    expect(saved!.checkedInAt).toBeInstanceOf(Date);
    expect(saved!.completedAt).toBeInstanceOf(Date);
    expect(await eventTypes(row.id)).toEqual(['checked_in', 'completed', 'confirmed']);
    await ctx.app.events.drain();
    const names = published.filter((e) => e.payload.bookingId === row.id).map((e) => e.name);
    expect(names).toEqual(['booking.confirmed', 'booking.checked_in', 'booking.completed']);

    const cancelled = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      status: 'cancelled',
    });
    const revive = await call(ctx.app, 'PUT', `${API}/bookings/${cancelled.id}/confirm`, { token });
    expectProblem(revive, 400, 'A cancelled booking cannot be changed');
  });

  it('check-in by voucher code: own store only, same time rule as check-in, codes typed any way', async () => {
    const { store, merchantToken: token } = await openStore({ latitude: -1.2921, longitude: 36.7853 });
    const stranger = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const { user, token: customerTokenValue } = await customer();
    const soon = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      userId: user.id,
      status: 'confirmed',
      startTime: new Date(Date.now() + 5 * 60_000),
    });
    const view = (
      await call(ctx.app, 'GET', `${API}/bookings/${soon.id}`, { token: customerTokenValue })
    ).json().booking;
    const hex = soon.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(view.voucherCode).toBe(`D3-${hex.slice(0, 4)}-${hex.slice(4)}`);
    // No branch of its own: the store's map pin is where Directions lead.
    expect(view.mapPin).toEqual({ lat: -1.2921, lng: 36.7853 });
    const checkIn = (code: unknown, who = token) =>
      call(ctx.app, 'POST', `${API}/merchant/bookings/check-in-by-code`, { token: who, body: { code } });

    // Another merchant's code lookup never finds this store's booking; a customer may not call it.
    const foreign = await checkIn(view.voucherCode, stranger.merchantToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'VOUCHER_NOT_FOUND',
      message: 'No booking with this voucher code at your stores.',
    });
    expect((await checkIn(view.voucherCode, customerTokenValue)).statusCode).toBe(403);
    const garbage = await checkIn('hello');
    expectProblemCode(garbage, 400, 'VOUCHER_INVALID');
    expect((await checkIn('')).statusCode).toBe(400);

    // Typed in lower case with spaces: the same booking, checked in.
    const done = await checkIn(` d3 ${hex.slice(0, 4).toLowerCase()} ${hex.slice(4).toLowerCase()} `);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, booking: { id: soon.id, status: 'checked_in' } });
    expect(await eventTypes(soon.id)).toContain('checked_in');
    const twice = await checkIn(view.voucherCode);
    expectProblemCode(twice, 400, 'INVALID_STATUS_TRANSITION');

    // Tomorrow's booking: the early check-in window is not open yet.
    const later = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      status: 'confirmed',
      startTime: new Date(Date.now() + 24 * HOUR),
    });
    const early = await checkIn(later.id.slice(0, 8));
    expectProblemCode(early, 400, 'BOOKING_NOT_STARTED');
  });

  it('another merchant or a customer gets 403; an unpaid offer booking cannot be confirmed', async () => {
    const { store, merchantToken: token } = await openStore();
    const stranger = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const row = await ctx.createBookingRow({
      storeId: store.id,
      offerId: offer.id,
      status: 'pending',
      accessFee: '30.00',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const other = await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/confirm`, {
      token: stranger.merchantToken,
    });
    expect(other.statusCode).toBe(403);
    const { token: customerTokenValue } = await customer();
    expect(
      (await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/confirm`, { token: customerTokenValue }))
        .statusCode,
    ).toBe(403);
    const unpaid = await call(ctx.app, 'PUT', `${API}/bookings/${row.id}/confirm`, { token });
    expectProblem(unpaid, 400, 'The access fee for this booking has not been paid yet.');
    const unknown = await call(ctx.app, 'PUT', `${API}/bookings/${UNKNOWN_ID}/complete`, { token });
    expect(unknown.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('settlement (called by the payments module)', () => {
  async function heldOfferBooking(overrides: Parameters<typeof ctx.createOffer>[0] = {}, hold = 10 * 60_000) {
    const { store } = await openStore();
    const offer = await ctx.createOffer({ storeId: store.id, ...overrides });
    const { user } = await customer();
    const row = await ctx.createBookingRow({
      storeId: store.id,
      userId: user.id,
      offerId: offer.id,
      status: 'pending',
      accessFee: '30.00',
      startTime: at(dayAhead(3), '10:00'),
      holdExpiresAt: new Date(Date.now() + hold),
    });
    return { store, offer, row };
  }

  it('settleAccessFee marks paid, clears the hold, confirms; a second call changes nothing', async () => {
    const { row } = await heldOfferBooking();
    const now = new Date();
    const outcome = await ctx.app.db.transaction((tx) => settleAccessFee(tx, row.id, now));
    expect(outcome).toMatchObject({ status: 'confirmed', changed: true });
    expect(outcome.events.map((event) => event.name)).toEqual(['booking.confirmed']);
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(saved).toMatchObject({ status: 'confirmed', accessFeePaid: true, holdExpiresAt: null });
    const again = await ctx.app.db.transaction((tx) => settleAccessFee(tx, row.id, now));
    expect(again).toMatchObject({ status: 'confirmed', changed: false, events: [] });
  });

  it('settleAccessFee keeps a manual-confirmation booking pending', async () => {
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id, autoConfirmBookings: false });
    const offer = await ctx.createOffer({ storeId: store.id, serviceId: service.id });
    const row = await ctx.createBookingRow({
      storeId: store.id,
      offerId: offer.id,
      status: 'pending',
      accessFee: '30.00',
      holdExpiresAt: new Date(Date.now() + 60_000),
    });
    const outcome = await ctx.app.db.transaction((tx) => settleAccessFee(tx, row.id, new Date()));
    expect(outcome).toMatchObject({ status: 'pending', changed: true, events: [] });
  });

  it('a payment after the hold lapsed and the slot was taken: cancelled with refund, never oversold', async () => {
    const { store, offer, row } = await heldOfferBooking({}, -60_000);
    await ctx.createBookingRow({ storeId: store.id, offerId: offer.id, startTime: row.startTime });
    const outcome = await ctx.app.db.transaction((tx) => settleAccessFee(tx, row.id, new Date()));
    expect(outcome.status).toBe('cancelled');
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(saved).toMatchObject({ status: 'cancelled', accessFeePaid: true, refundRequested: true });
  });

  it('releaseUnpaidBooking cancels with the reason and frees the slot; no-op once paid or cancelled', async () => {
    const { row, offer } = await heldOfferBooking();
    const reason = 'Payment failed: Request cancelled by user';
    const outcome = await ctx.app.db.transaction((tx) =>
      releaseUnpaidBooking(tx, row.id, reason, new Date()),
    );
    expect(outcome).toMatchObject({ status: 'cancelled', changed: true });
    expect(outcome.events[0]?.payload.detail).toBe(reason);
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(saved).toMatchObject({ status: 'cancelled', cancelReason: reason, holdExpiresAt: null });
    const again = await ctx.app.db.transaction((tx) => releaseUnpaidBooking(tx, row.id, reason, new Date()));
    expect(again.changed).toBe(false);
    const body = (await slots(`/bookings/offer-slots?offerId=${offer.id}&date=${dayAhead(3)}`)).json();
    expect(body.availableSlots).toContain('10:00');

    const paid = await heldOfferBooking();
    await ctx.app.db.transaction((tx) => settleAccessFee(tx, paid.row.id, new Date()));
    const noop = await ctx.app.db.transaction((tx) =>
      releaseUnpaidBooking(tx, paid.row.id, reason, new Date()),
    );
    expect(noop).toMatchObject({ status: 'confirmed', changed: false });
  });

  it('releaseLapsedHolds cancels unpaid bookings whose hold ran out with no payment under way', async () => {
    const lapsed = await heldOfferBooking({}, -60_000);
    const running = await heldOfferBooking({}, 5 * 60_000);
    const paying = await heldOfferBooking({}, -60_000);
    await ctx.app.db.insert(payments).values({ bookingId: paying.row.id, amount: 30, status: 'pending' });
    await releaseLapsedHolds(ctx.app.db, ctx.app.events, new Date());
    const status = async (id: string) =>
      (await ctx.app.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    expect(await status(lapsed.row.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Payment not completed in time',
    });
    expect((await status(running.row.id)).status).toBe('pending');
    expect((await status(paying.row.id)).status).toBe('pending');
  });
});

// ---------------------------------------------------------------------------------------------

describe('erasure and store deletion', () => {
  it("deleting the account blanks the customer's details on bookings and payments and cancels future ones", async () => {
    const { token, input, user } = await registerCustomer(ctx.app, {
      firstName: 'Erased',
      lastName: 'Booker',
    });
    const userId = user.id as string;
    const { store } = await openStore();
    const service = await ctx.createService({ storeId: store.id });
    const future = (
      await book(token, { startTime: `${dayAhead(3)}T10:00:00`, serviceId: service.id, notes: 'Call me' })
    ).json().booking;
    const past = await ctx.createBookingRow({
      storeId: store.id,
      userId,
      serviceId: service.id,
      status: 'completed',
      startTime: new Date(Date.now() - 48 * HOUR),
      clientName: 'Erased Booker',
      clientEmail: 'erased@example.com',
      clientPhone: '+254712000111',
    });
    await ctx.app.db
      .insert(payments)
      .values({ bookingId: past.id, userId, amount: 30, phoneNumber: '254712000111' });

    const deleted = await call(ctx.app, 'DELETE', `${API}/users/account`, {
      token,
      body: { password: input.password },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await ctx.app.db.select().from(bookings).where(eq(bookings.storeId, store.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ clientName: null, clientEmail: null, clientPhone: null, notes: null });
    }
    expect(rows.find((row) => row.id === future.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Customer account deleted',
    });
    expect(rows.find((row) => row.id === past.id)?.status).toBe('completed');
    const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.bookingId, past.id));
    expect(payment!.phoneNumber).toBeNull();
  });

  it('a store with bookings cannot be deleted: 409 with a clear message, store and bookings kept', async () => {
    const { store, merchantToken: token } = await openStore();
    // A past booking (a future one gets the upcoming-bookings message: merchant-dashboard.test.ts).
    await ctx.createBookingRow({
      storeId: store.id,
      startTime: new Date(Date.now() - 48 * HOUR),
      status: 'completed',
    });
    const response = await call(ctx.app, 'DELETE', `${API}/stores/${store.id}`, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'STORE_HAS_BOOKINGS',
      message:
        'This store has bookings and cannot be deleted. Cancel or complete them first, or contact support.',
    });
    const kept = await ctx.app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.storeId, store.id)));
    expect(kept).toHaveLength(1);
    const empty = await openStore();
    expect(
      (await call(ctx.app, 'DELETE', `${API}/stores/${empty.store.id}`, { token: empty.merchantToken }))
        .statusCode,
    ).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the booking routes from their zod schemas', async () => {
    const document = await call(ctx.app, 'GET', '/api/docs/json', { apiKey: false });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/bookings/offer-slots',
        '/api/v1/bookings/service',
        '/api/v1/bookings/user',
        '/api/v1/users/bookings',
        '/api/v1/bookings/{id}/reschedule',
        '/api/v1/bookings/merchant',
      ]),
    );
  });
});

describe('slot lock keys', () => {
  const resource = { serviceId: 'svc', offerId: null };
  const at = (time: string) => new Date(`2026-12-01T${time}:00+03:00`);
  const keys = (from: string, to: string, staffId: string | null = null) =>
    new Set(slotLockKeys({ resource, branchId: null, staffId, from: at(from), to: at(to) }));
  const shared = (a: Set<string>, b: Set<string>) => [...a].some((key) => b.has(key));

  it('overlapping intervals share a key; back-to-back and other resources do not', () => {
    expect(shared(keys('10:00', '12:00'), keys('11:30', '12:30'))).toBe(true);
    expect(shared(keys('10:00', '11:00'), keys('11:00', '12:00'))).toBe(false);
    expect(shared(keys('09:15', '10:15'), keys('10:00', '10:30'))).toBe(true);
    const other = new Set(
      slotLockKeys({
        resource: { serviceId: 'other', offerId: null },
        branchId: null,
        staffId: null,
        from: at('10:00'),
        to: at('11:00'),
      }),
    );
    expect(shared(keys('10:00', '11:00'), other)).toBe(false);
  });

  it('a staff member is locked across resources for the cells of the interval', () => {
    const cut = keys('10:00', '11:00', 'stylist');
    const colour = new Set(
      slotLockKeys({
        resource: { serviceId: 'colour', offerId: null },
        branchId: null,
        staffId: 'stylist',
        from: at('10:30'),
        to: at('12:30'),
      }),
    );
    expect(shared(cut, colour)).toBe(true);
    expect([...cut].filter((key) => key.startsWith('staff:'))).toHaveLength(2);
  });
});
