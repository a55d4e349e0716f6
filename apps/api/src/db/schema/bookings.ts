import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, id, requiredRef, timestampTz, updatedAt } from './columns.js';
import { offers } from './offers.js';
import { serviceRequestQuotes } from './service-requests.js';
import { services } from './services.js';
import { branches, staff, stores } from './stores.js';

/**
 * A customer's booking of an offer or a service at one branch of a store.
 *
 * `userId` is set null when the customer erases their account (the booking stays, anonymised,
 * together with the client fields, which the erasure blanks). `branchId` null means the store's
 * synthetic main branch (`store-{storeId}` on the wire) for stores without branches.
 * A booking whose access fee is unpaid holds its slot until `holdExpiresAt` (API-CONTRACT
 * decision 7); capacity counts every booking that is not cancelled.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // restrict: a store with bookings cannot be deleted (a booking is never lost).
    storeId: requiredRef('store_id', () => stores.id, 'restrict'),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    /** The accepted service-request quote a 'quote' booking books (issue 12). */
    quoteId: uuid('quote_id').references(() => serviceRequestQuotes.id, { onDelete: 'set null' }),
    /** 'offer' | 'service' | 'quote' */
    bookingType: text('booking_type').notNull(),
    /** 'pending' | 'confirmed' | 'checked_in' | 'completed' | 'cancelled' */
    status: text('status').notNull().default('pending'),
    startTime: timestampTz('start_time').notNull(),
    endTime: timestampTz('end_time').notNull(),
    /** KES, two decimals (decision 8); 0 for services. */
    accessFee: numeric('access_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    accessFeePaid: boolean('access_fee_paid').notNull().default(false),
    /** Set while an unpaid access fee holds the slot; null once paid, released or not needed. */
    holdExpiresAt: timestampTz('hold_expires_at'),
    notes: text('notes'),
    specialRequests: text('special_requests'),
    cancelReason: text('cancel_reason'),
    refundRequested: boolean('refund_requested').notNull().default(false),
    clientName: text('client_name'),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** Places the booking takes (issue 34: a group whose access fee is split); capacity counts them. */
    partySize: integer('party_size').notNull().default(1),
    confirmedAt: timestampTz('confirmed_at'),
    checkedInAt: timestampTz('checked_in_at'),
    completedAt: timestampTz('completed_at'),
    cancelledAt: timestampTz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_user_start_idx').on(t.userId, t.startTime),
    index('bookings_store_start_idx').on(t.storeId, t.startTime),
    // Capacity checks: live bookings of one branch (or store main branch) around a time.
    index('bookings_capacity_idx')
      .on(t.storeId, t.branchId, t.startTime)
      .where(sql`${t.status} <> 'cancelled'`),
    index('bookings_staff_start_idx').on(t.staffId, t.startTime).where(sql`${t.status} <> 'cancelled'`),
    index('bookings_hold_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
    // One live booking per accepted quote (409 on a second; a cancelled one frees the quote).
    uniqueIndex('bookings_live_quote_key')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null and ${t.status} <> 'cancelled'`),
    check('bookings_type_check', sql`${t.bookingType} in ('offer', 'service', 'quote')`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'checked_in', 'completed', 'cancelled')`,
    ),
    check('bookings_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('bookings_party_size_check', sql`${t.partySize} between 1 and 10`),
  ],
);

/** Booking status history (who changed what, when) for the merchant and support. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id, 'cascade'),
    /** 'created' | 'confirmed' | 'cancelled' | 'completed' | 'rescheduled' | 'checked_in' | 'payment_*' */
    type: text('type').notNull(),
    /** 'customer' | 'merchant' | 'system' */
    actor: text('actor').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);

/**
 * The waitlist of a full slot (issue 36): one row per customer per slot while `waiting` or
 * `offered`. A freed place goes to the first in line (created_at, id) as an `offered` hold of
 * 15 minutes (`offer_expires_at`); the customer books it (`booked`), or it lapses (`expired`) and
 * passes on; a customer may leave (`cancelled`). `slot_key` names the slot: the capacity resource
 * (the service, or an offer without one), the branch ('main' for a store's synthetic branch) and
 * the start. Waits count against a slot's places like bookings do (modules/bookings/waitlist.ts).
 */
export const slotWaits = pgTable(
  'slot_waits',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    /** How the customer books it: 'offer' or 'service', with the matching id. */
    bookingType: text('booking_type').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    /** The capacity resource the slot counts (the service, or the offer itself). */
    resourceId: uuid('resource_id').notNull(),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    startTime: timestampTz('start_time').notNull(),
    endTime: timestampTz('end_time').notNull(),
    slotKey: text('slot_key').notNull(),
    status: text('status').notNull().default('waiting'),
    offeredAt: timestampTz('offered_at'),
    offerExpiresAt: timestampTz('offer_expires_at'),
    bookingId: uuid('booking_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('slot_waits_open_key')
      .on(t.slotKey, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('slot_waits_slot_idx').on(t.slotKey, t.status, t.createdAt),
    index('slot_waits_resource_idx').on(t.resourceId, t.startTime),
    index('slot_waits_user_idx').on(t.userId, t.status),
    check(
      'slot_waits_status_check',
      sql`${t.status} in ('waiting', 'offered', 'booked', 'expired', 'cancelled')`,
    ),
    check('slot_waits_type_check', sql`${t.bookingType} in ('offer', 'service')`),
  ],
);
