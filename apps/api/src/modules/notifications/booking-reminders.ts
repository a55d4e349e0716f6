import type { Locale } from '@d3/shared/i18n/locale';
import { bookingWhenText, notificationText, smsText } from '@d3/shared/i18n/server-texts';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { Db } from '../../db/client.js';
import type { BookingEventPayload, EventBus } from '../../events/event-bus.js';
import {
  cancelJobsByKey,
  cancelJobsOfBookings,
  claimJobs,
  type JobInput,
  JobPoller,
  type JobRow,
  retryJob,
  scheduleJobs,
} from '../../jobs/job-queue.js';
import { customerVerifiedPhone, recipientLocales } from '../accounts/accounts-service.js';
import { bookingForNotification, bookingsForNotification } from '../bookings/bookings-service.js';
import { type CustomerMessenger, smsOnly } from './customer-messages.js';
import { batched, bookingWhat } from './notification-producers.js';
import type { NotificationsContext } from './notifications-service.js';
import { notify, settingsOf } from './notifications-service.js';

/** Reminders go out 24 h and 2 h before a confirmed booking starts. */
export const REMINDER_OFFSETS = [
  { label: '24h', ms: 24 * 60 * 60_000 },
  { label: '2h', ms: 2 * 60 * 60_000 },
] as const;
export const REMINDER_POLL_MS = 30_000;
const BATCH = 20;
const MAX_ATTEMPTS = 3;
const RETRY_MS = 5 * 60_000;

const KIND = 'booking_reminder';

export const reminderKey = (bookingId: string, label: string) => `${KIND}:${bookingId}:${label}`;

export interface ReminderDependencies {
  db: Db;
  service: NotificationsContext;
  sms: MessageSender;
  /** WhatsApp for the customers who opted in, SMS for the others (issue 36); default SMS only. */
  messenger?: CustomerMessenger;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  intervalMs?: number;
}

/**
 * Booking reminders as durable jobs (jobs/job-queue.ts). Booking events schedule, move and cancel
 * them; any number of workers (API processes) poll, and each due job is claimed by exactly one:
 * the claim selects due rows FOR UPDATE SKIP LOCKED and marks them done in the same transaction,
 * so a second worker skips them while locked and sees them done afterwards. A failed send puts
 * the job back (up to 3 attempts, 5 minutes apart).
 */
export class BookingReminders {
  readonly #deps: ReminderDependencies;
  readonly #poller: JobPoller;

