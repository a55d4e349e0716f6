import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs as notificationJobs } from '../../db/schema/jobs.js';
import { notifications } from '../../db/schema/notifications.js';
import type { BookingEventPayload } from '../../events/event-bus.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { validQuote, validServiceRequest } from '../../test/service-requests.js';
import { reminderKey } from './booking-reminders.js';

const ctx = useApiTestApp();
const viewing = new Set<string>();

beforeAll(async () => {
  Object.assign(ctx.app, {
    realtime: {
      emitToUser: () => undefined,
      emitToStore: () => undefined,
      isUserOnline: async () => true,
      isViewingConversation: async (userId: string, conversationId: string) =>
        viewing.has(`${userId}:${conversationId}`),
    },
  });
});

async function world() {
  const merchant = await ctx.createMerchant();
  const store = await ctx.createStore({ merchantId: merchant.id, name: 'Glow Spa' });
  const service = await ctx.createService({ storeId: store.id, name: 'Deep Tissue Massage' });
  const customer = await ctx.createCustomer({ firstName: 'Amina', lastName: 'Njeri' });
  return {
    merchant,
    store,
    service,
    customer,
    customerToken: await ctx.customerToken(customer.id),
    merchantToken: await ctx.merchantToken(merchant.id),
    /** A booking of the customer's for the service at the store. */
    book: (values: Partial<Parameters<typeof ctx.createBookingRow>[0]> = {}) =>
      ctx.createBookingRow({ storeId: store.id, serviceId: service.id, userId: customer.id, ...values }),
  };
}

async function notificationsOf(column: 'userId' | 'merchantId', id: string) {
  return ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications[column], id))
    .orderBy(notifications.createdAt);
}

function bookingEvent(
  booking: { id: string; userId: string | null; storeId: string },
  status: string,
  actor: BookingEventPayload['actor'],
  detail?: string,
): BookingEventPayload {
  return {
    bookingId: booking.id,
    userId: booking.userId,
    storeId: booking.storeId,
    bookingType: 'service',
    status,
    actor,
    at: new Date(),
    ...(detail ? { detail } : {}),
  };
}

