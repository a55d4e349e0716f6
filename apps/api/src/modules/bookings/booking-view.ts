import {
  accessFeeOutcome,
  canCancelBooking,
  cancelDeadline,
  canRescheduleBooking,
  checkInOpensAt,
  voucherCode,
} from '@d3/shared/bookings/booking-policies';
import type {
  TBooking,
  TBookingStatus,
  TBookingType,
  TSplitStatus,
} from '@d3/shared/bookings/booking-schemas';
import { nairobiDateKey, nairobiTime, toNairobiIso } from '@d3/shared/bookings/slot-rules';
import { mainBranchId } from '@d3/shared/catalogue/branch-rules';
import { discountedPrice, mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readShared } from '../../db/fresh-batch.js';
import { runPlaceheld } from '../../db/prepared.js';
import { bookings } from '../../db/schema/bookings.js';
import { locations } from '../../db/schema/locations.js';
import { offers } from '../../db/schema/offers.js';
import { paymentSplits, payments, refunds } from '../../db/schema/payments.js';
import { serviceRequestQuotes, serviceRequests } from '../../db/schema/service-requests.js';
import { services } from '../../db/schema/services.js';
import { branches, staff, stores } from '../../db/schema/stores.js';

/** A query runs on the pool or inside a transaction alike. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const bookingViewColumns = {
  booking: bookings,
  storeName: stores.name,
  storeLogoUrl: stores.logoUrl,
  storePhone: stores.phoneNumber,
  storeEmail: stores.primaryEmail,
  storeMerchantId: stores.merchantId,
  storeLocation: locations.name,
  branchName: branches.name,
  branchAddress: branches.address,
  branchPhone: branches.phone,
  branchLatitude: branches.latitude,
  branchLongitude: branches.longitude,
  storeLatitude: stores.latitude,
  storeLongitude: stores.longitude,
  staffName: staff.name,
  staffRole: staff.role,
  offerTitle: offers.title,
  offerDiscount: offers.discount,
  offerOriginalPrice: offers.originalPrice,
  offerImageUrl: offers.imageUrl,
  serviceName: services.name,
  servicePrice: services.price,
  serviceDuration: services.duration,
  serviceImageUrl: services.imageUrl,
  serviceType: services.type,
  serviceMinCancellationHours: services.minCancellationHours,
  /** The early check-in window of the booking's service (or of the offer's service); null: none. */
  earlyCheckinMinutes: sql<number | null>`(
    select case when s.allow_early_checkin then s.early_checkin_minutes else 0 end
    from ${services} s where s.id = coalesce(${bookings.serviceId}, ${offers.serviceId}))`,
  /** A 'quote' booking's quote: the request's title, the quoted price (issue 12). */
  quote: sql<{ title: string; price: number | string } | null>`(
    select json_build_object('title', r.title, 'price', q.quoted_price)
    from ${serviceRequestQuotes} q join ${serviceRequests} r on r.id = q.request_id
    where q.id = ${bookings.quoteId})`,
  payment: sql<{
    id: string;
    amount: number;
    method: string;
    status: string;
    mpesaReceiptNumber: string | null;
  } | null>`(
    select json_build_object('id', p.id, 'amount', p.amount, 'method', p.method,
      'status', case when p.status = 'pending' and p.checking_since is not null then 'checking' else p.status end,
      'mpesaReceiptNumber', p.mpesa_receipt_number)
    from ${payments} p where p.booking_id = ${bookings.id}
    order by p.created_at desc, p.id desc limit 1)`,
  /** The refund of the customer's own payment (issue 34): what the booking page says of it. */
  refund: sql<{
    status: string;
    amount: number;
    receipt: string | null;
    supportReference: string | null;
  } | null>`(
    select json_build_object('status', r.status, 'amount', r.amount, 'receipt', r.receipt,
      'supportReference', r.support_reference)
    from ${refunds} r where r.booking_id = ${bookings.id} and r.user_id is not distinct from ${bookings.userId}
    order by r.created_at desc, r.id desc limit 1)`,
  /** The split of its access fee between friends, if any (issue 34). */
  split: sql<{ id: string; status: string } | null>`(
    select json_build_object('id', s.id, 'status', s.status)
    from ${paymentSplits} s where s.booking_id = ${bookings.id})`,
};

