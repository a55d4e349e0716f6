import { and, eq, sql } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.js';
import { notifications } from '../../db/schema/notifications.js';
import { outbox } from '../../db/schema/support.js';
import { uniquePhone } from '../../test/accounts-helpers.js';
import { API, call } from '../../test/build-app.js';
import { browserKeys, usePushServiceApp } from '../../test/push.js';
import { pushesSettled } from './notifications-service.js';

const { ctx, pushService, base } = usePushServiceApp();

const HOUR = 60 * 60_000;

/** A customer in `locale` with a verified phone and a pending booking of 'Facial' at 'Glow Spa'. */
async function customerWithBooking(locale: 'en' | 'sw') {
  const phone = uniquePhone();
  const customer = await ctx.createCustomer({ phoneNumber: phone, isPhoneVerified: true, locale });
  const { merchant, booking, start } = await ctx.createPendingBooking(customer.id);
  return { merchant, customer, phone, booking, start, token: await ctx.customerToken(customer.id) };
}

async function confirm(bookingId: string, merchantId: string) {
  const response = await call(ctx.app, 'PUT', `${API}/bookings/${bookingId}/confirm`, {
    token: await ctx.merchantToken(merchantId),
  });
  expect(response.statusCode).toBe(200);
  await ctx.app.events.drain();
}

describe('notifications in the customer’s language (issue 33)', () => {
  beforeEach(async () => {
    // Other tests' reminders fall due at the same made-up times: each test sees only its own.
    await ctx.app.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.status, 'pending'));
  });

  it('sends the reminder SMS and notification in Kiswahili to a Kiswahili customer and in English to an English one', async () => {
    const sw = await customerWithBooking('sw');
    const en = await customerWithBooking('en');
    await confirm(sw.booking.id, sw.merchant.id);
    await confirm(en.booking.id, en.merchant.id);
    await ctx.app.bookingReminders.runOnce(new Date(sw.start.getTime() - 24 * HOUR + 1000));

    const [swSms] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, sw.phone));
    expect(swSms!.body).toMatch(
      /^Kikumbusho cha D3 Deals: Facial pale Glow Spa, \d{1,2} \w{3} \d{4} saa \d{2}:\d{2}\. Tafadhali fika dakika 10 mapema\.$/,
    );
    const [enSms] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, en.phone));
    expect(enSms!.body).toMatch(
      /^D3 Deals reminder: Facial at Glow Spa on \d{1,2} \w{3} \d{4} at \d{2}:\d{2}\. Please arrive 10 minutes early\.$/,
    );

    const reminderOf = async (userId: string) =>
      ctx.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'booking_reminder')));
    const [swReminder] = await reminderOf(sw.customer.id);
    expect(swReminder).toMatchObject({ title: 'Nafasi yako ni kesho' });
    expect(swReminder!.message).toMatch(/^Kikumbusho: Facial pale Glow Spa, .+ saa \d{2}:\d{2}\.$/);
    const [enReminder] = await reminderOf(en.customer.id);
    expect(enReminder).toMatchObject({ title: 'Booking tomorrow' });
    expect(enReminder!.message).toMatch(/^Reminder: Facial at Glow Spa on .+ at \d{2}:\d{2}\.$/);
  });

  it('pushes the booking confirmation in Kiswahili to a Kiswahili customer and in English to an English one', async () => {
    const received: Record<string, { title: string; body: string }> = {};
    for (const locale of ['sw', 'en'] as const) {
      const { merchant, customer, booking, token } = await customerWithBooking(locale);
      const { ecdh, auth, keys } = browserKeys();
      const endpoint = `${base()}/push/${customer.id}`;
      const saved = await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, {
        token,
        body: {
          subscription: { endpoint, keys },
        },
      });
      expect(saved.statusCode).toBe(201);
      const before = pushService.received.length;
      await confirm(booking.id, merchant.id);
      await pushesSettled(ctx.app.notifications);
      const push = pushService.received.slice(before).find((p) => p.path === `/push/${customer.id}`);
      expect(push, `a push to the ${locale} customer`).toBeDefined();
      const clear = ece.decrypt(push!.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
      received[locale] = JSON.parse(clear.toString('utf8'));
    }
    expect(received.sw).toMatchObject({ title: 'Nafasi imethibitishwa' });
    expect(received.sw!.body).toMatch(
      /^Nafasi yako ya Facial pale Glow Spa, .+ saa \d{2}:\d{2} imethibitishwa\.$/,
    );
    expect(received.en).toMatchObject({ title: 'Booking Confirmed' });
    expect(received.en!.body).toMatch(
      /^Your booking for Facial at Glow Spa on .+ at \d{2}:\d{2} is confirmed\.$/,
    );
  });

  it('tells a Kiswahili merchant of a cancellation in Kiswahili, with the customer’s reason', async () => {
    const { merchant, booking } = await customerWithBooking('en');
    // The merchant reads Kiswahili; the customer English.
    await ctx.app.db.execute(sql`update merchants set locale = 'sw' where id = ${merchant.id}`);
    await confirm(booking.id, merchant.id);
    const cancelled = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/cancel`, {
      token: await ctx.customerToken(booking.userId!),
      body: { reason: 'Nimesafiri' },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.events.drain();
    const [told] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.merchantId, merchant.id), eq(notifications.type, 'booking_cancelled')));
    expect(told).toMatchObject({ title: 'Nafasi imeghairiwa' });
    expect(told!.message).toMatch(/ameghairi Facial, .+ saa \d{2}:\d{2}\. Sababu: Nimesafiri$/);
  });
});