describe('booking notifications', () => {
  it('a merchant confirming through the API tells the customer (booking_confirmed) and not the merchant', async () => {
    const w = await world();
    const start = new Date('2030-03-05T07:30:00.000Z');
    const booking = await w.book({
      status: 'pending',
      startTime: start,
    });
    const confirm = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/confirm`, {
      token: w.merchantToken,
    });
    expect(confirm.statusCode).toBe(200);
    await ctx.app.events.drain();
    const [mine] = await notificationsOf('userId', w.customer.id);
    expect(mine).toMatchObject({
      type: 'booking_confirmed',
      title: 'Booking Confirmed',
      message: 'Your booking for Deep Tissue Massage at Glow Spa on 5 Mar 2030 at 10:30 is confirmed.',
      priority: 'high',
      actionUrl: `/booking-details/${booking.id}`,
      storeId: w.store.id,
      sender: 'Glow Spa',
    });
    expect(await notificationsOf('merchantId', w.merchant.id)).toHaveLength(0);
  });

  it('created, cancelled, completed and rescheduled by the customer reach the customer and the store’s merchant', async () => {
    const w = await world();
    const booking = await w.book({
      startTime: new Date('2030-03-05T07:30:00.000Z'),
    });
    ctx.app.events.publish('booking.created', bookingEvent(booking, 'pending', 'customer'));
    ctx.app.events.publish('booking.rescheduled', bookingEvent(booking, 'confirmed', 'customer'));
    ctx.app.events.publish(
      'booking.cancelled',
      bookingEvent(booking, 'cancelled', 'customer', 'Feeling unwell'),
    );
    ctx.app.events.publish('booking.completed', bookingEvent(booking, 'completed', 'system'));
    await ctx.app.events.drain();
    const customerTypes = (await notificationsOf('userId', w.customer.id)).map((n) => n.type).sort();
    expect(customerTypes).toEqual([
      'booking_cancelled',
      'booking_completed',
      'booking_created',
      'booking_rescheduled',
    ]);
    const merchantRows = await notificationsOf('merchantId', w.merchant.id);
    expect(merchantRows.map((n) => n.type).sort()).toEqual(customerTypes);
    const cancelled = merchantRows.find((n) => n.type === 'booking_cancelled')!;
    expect(cancelled.message).toContain(
      'cancelled Deep Tissue Massage on 5 Mar 2030 at 10:30. Reason: Feeling unwell',
    );
    expect(cancelled.actionUrl).toBe('/merchant/bookings');
    expect(cancelled.userId).toBeNull();
  });

  it('honours the customer’s bookings setting (the merchant is still told)', async () => {
    const w = await world();
    const off = await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token: w.customerToken,
      body: { bookings: false },
    });
    expect(off.statusCode).toBe(200);
    const booking = await w.book();
    ctx.app.events.publish('booking.created', bookingEvent(booking, 'pending', 'customer'));
    await ctx.app.events.drain();
    expect(await notificationsOf('userId', w.customer.id)).toHaveLength(0);
    expect(await notificationsOf('merchantId', w.merchant.id)).toHaveLength(1);
  });
  it('a rush of bookings at two stores is told in a handful of statements, each customer and merchant getting their own', async () => {
    const worlds = [await world(), await world()];
    const booked = [];
    for (const w of worlds) {
      for (const hour of [7, 8, 9]) {
        booked.push({ w, booking: await w.book({ startTime: new Date(`2030-03-05T0${hour}:00:00.000Z`) }) });
      }
    }
    const client = ctx.app.db.$client as unknown as { query: (...args: unknown[]) => unknown };
    const query = vi.spyOn(client, 'query');
    try {
      for (const { booking } of booked) {
        ctx.app.events.publish('booking.created', bookingEvent(booking, 'confirmed', 'customer'));
        ctx.app.events.publish('booking.confirmed', bookingEvent(booking, 'confirmed', 'system'));
      }
      await ctx.app.events.drain();
      // 12 events, 24 notifications and 12 reminders: the notifications read the bookings and their
      // stores once, then one notifyMany (names, two settings, insert, two counts, two push reads);
      // the reminders read the bookings once and upsert their jobs once; the recipients' languages
      // (issue 33) are one read per account table, customers and merchants; the WhatsApp opt-ins of
      // the confirmed customers (issue 36) are one read. One event at a time: ~150.
      expect(query.mock.calls.length).toBeLessThanOrEqual(15);
    } finally {
      query.mockRestore();
    }
    for (const w of worlds) {
      const own = booked.filter((b) => b.w === w).map((b) => b.booking.id);
      const customerRows = await notificationsOf('userId', w.customer.id);
      expect(customerRows.map((n) => [n.type, (n.data as { bookingId: string }).bookingId]).sort()).toEqual(
        own
          .flatMap((id) => [
            ['booking_confirmed', id],
            ['booking_created', id],
          ])
          .sort(),
      );
      expect(
        customerRows.every(
          (n) => n.actionUrl === `/booking-details/${(n.data as { bookingId: string }).bookingId}`,
        ),
      ).toBe(true);
      const merchantRows = await notificationsOf('merchantId', w.merchant.id);
      expect(merchantRows.map((n) => [n.title, (n.data as { bookingId: string }).bookingId]).sort()).toEqual(
        own
          .flatMap((id) => [
            ['Booking Confirmed', id],
            ['New Booking', id],
          ])
          .sort(),
      );
      expect(merchantRows.every((n) => n.storeId === w.store.id && n.userId === null)).toBe(true);
    }
    const jobs = await ctx.app.db
      .select()
      .from(notificationJobs)
      .where(
        inArray(
          notificationJobs.bookingId,
          booked.map((b) => b.booking.id),
        ),
      );
    expect(jobs.map((job) => [job.key, job.status]).sort()).toEqual(
      booked
        .flatMap(({ booking }) => [
          [reminderKey(booking.id, '24h'), 'pending'],
          [reminderKey(booking.id, '2h'), 'pending'],
        ])
        .sort(),
    );
  });
});

describe('chat message notifications', () => {
  it('tells the customer “New message from {store}” unless they are viewing the conversation', async () => {
    const w = await world();
    const conversationId = crypto.randomUUID();
    const message = {
      messageId: crypto.randomUUID(),
      conversationId,
      storeId: w.store.id,
      senderId: w.merchant.id,
      senderRole: 'merchant' as const,
      recipientUserIds: [w.customer.id],
      preview: 'Your table is ready',
      at: new Date(),
    };
    ctx.app.events.publish('chat.message_sent', message);
    await ctx.app.events.drain();
    viewing.add(`${w.customer.id}:${conversationId}`);
    ctx.app.events.publish('chat.message_sent', { ...message, messageId: crypto.randomUUID() });
    await ctx.app.events.drain();
    viewing.delete(`${w.customer.id}:${conversationId}`);
    const rows = await notificationsOf('userId', w.customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'new_message',
      title: 'New message from Glow Spa',
      message: 'Your table is ready',
      actionUrl: `/chat/Store/${w.store.id}`,
    });
    expect(rows[0]!.data).toMatchObject({ conversationId, storeName: 'Glow Spa' });
  });

  it('tells the merchant who wrote, and respects a customer’s messages setting', async () => {
    const w = await world();
    ctx.app.events.publish('chat.message_sent', {
      messageId: crypto.randomUUID(),
      conversationId: crypto.randomUUID(),
      storeId: w.store.id,
      senderId: w.customer.id,
      senderRole: 'customer',
      recipientUserIds: [w.merchant.id],
      preview: 'Are you open on Sunday?',
      at: new Date(),
    });
    await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token: w.customerToken,
      body: { messages: false },
    });
    ctx.app.events.publish('chat.message_sent', {
      messageId: crypto.randomUUID(),
      conversationId: crypto.randomUUID(),
      storeId: w.store.id,
      senderId: w.merchant.id,
      senderRole: 'merchant',
      recipientUserIds: [w.customer.id],
      preview: 'Yes',
      at: new Date(),
    });
    await ctx.app.events.drain();
    const [merchantRow] = await notificationsOf('merchantId', w.merchant.id);
    expect(merchantRow).toMatchObject({
      type: 'new_message',
      title: 'New message from Amina Njeri',
      actionUrl: '/merchant/chat',
    });
    expect(await notificationsOf('userId', w.customer.id)).toHaveLength(0);
  });
});

describe('store follow and review notifications', () => {
  it('a follow tells the merchant (store_follow); an unfollow does not', async () => {
    const w = await world();
    await call(ctx.app, 'POST', `${API}/stores/${w.store.id}/toggle-follow`, { token: w.customerToken });
    await call(ctx.app, 'POST', `${API}/stores/${w.store.id}/toggle-follow`, { token: w.customerToken });
    await ctx.app.events.drain();
    const rows = await notificationsOf('merchantId', w.merchant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'store_follow',
      title: 'New Follower',
      message: 'Amina N. started following Glow Spa. You now have 1 followers.',
      storeId: w.store.id,
    });
  });

  it('a new review tells the merchant (new_review) and the merchant’s response tells the customer (review_response)', async () => {
    const w = await world();
    await ctx.createCompletedVisit(w.customer.id, w.store.id);
    const created = await call(ctx.app, 'POST', `${API}/stores/${w.store.id}/reviews`, {
      token: w.customerToken,
      body: { rating: 2, comment: 'Too slow' },
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.events.drain();
    const [review] = await notificationsOf('merchantId', w.merchant.id);
    expect(review).toMatchObject({
      type: 'new_review',
      title: 'New Review',
      message: 'Amina N. rated Glow Spa 2 out of 5.',
      priority: 'high',
    });
    const reviewId = created.json().review.id;
    const responded = await call(ctx.app, 'POST', `${API}/reviews/${reviewId}/response`, {
      token: w.merchantToken,
      body: { text: 'Sorry, we will do better' },
    });
    expect(responded.statusCode).toBe(200);
    await ctx.app.events.drain();
    const rows = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.customer.id), eq(notifications.type, 'review_response')));
    expect(rows[0]).toMatchObject({
      title: 'Response to Your Review',
      message: 'Glow Spa responded to your review.',
      actionUrl: `/stores/${w.store.id}/reviews`,
    });
  });
});

describe('service request notifications (issue 12)', () => {
  it('a quote tells the owner (service_request_offer with the seed title, priority and tags, live service_offer_received); accepting tells the merchant', async () => {
    const w = await world();
    const emitted: Array<[string, string, unknown]> = [];
    const realtime = (ctx.app as unknown as { realtime: { emitToUser: (...args: unknown[]) => void } })
      .realtime;
    const before = realtime.emitToUser;
    realtime.emitToUser = (userId, event, payload) =>
      emitted.push([userId as string, event as string, payload]);
    try {
      const posted = await call(ctx.app, 'POST', `${API}/request-service`, {
        token: w.customerToken,
        body: validServiceRequest({ budgetMax: 50000 }),
      });
      expect(posted.statusCode).toBe(201);
      const requestId = posted.json().request.id as string;
      const quoted = await call(ctx.app, 'POST', `${API}/request-service/${requestId}/offers`, {
        token: w.merchantToken,
        body: validQuote(w.store.id, { quotedPrice: 12000 }),
      });
      expect(quoted.statusCode).toBe(201);
      const offerId = quoted.json().offer.id as string;
      await ctx.app.events.drain();
      const [toOwner] = await notificationsOf('userId', w.customer.id);
      expect(toOwner).toMatchObject({
        type: 'service_request_offer',
        title: 'Premium Service Offer Received',
        message: 'Glow Spa offered KSh 12,000 for "Deep clean my salon".',
        priority: 'high',
        actionUrl: `/service-request/${requestId}`,
        storeId: w.store.id,
      });
      expect((toOwner!.data as { tags: string[] }).tags).toEqual(
        expect.arrayContaining(['high-value', 'value-added']),
      );
      const live = emitted.filter(([, event]) => event === 'service_offer_received');
      expect(live).toHaveLength(1);
      expect(live[0]![0]).toBe(w.customer.id);
      expect(live[0]![2]).toMatchObject({ requestId, offerId, quotedPrice: 12000 });

      const accepted = await call(
        ctx.app,
        'PUT',
        `${API}/request-service/${requestId}/accept-offer/${offerId}`,
        {
          token: w.customerToken,
        },
      );
      expect(accepted.statusCode).toBe(200);
      await ctx.app.events.drain();
      const toMerchant = await notificationsOf('merchantId', w.merchant.id);
      expect(toMerchant.map((row) => [row.type, row.title])).toEqual([['offer_accepted', 'Offer Accepted']]);
      expect(toMerchant[0]!.message).toBe(
        'Your offer on "Deep clean my salon" was accepted. Contact the customer to get started.',
      );
    } finally {
      realtime.emitToUser = before;
    }
  });
});
