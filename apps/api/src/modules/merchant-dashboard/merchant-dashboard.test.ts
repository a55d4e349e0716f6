import { addDays, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.js';
import { reviews } from '../../db/schema/engagement.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import { branches, staff, stores } from '../../db/schema/stores.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { expectProblemCode } from '../../test/problems.js';

/**
 * The merchant site's server side (issue 13): the dashboard in one call, the calendar range query,
 * the check-in / completion time rule, the store delete rule, staff edit, and the object-level
 * matrix — another merchant never reads or changes this merchant's objects.
 */
const ctx = useApiTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const today = () => nairobiDateKey(new Date());
const at = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);

const merchantWithStore = ctx.merchantWithStore;

const get = (path: string, token?: string) => call(ctx.app, 'GET', `${API}${path}`, { token });
const put = (path: string, token: string, body?: unknown) =>
  call(ctx.app, 'PUT', `${API}${path}`, { token, body });

describe('GET /merchant/dashboard', () => {
  it('counts today, upcoming, awaiting confirmation, the month’s access fees apart from at-store value, rating, reviews and followers', async () => {
    const { store, token } = await merchantWithStore({ rating: '4.00', totalReviews: 2, followers: 5 });
    const second = await ctx.createStore({
      merchantId: (await ctx.app.db.select().from(stores).where(eq(stores.id, store.id)))[0]!.merchantId,
      rating: '5.00',
      totalReviews: 2,
      followers: 1,
    });
    const service = await ctx.createService({ storeId: store.id, price: '800.00' });
    const offer = await ctx.createOffer({
      storeId: store.id,
      originalPrice: '2000.00',
      discount: '25.00',
    });
    const inTwoHours = new Date(Date.now() + 2 * HOUR);
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);
    const ofService = { storeId: store.id, serviceId: service.id };
    const paidOffer = { offerId: offer.id, accessFee: '75.00', accessFeePaid: true };
    const rows: Array<Parameters<typeof ctx.createBookingRow>[0]> = [
      // Upcoming, awaiting confirmation (no fee).
      { ...ofService, status: 'pending', startTime: hoursFromNow(3 * 24) },
      // Pending but its fee is unpaid: the store is not asked to confirm it yet.
      {
        storeId: store.id,
        ...paidOffer,
        accessFeePaid: false,
        status: 'pending',
        startTime: hoursFromNow(4 * 24),
      },
      // Paid offer booking, confirmed, upcoming.
      { storeId: second.id, ...paidOffer, status: 'confirmed', startTime: hoursFromNow(5 * 24) },
      // Completed now: worth 1,500 at the store (2,000 less 25 %), its 75 fee paid to the platform.
      {
        storeId: store.id,
        ...paidOffer,
        status: 'completed',
        startTime: hoursFromNow(-2),
        completedAt: new Date(),
      },
      // Completed service: 800 at the store, no fee.
      { ...ofService, status: 'completed', startTime: hoursFromNow(-3), completedAt: new Date() },
      // Cancelled: counts nowhere.
      { ...ofService, status: 'cancelled', startTime: inTwoHours },
    ];
    for (const row of rows) await ctx.createBookingRow(row);
    // Another merchant's booking never shows.
    const stranger = await merchantWithStore();
    await ctx.createBookingRow({
      storeId: stranger.store.id,
      status: 'pending',
      startTime: inTwoHours,
    });

    const response = await get('/merchant/dashboard', token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.stores).toBe(2);
    expect(data.bookings.upcoming).toBe(3);
    expect(data.bookings.awaitingConfirmation).toBe(1);
    expect(data.revenue.month).toBe(today().slice(0, 7));
    expect(data.revenue.accessFees).toBe(150);
    expect(data.revenue.atStore).toBe(2300);
    expect(data.rating).toBe(4.5);
    expect(data.reviewCount).toBe(4);
    expect(data.followers).toBe(6);
    expect(data.nextBookings).toHaveLength(3);
    expect(
      data.nextBookings.every((b: { storeId: string }) => [store.id, second.id].includes(b.storeId)),
    ).toBe(true);
    const starts = data.nextBookings.map((b: { startTime: string }) => Date.parse(b.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('counts only today’s live bookings in “today” (Nairobi day)', async () => {
    const { store, token } = await merchantWithStore();
    const day = today();
    await ctx.createBookingRow({ storeId: store.id, startTime: at(day, '23:30') });
    await ctx.createBookingRow({
      storeId: store.id,
      startTime: at(day, '00:05'),
      status: 'completed',
    });
    await ctx.createBookingRow({
      storeId: store.id,
      startTime: at(day, '12:00'),
      status: 'cancelled',
    });
    await ctx.createBookingRow({ storeId: store.id, startTime: at(addDays(day, 1), '00:30') });
    const { data } = (await get('/merchant/dashboard', token)).json();
    expect(data.bookings.today).toBe(2);
  });

  it('a merchant without stores gets zeros; anonymous 401, a customer 403', async () => {
    const merchant = await ctx.createMerchant();
    const response = await get('/merchant/dashboard', await ctx.merchantToken(merchant.id));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      stores: 0,
      bookings: { today: 0, upcoming: 0, awaitingConfirmation: 0, thisMonth: 0 },
      revenue: { accessFees: 0, atStore: 0 },
      rating: 0,
      reviewCount: 0,
      followers: 0,
      nextBookings: [],
    });
    expect((await get('/merchant/dashboard')).statusCode).toBe(401);
    const customer = await ctx.createCustomer();
    expect((await get('/merchant/dashboard', await ctx.customerToken(customer.id))).statusCode).toBe(403);
  });
});

describe('GET /bookings/merchant calendar range', () => {
  it('filters by from/to (inclusive Nairobi days), store, branch, staff and status', async () => {
    const { store, token } = await merchantWithStore();
    const branch = await ctx.createBranch(store.id);
    const stylist = await ctx.createStaffMember(store.id);
    const monday = addDays(today(), 10);
    const rows = [
      await ctx.createBookingRow({ storeId: store.id, startTime: at(monday, '00:00') }),
      await ctx.createBookingRow({
        storeId: store.id,
        branchId: branch.id,
        staffId: stylist.id,
        startTime: at(addDays(monday, 3), '23:59'),
        status: 'pending',
      }),
      await ctx.createBookingRow({ storeId: store.id, startTime: at(addDays(monday, 7), '00:00') }),
    ];
    const ids = async (query: string) =>
      ((await get(`/bookings/merchant?${query}`, token)).json().bookings as Array<{ id: string }>).map(
        (b) => b.id,
      );
    const week = `from=${monday}&to=${addDays(monday, 6)}`;
    expect(await ids(week)).toEqual([rows[0]!.id, rows[1]!.id]);
    expect(await ids(`${week}&branchId=${branch.id}`)).toEqual([rows[1]!.id]);
    expect(await ids(`${week}&branchId=store-${store.id}`)).toEqual([rows[0]!.id]);
    expect(await ids(`${week}&staffId=${stylist.id}`)).toEqual([rows[1]!.id]);
    expect(await ids(`${week}&status=confirmed`)).toEqual([rows[0]!.id]);
    expect(await ids(`from=${addDays(monday, 7)}`)).toEqual([rows[2]!.id]);
    expect(await ids(`storeId=${store.id}&to=${monday}`)).toContain(rows[0]!.id);
  });

  it('never widens to another merchant’s store; refuses a reversed or too-long range', async () => {
    const { store, token } = await merchantWithStore();
    const stranger = await merchantWithStore();
    await ctx.createBookingRow({ storeId: store.id });
    await ctx.createBookingRow({ storeId: stranger.store.id });
    const theirs = await get(`/bookings/merchant?storeId=${stranger.store.id}`, token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().bookings).toEqual([]);
    const reversed = await get(`/bookings/merchant?from=2030-01-10&to=2030-01-09`, token);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.to).toBe('The end date must not be before the start date');
    const long = await get(`/bookings/merchant?from=2030-01-01&to=2030-03-31`, token);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toBe('Choose a range of at most 62 days');
    const bad = await get(`/bookings/merchant?branchId=x%00y`, token);
    expect(bad.statusCode).toBe(400);
  });
});

