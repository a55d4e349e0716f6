import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bookings } from './bookings.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';

// Owned by the payments module (moved from bookings.ts in issue 17; the table is unchanged).

/**
 * An M-Pesa STK push for a booking's access fee. Amounts are whole shillings (M-Pesa takes no
 * cents). `checkoutRequestId` and `mpesaReceiptNumber` are unique so a repeated callback can
 * never record a second payment; `idempotencyKey` is unique per user so a repeated request
 * replays the first answer instead of pushing twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id, 'restrict'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'booking_access_fee' */
    type: text('type').notNull().default('booking_access_fee'),
    method: text('method').notNull().default('mpesa'),
    currency: text('currency').notNull().default('KES'),
    amount: integer('amount').notNull(),
    /** 2547XXXXXXXX / 2541XXXXXXXX; blanked on account erasure. */
    phoneNumber: text('phone_number'),
    /** 'pending' | 'completed' | 'failed' */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    mpesaReceiptNumber: text('mpesa_receipt_number'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** Amount the callback reported (may differ from `amount`: then the payment is not paid). */
    paidAmount: integer('paid_amount'),
    callbackReceivedAt: timestampTz('callback_received_at'),
    completedAt: timestampTz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_checkout_request_key').on(t.checkoutRequestId),
    uniqueIndex('payments_receipt_key').on(t.mpesaReceiptNumber),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);
