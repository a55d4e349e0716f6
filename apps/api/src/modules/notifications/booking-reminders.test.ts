import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { OutboxSender } from '../../adapters/sms/outbox-simulator.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { bookings } from '../../db/schema/bookings.js';
import { jobs as notificationJobs } from '../../db/schema/jobs.js';
import { notifications } from '../../db/schema/notifications.js';
import { outbox } from '../../db/schema/support.js';
import { uniquePhone } from '../../test/accounts-helpers.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { daysFromNow } from '../../test/factories.js';
import { BookingReminders, reminderKey } from './booking-reminders.js';

const ctx = useApiTestApp();
const HOUR = 60 * 60_000;

async function confirmedBooking(options: { sms?: boolean; startInMs?: number } = {}) {
  const phone = uniquePhone();
  const customer = await ctx.createCustomer({ phoneNumber: phone, isPhoneVerified: true });
  const token = await ctx.customerToken(customer.id);
  if (options.sms === false) {
    await call(ctx.app, 'PUT', `${API}/users/notification-settings`, { token, body: { smsAlerts: false } });
  }
  const { merchant, booking, start } = await ctx.createPendingBooking(customer.id, options.startInMs);
  const confirm = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/confirm`, {
    token: await ctx.merchantToken(merchant.id),
  });
  expect(confirm.statusCode).toBe(200);
  await ctx.app.events.drain();
  return { booking, customer, phone, start, token };
}

async function jobsOf(bookingId: string) {
  return ctx.app.db
    .select()
    .from(notificationJobs)
    .where(eq(notificationJobs.bookingId, bookingId))
    .orderBy(notificationJobs.runAt);
}

async function remindersOf(userId: string) {
  return ctx.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'booking_reminder')));
}

const smsTo = (phone: string) => ctx.app.db.select().from(outbox).where(eq(outbox.to, phone));

describe('booking reminder jobs', () => {
  it('a confirmed booking gets two jobs, 24 h and 2 h before it starts', async () => {
    const { booking, start } = await confirmedBooking();
    const jobs = await jobsOf(booking.id);
    expect(jobs.map((job) => [job.key, job.status, job.runAt.getTime()])).toEqual([
      [reminderKey(booking.id, '24h'), 'pending', start.getTime() - 24 * HOUR],
      [reminderKey(booking.id, '2h'), 'pending', start.getTime() - 2 * HOUR],
    ]);
  });

  it('rescheduling moves both jobs and cancelling cancels them', async () => {
    const { booking, customer } = await confirmedBooking();
    const moved = new Date(Math.floor(daysFromNow(5).getTime() / 1000) * 1000);
    await ctx.app.db
      .update(bookings)
      .set({ startTime: moved, endTime: new Date(moved.getTime() + HOUR) })
      .where(eq(bookings.id, booking.id));
    ctx.app.events.publish('booking.rescheduled', {
      bookingId: booking.id,
      userId: customer.id,
      storeId: booking.storeId,
      bookingType: 'service',
      status: 'confirmed',
      actor: 'customer',
      at: new Date(),
    });
    await ctx.app.events.drain();
    const jobs = await jobsOf(booking.id);
    expect(jobs.map((job) => job.runAt.getTime())).toEqual([
      moved.getTime() - 24 * HOUR,
      moved.getTime() - 2 * HOUR,
    ]);
    const cancel = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/cancel`, {
      token: await ctx.customerToken(customer.id),
      body: { reason: 'Plans changed' },
    });
    expect(cancel.statusCode).toBe(200);
    await ctx.app.events.drain();
    expect((await jobsOf(booking.id)).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
    await ctx.app.bookingReminders.runOnce(new Date(moved.getTime()));
    expect(await remindersOf(customer.id)).toHaveLength(0);
  });

  it('a booking inside 24 hours only gets the 2 h reminder', async () => {
    const { booking } = await confirmedBooking({ startInMs: 5 * HOUR });
    const jobs = await jobsOf(booking.id);
    expect(jobs.map((job) => job.key)).toEqual([reminderKey(booking.id, '2h')]);
  });
});