describe('check-in and completion time rule', () => {
  it('refuses check-in and completion before the start minus the early window with a clear 400', async () => {
    const { store, token } = await merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, earlyCheckinMinutes: 30 });
    const start = new Date(Math.floor((Date.now() + 2 * HOUR) / 1000) * 1000);
    const row = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      startTime: start,
    });
    for (const [path, body] of [
      ['/status', { status: 'checked_in' }],
      ['/complete', undefined],
    ] as const) {
      const refused = await put(`/bookings/${row.id}${path}`, token, body);
      expectProblemCode(refused, 400, 'BOOKING_NOT_STARTED');
      expect(refused.json().message).toMatch(
        /^This booking starts at \d{2}:\d{2} on \d{4}-\d{2}-\d{2}\. It can be (checked in|completed) from \d{2}:\d{2}\.$/,
      );
    }
    const [saved] = await ctx.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(saved).toMatchObject({ status: 'confirmed', checkedInAt: null, completedAt: null });
    const view = (await get('/bookings/merchant', token)).json().bookings[0];
    expect(Date.parse(view.checkInOpensAt)).toBe(start.getTime() - 30 * MINUTE);
  });

  it('allows check-in inside the window, then completion; a service without early check-in waits for the start', async () => {
    const { store, token } = await merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, earlyCheckinMinutes: 30 });
    const row = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 20 * MINUTE),
    });
    const checkedIn = await put(`/bookings/${row.id}/status`, token, { status: 'checked_in' });
    expect(checkedIn.statusCode).toBe(200);
    expect(checkedIn.json().booking.status).toBe('checked_in');
    const completed = await put(`/bookings/${row.id}/complete`, token);
    expect(completed.json().booking.status).toBe('completed');

    const strict = await ctx.createService({ storeId: store.id, allowEarlyCheckin: false });
    const soon = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: strict.id,
      startTime: new Date(Date.now() + 5 * MINUTE),
    });
    expect((await put(`/bookings/${soon.id}/complete`, token)).statusCode).toBe(400);
    const started = await ctx.createBookingRow({
      storeId: store.id,
      serviceId: strict.id,
      startTime: new Date(Date.now() - MINUTE),
    });
    expect((await put(`/bookings/${started.id}/complete`, token)).json().booking.status).toBe('completed');
  });

  it('an offer booking uses its offer’s service window; a booking without a service uses 15 minutes', async () => {
    const { store, token } = await merchantWithStore();
    const service = await ctx.createService({ storeId: store.id, earlyCheckinMinutes: 60 });
    /** Books `offerId` to start `minutes` from now and answers the status of checking it in. */
    const checkInStatus = async (offerId: string, minutes: number) => {
      const row = await ctx.createBookingRow({
        storeId: store.id,
        offerId,
        startTime: new Date(Date.now() + minutes * MINUTE),
      });
      return (await put(`/bookings/${row.id}/status`, token, { status: 'checked_in' })).statusCode;
    };
    const offer = await ctx.createOffer({ storeId: store.id, serviceId: service.id });
    expect(await checkInStatus(offer.id, 45)).toBe(200);
    const bare = await ctx.createOffer({ storeId: store.id });
    expect(await checkInStatus(bare.id, 20)).toBe(400);
    expect(await checkInStatus(bare.id, 10)).toBe(200);
  });

  it('cancelling keeps no time rule and stores the merchant’s reason', async () => {
    const { store, token } = await merchantWithStore();
    const row = await ctx.createBookingRow({
      storeId: store.id,
      startTime: new Date(Date.now() + 48 * HOUR),
    });
    const reason = 'Stylist off sick — $& please rebook';
    const cancelled = await put(`/bookings/${row.id}/status`, token, { status: 'cancelled', reason });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', cancelReason: reason });
    const other = await ctx.createBookingRow({ storeId: store.id });
    const plain = await put(`/bookings/${other.id}/status`, token, { status: 'cancelled' });
    expect(plain.json().booking.cancelReason).toBe('Cancelled by the store');
    const tooLong = await put(`/bookings/${other.id}/status`, token, {
      status: 'cancelled',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('store delete rule and staff edit', () => {
  it('refuses deleting a store while a future booking exists, with a message saying why', async () => {
    const { store, token } = await merchantWithStore();
    const row = await ctx.createBookingRow({ storeId: store.id, status: 'pending' });
    const refused = await call(ctx.app, 'DELETE', `${API}/stores/${store.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'STORE_HAS_BOOKINGS',
      message: 'This store has upcoming bookings and cannot be deleted. Cancel or complete them first.',
    });
    expect(await ctx.app.db.select().from(stores).where(eq(stores.id, store.id))).toHaveLength(1);
    await ctx.app.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, row.id));
    // Past history still keeps the store (bookings are never lost), with the general message.
    const history = await call(ctx.app, 'DELETE', `${API}/stores/${store.id}`, { token });
    expect(history.statusCode).toBe(409);
    expect(history.json().message).toMatch(/^This store has bookings and cannot be deleted/);
    const empty = await merchantWithStore();
    const deleted = await call(ctx.app, 'DELETE', `${API}/stores/${empty.store.id}`, { token: empty.token });
    expect(deleted.statusCode).toBe(200);
  });

  it('lists a store’s staff (any status) with their services for its merchant', async () => {
    const { store, token } = await merchantWithStore();
    const cut = await ctx.createService({ storeId: store.id });
    const active = await ctx.createStaffMember(store.id, { name: 'Akinyi' }, [cut.id]);
    const away = await ctx.createStaffMember(store.id, { name: 'Baraka', status: 'inactive' });
    const response = await get(`/stores/${store.id}/staff`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toEqual([
      {
        id: active.id,
        storeId: store.id,
        branchId: null,
        name: 'Akinyi',
        role: 'Stylist',
        status: 'active',
        serviceIds: [cut.id],
      },
      {
        id: away.id,
        storeId: store.id,
        branchId: null,
        name: 'Baraka',
        role: 'Stylist',
        status: 'inactive',
        serviceIds: [],
      },
    ]);
  });

  it('edits a staff member’s name, role, branch and services; refuses another store’s branch', async () => {
    const { store, token } = await merchantWithStore();
    const branch = await ctx.createBranch(store.id);
    const cut = await ctx.createService({ storeId: store.id });
    const member = await ctx.createStaffMember(store.id);
    const edited = await put(`/staff/${member.id}`, token, {
      name: 'Wanjiru K.',
      role: 'Senior stylist',
      branchId: branch.id,
      serviceIds: [cut.id],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().staff).toMatchObject({
      name: 'Wanjiru K.',
      role: 'Senior stylist',
      branchId: branch.id,
    });
    const stranger = await merchantWithStore();
    const foreignBranch = await ctx.createBranch(stranger.store.id);
    const refused = await put(`/staff/${member.id}`, token, { branchId: foreignBranch.id });
    expect(refused.statusCode).toBe(400);
    const [saved] = await ctx.app.db.select().from(staff).where(eq(staff.id, member.id));
    expect(saved).toMatchObject({ name: 'Wanjiru K.', branchId: branch.id });
  });
});

describe('object-level matrix: another merchant’s objects', () => {
  it('every merchant write or read of another merchant’s store, branch, staff, service, offer, booking and review is 403/404 and changes nothing', async () => {
    const owner = await merchantWithStore();
    const branch = await ctx.createBranch(owner.store.id);
    const service = await ctx.createService({ storeId: owner.store.id });
    const member = await ctx.createStaffMember(owner.store.id);
    const offer = await ctx.createOffer({ storeId: owner.store.id });
    const booking = await ctx.createBookingRow({
      storeId: owner.store.id,
      serviceId: service.id,
      status: 'pending',
      startTime: new Date(Date.now() + 5 * MINUTE),
    });
    const customer = await ctx.createCustomer();
    const [review] = await ctx.app.db
      .insert(reviews)
      .values({ userId: customer.id, storeId: owner.store.id, rating: 5, text: 'Lovely' })
      .returning();
    const attacker = await merchantWithStore();
    const token = attacker.token;

    const attempts: Array<[string, string, unknown?]> = [
      ['PUT', `/stores/${owner.store.id}`, { name: 'Hijacked' }],
      ['DELETE', `/stores/${owner.store.id}`],
      ['POST', `/stores/${owner.store.id}/branches`, { name: 'Rogue', address: 'X' }],
      ['PUT', `/branches/${branch.id}`, { name: 'Hijacked' }],
      ['DELETE', `/branches/${branch.id}`],
      ['POST', `/stores/${owner.store.id}/staff`, { name: 'Rogue' }],
      ['PUT', `/staff/${member.id}`, { name: 'Hijacked' }],
      ['DELETE', `/staff/${member.id}`],
      [
        'POST',
        '/services',
        { storeId: owner.store.id, name: 'Rogue', price: 100, duration: 30, category: 'Beauty & Spa' },
      ],
      ['PUT', `/services/${service.id}`, { name: 'Hijacked' }],
      ['DELETE', `/services/${service.id}`],
      [
        'POST',
        '/offers',
        {
          storeId: owner.store.id,
          title: 'Rogue',
          discount: 10,
          original_price: 100,
          expiration_date: '2031-01-01T00:00:00+03:00',
          category: 'Beauty & Spa',
        },
      ],
      ['PUT', `/offers/${offer.id}`, { title: 'Hijacked' }],
      ['DELETE', `/offers/${offer.id}`],
      ['PUT', `/bookings/${booking.id}/confirm`],
      ['PUT', `/bookings/${booking.id}/complete`],
      ['PUT', `/bookings/${booking.id}/status`, { status: 'cancelled', reason: 'nope' }],
      ['POST', `/reviews/${review!.id}/response`, { text: 'Hijacked reply' }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(ctx.app, method as 'PUT', `${API}${path}`, { token, body });
      expect([403, 404], `${method} ${path} answered ${response.statusCode}`).toContain(response.statusCode);
    }
    const staffList = await get(`/stores/${owner.store.id}/staff`, token);
    expect(staffList.statusCode).toBe(403);
    // Reads: the attacker's lists never carry the owner's rows.
    const list = (await get(`/bookings/merchant?storeId=${owner.store.id}`, token)).json();
    expect(list.bookings).toEqual([]);
    const dashboard = (await get('/merchant/dashboard', token)).json().data;
    expect(dashboard.nextBookings).toEqual([]);
    const merchantReviews = (await get('/merchant/reviews', token)).json();
    expect(merchantReviews.reviews).toEqual([]);

    // Nothing changed.
    const [store] = await ctx.app.db.select().from(stores).where(eq(stores.id, owner.store.id));
    expect(store!.name).toBe(owner.store.name);
    expect((await ctx.app.db.select().from(branches).where(eq(branches.id, branch.id)))[0]!.name).toBe(
      branch.name,
    );
    expect((await ctx.app.db.select().from(staff).where(eq(staff.id, member.id)))[0]!.name).toBe(member.name);
    expect((await ctx.app.db.select().from(services).where(eq(services.id, service.id)))[0]!.name).toBe(
      service.name,
    );
    expect((await ctx.app.db.select().from(offers).where(eq(offers.id, offer.id)))[0]!.title).toBe(
      offer.title,
    );
    expect((await ctx.app.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe(
      'pending',
    );
    expect(
      (await ctx.app.db.select().from(reviews).where(eq(reviews.id, review!.id)))[0]!.responseText,
    ).toBeNull();
    expect(
      (await ctx.app.db.select().from(branches).where(eq(branches.storeId, owner.store.id))).map((b) => b.id),
    ).toEqual([branch.id]);
  });
});
