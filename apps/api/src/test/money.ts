import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MpesaSimulator } from '../adapters/mpesa/mpesa-simulator.js';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { bookings } from '../db/schema/bookings.js';
import { mpesaRequests, payments, refunds } from '../db/schema/payments.js';
import { outbox } from '../db/schema/support.js';
import { type ApiTestApp, call } from './build-app.js';
import { daysFromNow } from './factories.js';

/**
 * What the money tests share (issue 34): a booking paid through the simulator, the rows to read
 * back, and a second API process on the same database that talks to the same (simulated) Daraja.
 * Imported by tests only.
 */

const MINUTE = 60_000;
let phones = 0;

/** A Kenyan mobile number no other test of this process uses. */
export function freshPhone(): string {
  phones += 1;
  return `07${String(10_000_000 + ((process.pid * 1000 + phones) % 89_999_999)).padStart(8, '0')}`;
}

/** 07… → 2547… (how payments store the number). */
export const msisdn = (phone: string) => `254${phone.slice(1)}`;

export interface PaidBooking {
  user: { id: string };
  token: string;
  bookingId: string;
  paymentId: string;
  receipt: string;
  phone: string;
  amount: number;
}

/** An unpaid offer booking two days ahead holding its slot (fee KES 22.50, inserted directly). */
export async function unpaidOfferBooking(
  test: Pick<ApiTestApp, 'app' | 'createOffer'>,
  userId: string,
  overrides: Partial<typeof bookings.$inferInsert> = {},
) {
  const offer = await test.createOffer();
  const startTime = daysFromNow(2);
  const [booking] = await test.app.db
    .insert(bookings)
    .values({
      userId,
      storeId: offer.storeId,
      offerId: offer.id,
      bookingType: 'offer',
      status: 'pending',
      startTime,
      endTime: new Date(startTime.getTime() + 60 * MINUTE),
      accessFee: '22.50',
      holdExpiresAt: new Date(Date.now() + 10 * MINUTE),
      ...overrides,
    })
    .returning();
  return booking!;
}

/**
 * An offer booking two days ahead (inserted), its access fee pushed through the API and approved by
 * the simulated customer: the callback completes the payment and confirms the booking.
 */
export async function paidBooking(
  test: ApiTestApp,
  simulator: MpesaSimulator,
  options: { accessFee?: string; phone?: string; customer?: { user: { id: string }; token: string } } = {},
): Promise<PaidBooking> {
  const { user, token } = options.customer ?? (await test.customer());
  const booking = await unpaidOfferBooking(
    test,
    user.id,
    options.accessFee ? { accessFee: options.accessFee } : {},
  );
  const phone = options.phone ?? freshPhone();
  const pushed = await call(test.app, 'POST', '/api/v1/payments/mpesa', {
    token,
    body: { phoneNumber: phone, bookingId: booking.id },
  });
  expect(pushed.statusCode, pushed.body).toBe(201);
  const { payment } = pushed.json() as { payment: { id: string; checkoutRequestId: string; amount: number } };
  const { callbackStatus, push } = await simulator.approve(payment.checkoutRequestId);
  expect(callbackStatus).toBe(200);
  expect((await paymentOf(test.app, payment.id)).status).toBe('completed');
  return {
    user,
    token,
    bookingId: booking.id,
    paymentId: payment.id,
    receipt: push.mpesaReceiptNumber!,
    phone,
    amount: payment.amount,
  };
}

/** The customer cancels (two days ahead: inside the window, the whole fee comes back). */
export async function cancel(test: ApiTestApp, paid: Pick<PaidBooking, 'token' | 'bookingId'>) {
  const response = await call(test.app, 'PUT', `/api/v1/bookings/${paid.bookingId}/cancel`, {
    token: paid.token,
    body: { reason: 'Plans changed' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().booking as { accessFeeOutcome: string; Refund?: unknown };
}

export async function paymentOf(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

export async function refundOf(app: FastifyInstance, paymentId: string) {
  const [row] = await app.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return row;
}

export async function requestsOf(app: FastifyInstance, refundId: string) {
  return app.db
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.refundId, refundId))
    .orderBy(mpesaRequests.createdAt);
}

/** SMS the simulated SMS provider "sent" to this number (07… or 2547…). */
export async function smsTo(app: FastifyInstance, phone: string) {
  const to = phone.startsWith('0') ? `+254${phone.slice(1)}` : `+${phone}`;
  return app.db.select().from(outbox).where(eq(outbox.to, to));
}

/**
 * The simulator's request of this kind still unanswered, about this receipt or OriginatorConversationID
 * when given (the only one, or the test fails).
 */
export function openOrgRequest(simulator: MpesaSimulator, kind: 'reversal' | 'status', about?: string) {
  const open = [...simulator.orgRequests.values()].filter(
    (request) =>
      request.kind === kind &&
      request.resultCode === undefined &&
      (about === undefined || request.transactionId === about || request.originalConversationId === about),
  );
  expect(open, `open ${kind} requests`).toHaveLength(1);
  return open[0]!;
}

/** The simulator's B2C payout still unanswered, to this 2547… number when given (the only one, or the test fails). */
export function openPayout(simulator: MpesaSimulator, to?: string) {
  const open = [...simulator.payouts.values()].filter(
    (payout) => payout.resultCode === undefined && (to === undefined || payout.phoneNumber === to),
  );
  expect(open, 'open payouts').toHaveLength(1);
  return open[0]!;
}

/**
 * A second API process on the test's database (its own pool on PostgreSQL; the same PGlite, which
 * lives in this process), listening on its own port. It talks to the first app's Daraja (one
 * simulator, as there is one Safaricom), and Daraja posts the results of its requests back to it.
 */
export async function secondProcess(
  test: ApiTestApp,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  let database: Database = test.database;
  let ownDatabase = false;
  if (test.databaseUrl) {
    database = await openDatabase({
      databaseUrl: test.databaseUrl,
      dataDir: test.config.dataDir,
      poolSize: 5,
    });
    ownDatabase = true;
  }
  const app = await buildApp({ config: test.config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.mpesa.simulator?.close();
  app.mpesa.gateway = test.app.mpesa.gateway;
  return {
    app,
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}
