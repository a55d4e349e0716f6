import type { TAccessFeeOutcome, TBookingStatus, TBookingType } from './booking-schemas.js';
import { nairobiDateKey, nairobiTime } from './slot-rules.js';

/**
 * What a customer and a merchant may do with a booking (seed 000 §4 "Booking status", seed 001
 * §4, §9 constants). Pure: the API enforces these and the site shows or hides its buttons with them.
 */

/** Minimum notice for a customer's cancellation, in hours (seed 000 §9). */
export const DEFAULT_MIN_CANCELLATION_HOURS = 2;
/** Minimum notice for a reschedule, in hours (seed 000 §9). */
export const RESCHEDULE_NOTICE_HOURS = 1;

const HOUR_MS = 60 * 60 * 1000;

export type PolicyRefusal = 'past' | 'status' | 'notice';
export type PolicyDecision = { allowed: true } | { allowed: false; reason: PolicyRefusal };

export interface PolicyBooking {
  status: TBookingStatus | string;
  startTime: Date | string;
  bookingType: TBookingType | string;
  /** The booked service's `min_cancellation_hours` (service bookings only). */
  minCancellationHours?: number | null | undefined;
  /** Places a group booking holds (issue 34); a group's booking is not moved (its friends paid for that time). */
  partySize?: number | null | undefined;
}

function startOf(booking: PolicyBooking): number {
  return booking.startTime instanceof Date ? booking.startTime.getTime() : Date.parse(booking.startTime);
}

/**
 * The notice a cancellation needs: a service booking uses its service's `min_cancellation_hours`
 * (when set and not negative); an offer booking always uses the 2 h default.
 */
export function minCancellationHours(
  booking: Pick<PolicyBooking, 'bookingType' | 'minCancellationHours'>,
): number {
  const own = booking.minCancellationHours;
  if (booking.bookingType === 'service' && typeof own === 'number' && Number.isFinite(own) && own >= 0) {
    return own;
  }
  return DEFAULT_MIN_CANCELLATION_HOURS;
}

/**
 * Cancel is allowed for a future booking, pending or confirmed, with at least the minimum notice
 * left (exactly the minimum counts as enough).
 */
export function cancelPolicy(booking: PolicyBooking, now: Date): PolicyDecision {
  const start = startOf(booking);
  if (!(start > now.getTime())) return { allowed: false, reason: 'past' };
  if (booking.status !== 'pending' && booking.status !== 'confirmed')
    return { allowed: false, reason: 'status' };
  if (start - now.getTime() < minCancellationHours(booking) * HOUR_MS)
    return { allowed: false, reason: 'notice' };
  return { allowed: true };
}

/**
 * Reschedule is allowed for a future booking, pending or confirmed (not checked in, cancelled or
 * completed), with at least 1 hour left before it starts.
 */
export function reschedulePolicy(booking: PolicyBooking, now: Date): PolicyDecision {
  const start = startOf(booking);
  if (!(start > now.getTime())) return { allowed: false, reason: 'past' };
  if ((booking.partySize ?? 1) > 1) return { allowed: false, reason: 'status' };
  if (booking.status !== 'pending' && booking.status !== 'confirmed')
    return { allowed: false, reason: 'status' };
  if (start - now.getTime() < RESCHEDULE_NOTICE_HOURS * HOUR_MS) return { allowed: false, reason: 'notice' };
  return { allowed: true };
}

export const canCancelBooking = (booking: PolicyBooking, now: Date) => cancelPolicy(booking, now).allowed;
export const canRescheduleBooking = (booking: PolicyBooking, now: Date) =>
  reschedulePolicy(booking, now).allowed;

/** "Upcoming" on My Bookings: starts in the future and is pending, confirmed or checked in. */
export function isUpcomingBooking(booking: Pick<PolicyBooking, 'status' | 'startTime'>, now: Date): boolean {
  return (
    startOf(booking as PolicyBooking) > now.getTime() &&
    (booking.status === 'pending' || booking.status === 'confirmed' || booking.status === 'checked_in')
  );
}

/**
 * The status changes a merchant may make. Nothing leaves `cancelled` or `completed`;
 * `checked_in` only from `confirmed`; `completed` from `confirmed` or `checked_in`.
 */
const MERCHANT_TRANSITIONS: Record<TBookingStatus, readonly TBookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['checked_in', 'completed', 'cancelled'],
  checked_in: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/**
 * What a request that may name an offer, a service or both books (the seed's slot and create paths
 * without a kind in the path): both named -> its `bookingType` (default the offer); else the one named.
 */
export function bookingTypeOf(ids: {
  offerId?: string | undefined;
  serviceId?: string | undefined;
  bookingType?: 'offer' | 'service' | undefined;
}): 'offer' | 'service' {
  if (ids.offerId && ids.serviceId) return ids.bookingType ?? 'offer';
  return ids.offerId ? 'offer' : 'service';
}

export type TransitionDecision = { allowed: true } | { allowed: false; message: string };