export type BookingViewRow = {
  booking: typeof bookings.$inferSelect;
  storeName: string;
  storeLogoUrl: string | null;
  storePhone: string | null;
  storeEmail: string | null;
  storeMerchantId: string;
  storeLocation: string | null;
  branchName: string | null;
  branchAddress: string | null;
  branchPhone: string | null;
  branchLatitude: number | null;
  branchLongitude: number | null;
  storeLatitude: number | null;
  storeLongitude: number | null;
  staffName: string | null;
  staffRole: string | null;
  offerTitle: string | null;
  offerDiscount: string | null;
  offerOriginalPrice: string | null;
  offerImageUrl: string | null;
  serviceName: string | null;
  servicePrice: string | null;
  serviceDuration: number | null;
  serviceImageUrl: string | null;
  serviceType: string | null;
  serviceMinCancellationHours: number | null;
  earlyCheckinMinutes: number | null;
  quote: { title: string; price: number | string } | null;
  payment: {
    id: string;
    amount: number;
    method: string;
    status: string;
    mpesaReceiptNumber: string | null;
  } | null;
  refund: { status: string; amount: number; receipt: string | null; supportReference: string | null } | null;
  split: { id: string; status: string } | null;
};

/** The joined select every booking read starts from; add `where`, order and paging. */
export function selectBookingViews(db: Executor) {
  return db
    .select(bookingViewColumns)
    .from(bookings)
    .innerJoin(stores, eq(stores.id, bookings.storeId))
    .leftJoin(locations, eq(locations.id, stores.locationId))
    .leftJoin(branches, eq(branches.id, bookings.branchId))
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .leftJoin(offers, eq(offers.id, bookings.offerId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .$dynamic();
}

/** PostgreSQL may hand an integer subselect back as text. */
function toMinutes(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** The branch's map pin, else the store's; null when neither has one (issue 15 Directions). */
function mapPinOf(row: BookingViewRow): { lat: number; lng: number } | null {
  const pick = (lat: number | null, lng: number | null) =>
    lat !== null && lng !== null && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))
      ? { lat: Number(lat), lng: Number(lng) }
      : null;
  return pick(row.branchLatitude, row.branchLongitude) ?? pick(row.storeLatitude, row.storeLongitude);
}

/** A booking row with its joins -> the Booking every answer carries (docs/bookings-api.md). */
export function mapBookingView(row: BookingViewRow, now: Date): TBooking {
  const b = row.booking;
  const fee = Number(b.accessFee);
  const policy = {
    status: b.status,
    startTime: b.startTime,
    bookingType: b.bookingType,
    minCancellationHours: row.serviceMinCancellationHours,
    partySize: b.partySize,
  };
  const originalPrice = row.offerOriginalPrice === null ? null : Number(row.offerOriginalPrice);
  const start = toNairobiIso(b.startTime);
  return {
    id: b.id,
    status: b.status as TBookingStatus,
    bookingType: b.bookingType as TBookingType,
    isOfferBooking: b.bookingType === 'offer',
    startTime: start,
    start_time: start,
    endTime: toNairobiIso(b.endTime),
    date: nairobiDateKey(b.startTime),
    time: nairobiTime(b.startTime),
    accessFee: fee,
    accessFeeAmount: mpesaAmount(fee),
    accessFeePaid: b.accessFeePaid,
    holdExpiresAt: b.holdExpiresAt ? toNairobiIso(b.holdExpiresAt) : null,
    notes: b.notes,
    specialRequests: b.specialRequests,
    cancelReason: b.cancelReason,
    refundRequested: b.refundRequested,
    accessFeeOutcome: accessFeeOutcome({ status: b.status, accessFee: fee, accessFeePaid: b.accessFeePaid }),
    clientInfo: { name: b.clientName, email: b.clientEmail, phone: b.clientPhone },
    offerId: b.offerId,
    serviceId: b.serviceId,
    quoteId: b.quoteId,
    storeId: b.storeId,
    branchId: b.branchId ?? mainBranchId(b.storeId),
    staffId: b.staffId,
    Staff:
      b.staffId && row.staffName !== null
        ? { id: b.staffId, name: row.staffName, role: row.staffRole ?? '' }
        : null,
    Branch:
      b.branchId && row.branchName !== null
        ? { id: b.branchId, name: row.branchName, address: row.branchAddress ?? '', phone: row.branchPhone }
        : {
            id: mainBranchId(b.storeId),
            name: row.storeName,
            address: row.storeLocation ?? '',
            phone: row.storePhone,
          },
    Offer:
      b.offerId && row.offerTitle !== null
        ? {
            id: b.offerId,
            title: row.offerTitle,
            discount: Number(row.offerDiscount ?? 0),
            originalPrice,
            discountedPrice:
              originalPrice === null ? null : discountedPrice(originalPrice, row.offerDiscount),
            imageUrl: row.offerImageUrl,
          }
        : null,
    Service:
      b.serviceId && row.serviceName !== null
        ? {
            id: b.serviceId,
            name: row.serviceName,
            price: row.servicePrice === null ? null : Number(row.servicePrice),
            duration: row.serviceDuration ?? 60,
            imageUrl: row.serviceImageUrl,
            type: row.serviceType ?? 'fixed',
          }
        : b.quoteId && row.quote
          ? {
              // A quote booking shows as the requested service at the quoted price (docs/decisions.md).
              id: b.quoteId,
              name: row.quote.title,
              price: Number(row.quote.price),
              duration: Math.round((b.endTime.getTime() - b.startTime.getTime()) / 60_000),
              imageUrl: null,
              type: 'quote',
            }
          : null,
    Store: {
      id: b.storeId,
      name: row.storeName,
      logoUrl: row.storeLogoUrl,
      phoneNumber: row.storePhone,
      primaryEmail: row.storeEmail,
      location: row.storeLocation,
    },
    Payment: row.payment
      ? {
          id: row.payment.id,
          amount: Number(row.payment.amount),
          method: row.payment.method,
          status: row.payment.status,
          mpesaReceiptNumber: row.payment.mpesaReceiptNumber,
        }
      : null,
    partySize: b.partySize,
    Refund: row.refund
      ? {
          status: refundStatus(row.refund.status),
          amount: Number(row.refund.amount),
          receipt: row.refund.receipt,
          supportReference: row.refund.supportReference,
        }
      : null,
    Split: row.split ? { id: row.split.id, status: row.split.status as TSplitStatus } : null,
    voucherCode: voucherCode(b.id),
    mapPin: mapPinOf(row),
    canCancel: canCancelBooking(policy, now),
    cancelBy: toNairobiIso(cancelDeadline(policy)),
    // A quote booking is moved by cancelling and booking the provider again.
    canReschedule: b.bookingType !== 'quote' && canRescheduleBooking(policy, now),
    checkInOpensAt: toNairobiIso(checkInOpensAt(b.startTime, toMinutes(row.earlyCheckinMinutes))),
    createdAt: toNairobiIso(b.createdAt),
    updatedAt: toNairobiIso(b.updatedAt),
  };
}

/**
 * Bookings as answers carry them, in the order of `ids` (unknown ids skipped). On the database
 * handle, the views asked at the same moment share one statement (db/fresh-batch.ts `readShared`).
 */
export async function bookingViews(
  db: Executor,
  ids: readonly string[],
  now = new Date(),
): Promise<TBooking[]> {
  const rows = await readShared(
    db,
    'booking_views',
    ids,
    (on, uuids) =>
      runPlaceheld(
        on,
        'booking_views_by_id',
        (q) =>
          selectBookingViews(q)
            .where(sql`${bookings.id} = any(${sql.placeholder('ids')}::uuid[])`)
            .orderBy(desc(bookings.startTime)),
        { ids: uuids },
      ) as Promise<BookingViewRow[]>,
    (row) => row.booking.id,
  );
  return rows.flatMap(([row]) => (row ? [mapBookingView(row, now)] : []));
}

/** The refund as the customer sees it: on its way (pending or processing), refunded, or with support. */
function refundStatus(status: string): 'pending' | 'completed' | 'failed' {
  return status === 'completed' || status === 'failed' ? status : 'pending';
}