  constructor(deps: ReminderDependencies) {
    this.#deps = deps;
    this.#poller = new JobPoller(
      'booking reminder',
      deps.intervalMs ?? REMINDER_POLL_MS,
      () => this.runOnce(),
      deps.log,
    );
  }

  subscribe(bus: EventBus): void {
    // Batched like the notifications (issue 16): a rush of confirmations is one read of the
    // bookings and one upsert of their jobs, not three statements each.
    const schedule = batched((payloads: BookingEventPayload[]) => this.scheduleMany(payloads));
    // Not on 'booking.created': a booking has reminders once confirmed, and every confirmation —
    // the auto-confirmed create included — publishes 'booking.confirmed' (it ran twice per create).
    bus.on('booking.confirmed', schedule);
    bus.on('booking.rescheduled', schedule);
    for (const name of ['booking.cancelled', 'booking.completed', 'booking.checked_in'] as const) {
      bus.on(name, (payload) => this.cancel(payload.bookingId));
    }
  }

  /**
   * (Re)schedules both reminders of each confirmed booking at its current start, read now (so the
   * order events arrive in does not matter); cancels them for a booking no longer confirmed.
   */
  async scheduleMany(
    items: ReadonlyArray<{ bookingId: string; userId: string | null }>,
    now = new Date(),
  ): Promise<void> {
    // One entry per booking (confirmed and rescheduled may arrive together): the last one's customer.
    const userOf = new Map(items.map((item) => [item.bookingId, item.userId]));
    const found = new Map(
      (await bookingsForNotification(this.#deps.db, [...userOf.keys()], now)).map((b) => [b.id, b]),
    );
    const unscheduled: string[] = [];
    const tooLate: string[] = [];
    const jobs: JobInput[] = [];
    for (const [bookingId, userId] of userOf) {
      const booking = found.get(bookingId);
      if (!booking || !userId || booking.status !== 'confirmed' || !booking.startTime) {
        unscheduled.push(bookingId);
        continue;
      }
      const start = new Date(booking.startTime).getTime();
      for (const offset of REMINDER_OFFSETS) {
        const runAt = new Date(start - offset.ms);
        const key = reminderKey(bookingId, offset.label);
        // Too late for this one (booked or moved inside the window): never send it.
        if (runAt.getTime() <= now.getTime()) tooLate.push(key);
        else
          jobs.push({
            key,
            kind: KIND,
            bookingId,
            runAt,
            payload: { offset: offset.label, startTime: booking.startTime, userId },
          });
      }
    }
    await cancelJobsOfBookings(this.#deps.db, KIND, unscheduled);
    await cancelJobsByKey(this.#deps.db, tooLate);
    await scheduleJobs(this.#deps.db, jobs);
  }

  async cancel(bookingId: string): Promise<void> {
    await cancelJobsOfBookings(this.#deps.db, KIND, [bookingId]);
  }

  /** Claims and sends every due reminder; returns how many this worker sent. */
  async runOnce(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await claimJobs(this.#deps.db, { kinds: [KIND], now, limit: BATCH });
      for (const job of claimed) {
        try {
          if (await this.#send(job, now)) sent += 1;
        } catch (error) {
          await this.#retry(job, error, now);
        }
      }
      if (claimed.length < BATCH) return sent;
    }
  }

  async #retry(job: JobRow, error: unknown, now: Date): Promise<void> {
    this.#deps.log.warn({ err: error, jobId: job.id }, 'booking reminder failed');
    const failed = job.attempts >= MAX_ATTEMPTS;
    await retryJob(this.#deps.db, job, failed ? undefined : new Date(now.getTime() + RETRY_MS), error);
  }

  /** Sends one claimed reminder unless the booking moved, was cancelled or has no customer. */
  async #send(job: JobRow, now: Date): Promise<boolean> {
    if (!job.bookingId) return false;
    const booking = await bookingForNotification(this.#deps.db, job.bookingId, now);
    const userId = typeof job.payload.userId === 'string' ? job.payload.userId : null;
    if (booking?.status !== 'confirmed' || !userId) return false;
    if (booking.startTime !== job.payload.startTime) return false;
    const soon = job.payload.offset === '2h';
    const { service } = this.#deps;
    const values = (locale: Locale) => ({
      what: bookingWhat(booking, locale),
      store: booking.Store.name,
      when: bookingWhenText(booking.startTime, locale),
    });
    await notify(service, {
      userId: userId,
      type: 'booking_reminder',
      title: (locale) => notificationText(locale, soon ? 'reminderSoonTitle' : 'reminderTomorrowTitle'),
      message: (locale) => notificationText(locale, 'reminder', values(locale)),
      actionUrl: `/booking-details/${booking.id}`,
      priority: soon ? 'urgent' : 'high',
      storeId: booking.storeId,
      sender: booking.Store.name,
      data: {
        bookingId: booking.id,
        storeId: booking.storeId,
        storeName: booking.Store.name,
        startTime: booking.startTime,
        offset: job.payload.offset,
      },
    });
    // By WhatsApp to a customer who opted in (issue 36), else by SMS unless SMS alerts are off.
    const settings = await settingsOf(service, { role: 'customer', id: userId });
    const phone = await customerVerifiedPhone(this.#deps.db, userId);
    if (phone) {
      const locale = (await recipientLocales(this.#deps.db, [{ role: 'customer', id: userId }]))({
        role: 'customer',
        id: userId,
      });
      const messenger = this.#deps.messenger ?? smsOnly(this.#deps.sms);
      await messenger.send({
        userId,
        phone,
        phoneIsVerified: true,
        locale,
        template: 'booking_reminder',
        values: values(locale),
        sms: smsText(locale, 'bookingReminder', values(locale)),
        smsWithoutWhatsApp: settings?.smsAlerts ?? true,
      });
    }
    return true;
  }

  start(): void {
    this.#poller.start();
  }

  async stop(): Promise<void> {
    await this.#poller.stop();
  }
}