const STATUS_LABELS: Record<TBookingStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  checked_in: 'checked in',
  completed: 'completed',
  cancelled: 'cancelled',
};

export function merchantTransition(from: TBookingStatus, to: TBookingStatus): TransitionDecision {
  if (from === to) return { allowed: false, message: `Booking is already ${STATUS_LABELS[to]}` };
  if (MERCHANT_TRANSITIONS[from].includes(to)) return { allowed: true };
  if (from === 'cancelled' || from === 'completed') {
    return { allowed: false, message: `A ${STATUS_LABELS[from]} booking cannot be changed` };
  }
  return {
    allowed: false,
    message: `A ${STATUS_LABELS[from]} booking cannot be marked ${STATUS_LABELS[to]}`,
  };
}

/** The statuses a merchant can move a booking to next (for the merchant site's buttons). */
export function nextMerchantStatuses(from: TBookingStatus): readonly TBookingStatus[] {
  return MERCHANT_TRANSITIONS[from];
}

// ---------------------------------------------------------------------------------------------
// Check-in / completion time rule (issue 13)
// ---------------------------------------------------------------------------------------------

/** Early check-in window when the booking has no service (or the service sets none). */
export const DEFAULT_EARLY_CHECKIN_MINUTES = 15;

/**
 * The earliest moment a booking may be checked in or completed: its start minus the service's
 * early check-in window (0 when the service does not allow early check-in).
 */
export function checkInOpensAt(startTime: Date, earlyMinutes: number | null | undefined): Date {
  const minutes =
    earlyMinutes === null || earlyMinutes === undefined || !Number.isFinite(earlyMinutes)
      ? DEFAULT_EARLY_CHECKIN_MINUTES
      : Math.max(0, Math.trunc(earlyMinutes));
  return new Date(startTime.getTime() - minutes * 60_000);
}

/**
 * A booking cannot be checked in or completed before `checkInOpensAt` (server-side rule; the
 * merchant site hides the buttons until then). Other transitions have no time rule here.
 */
export function merchantTimeRule(
  to: TBookingStatus,
  startTime: Date,
  earlyMinutes: number | null | undefined,
  now: Date,
): TransitionDecision {
  if (to !== 'checked_in' && to !== 'completed') return { allowed: true };
  const opens = checkInOpensAt(startTime, earlyMinutes);
  if (now.getTime() >= opens.getTime()) return { allowed: true };
  const action = to === 'checked_in' ? 'checked in' : 'completed';
  return {
    allowed: false,
    message: `This booking starts at ${nairobiTime(startTime)} on ${nairobiDateKey(startTime)}. It can be ${action} from ${nairobiTime(opens)}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Access fee on cancellation (issue 15; docs/decisions.md "Access fee when a booking is cancelled")
// ---------------------------------------------------------------------------------------------

/**
 * What happened to a booking's access fee:
 * - `none`: no fee, or it was never paid (an unpaid hold that is cancelled costs nothing);
 * - `held`: paid, the booking is still ahead (pending, confirmed or checked in);
 * - `refund_due`: paid and the booking was cancelled — by the customer inside the cancellation window,
 *   by the store or by the system — so the whole fee goes back to the M-Pesa number that paid it;
 * - `used`: paid and the visit was completed; the fee was the booking's price and is kept.
 * A customer cannot cancel inside the window, so a paid fee is only ever lost by not turning up.
 */
export function accessFeeOutcome(booking: {
  status: TBookingStatus | string;
  accessFee: number;
  accessFeePaid: boolean;
}): TAccessFeeOutcome {
  if (!(booking.accessFee > 0) || !booking.accessFeePaid) return 'none';
  if (booking.status === 'cancelled') return 'refund_due';
  if (booking.status === 'completed') return 'used';
  return 'held';
}

/** The last moment a customer may cancel (start minus the notice), as an instant. */
export function cancelDeadline(booking: PolicyBooking): Date {
  return new Date(startOf(booking) - minCancellationHours(booking) * HOUR_MS);
}

// ---------------------------------------------------------------------------------------------
// Voucher code (issue 15): what the customer shows and the merchant checks in by
// ---------------------------------------------------------------------------------------------

const VOUCHER_HEX = 8;

/**
 * A booking's voucher code, 'D3-1A2B-3C4D': the first 8 hex digits of its (random) id. It needs no
 * column of its own; a merchant looks it up among its own stores' bookings only.
 */
export function voucherCode(bookingId: string): string {
  const hex = bookingId.replace(/-/g, '').slice(0, VOUCHER_HEX).toUpperCase();
  return `D3-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** The 8 lowercase hex digits a typed or scanned code stands for ('d3 1a2b3c4d' too), else null. */
export function parseVoucherCode(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, '').toLowerCase();
  const hex = compact.startsWith('d3') && compact.length === VOUCHER_HEX + 2 ? compact.slice(2) : compact;
  return /^[0-9a-f]{8}$/.test(hex) ? hex : null;
}