describe('sending reminders', () => {
  // Other tests' reminders are due at the same made-up times: each test here sees only its own.
  beforeEach(async () => {
    await ctx.app.db
      .update(notificationJobs)
      .set({ status: 'cancelled' })
      .where(eq(notificationJobs.status, 'pending'));
  });

  it('sends the 24 h reminder once as a booking_reminder notification and an SMS, then the 2 h one', async () => {
    const { booking, customer, phone, start } = await confirmedBooking();
    expect(await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 25 * HOUR))).toBe(0);
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 2000));
    const first = await remindersOf(customer.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'Booking tomorrow',
      priority: 'high',
      actionUrl: `/booking-details/${booking.id}`,
    });
    expect(first[0]!.message).toMatch(
      /^Reminder: Facial at Glow Spa on \d{1,2} \w{3} \d{4} at \d{2}:\d{2}\.$/,
    );
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(
      /^D3 Deals reminder: Facial at Glow Spa on .+ Please arrive 10 minutes early\.$/,
    );
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 2 * HOUR + 1000));
    const both = await remindersOf(customer.id);
    expect(both.map((n) => n.title).sort()).toEqual(['Booking tomorrow', 'Your booking starts in 2 hours']);
    expect(await smsTo(phone)).toHaveLength(2);
  });

  it('sends no SMS when the customer turned SMS alerts off (the notification still arrives)', async () => {
    const { customer, phone, start } = await confirmedBooking({ sms: false });
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    expect(await remindersOf(customer.id)).toHaveLength(1);
    expect(await smsTo(phone)).toHaveLength(0);
  });

  it('two workers claiming concurrently send each reminder exactly once', async () => {
    const { booking, customer, phone, start } = await confirmedBooking();
    const worker = () =>
      new BookingReminders({
        db: ctx.app.db,
        service: ctx.app.notifications,
        sms: new OutboxSender(ctx.app.db, 'sms'),
        log: ctx.app.log,
      });
    const a = worker();
    const b = worker();
    const at = new Date(start.getTime() - 2 * HOUR + 1000);
    const sent = await Promise.all([a.runOnce(at), b.runOnce(at), a.runOnce(at), b.runOnce(at)]);
    // Both reminders are due at `at`; however the claims interleave, each goes out once.
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(await remindersOf(customer.id)).toHaveLength(2);
    expect(await smsTo(phone)).toHaveLength(2);
    expect((await jobsOf(booking.id)).map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('a job whose booking moved after it was claimed sends nothing (stale start time)', async () => {
    const { booking, customer, start } = await confirmedBooking();
    const moved = new Date(start.getTime() + 3 * HOUR);
    await ctx.app.db
      .update(bookings)
      .set({ startTime: moved, endTime: new Date(moved.getTime() + HOUR) })
      .where(eq(bookings.id, booking.id));
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    expect(await remindersOf(customer.id)).toHaveLength(0);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two API processes on one PostgreSQL', () => {
  it('a reminder that falls due while both poll is sent once, by one of them', async () => {
    // Process B: its own app and its own connection pool on the same database, as a second process has.
    const databaseB = await openDatabase({
      databaseUrl: ctx.databaseUrl,
      dataDir: ctx.config.dataDir,
      poolSize: 5,
    });
    const b = await buildApp({ config: ctx.config, database: databaseB });
    try {
      await b.ready();
      // Its 2 h reminder falls due 1.5-2.5 s from now (the 24 h one is already past: never sent).
      const { booking, customer, phone, start } = await confirmedBooking({ startInMs: 2 * HOUR + 2500 });
      expect((await jobsOf(booking.id)).map((job) => job.status)).toEqual(['pending']);
      const until = start.getTime() - 2 * HOUR + 2000;
      const poll = async (reminders: BookingReminders) => {
        let sent = 0;
        while (Date.now() < until) {
          sent += await reminders.runOnce();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return sent;
      };
      const [byA, byB] = await Promise.all([poll(ctx.app.bookingReminders), poll(b.bookingReminders)]);
      expect(byA + byB).toBe(1);
      expect((await remindersOf(customer.id)).map((n) => n.title)).toEqual([
        'Your booking starts in 2 hours',
      ]);
      expect(await smsTo(phone)).toHaveLength(1);
      expect((await jobsOf(booking.id)).map((job) => [job.status, job.attempts])).toEqual([['done', 1]]);
    } finally {
      await b.close();
      await databaseB.close();
    }
  });
});
