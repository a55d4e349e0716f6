import type { TWaitlistEntry } from '@d3/shared/bookings/waitlist-schemas';

/** What a slot's waitlist is joined with (issue 36): the offer or service, and the branch the slot list read. */
export interface TWaitTarget {
  bookingType: 'offer' | 'service';
  entityId: string;
  /** null: the default branch. */
  branchId: string | null;
}

/** Open waits: still in line, or holding an offered place. */
export const isOpenWait = (entry: TWaitlistEntry) => entry.status === 'waiting' || entry.status === 'offered';

/** Two start times name one slot when they are the same instant (the API answers ISO with 'Z'). */
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The customer's open wait for one slot of the wizard's target, if any. `branchId` null: the slot
 * list read the default branch, so any branch's wait of that time matches.
 */
export function waitForSlot(
  entries: readonly TWaitlistEntry[],
  slot: { entityId: string; startTime: string; branchId: string | null },
): TWaitlistEntry | undefined {
  return entries.find(
    (entry) =>
      isOpenWait(entry) &&
      (entry.serviceId === slot.entityId || entry.offerId === slot.entityId) &&
      (slot.branchId === null || entry.branchId === slot.branchId) &&
      sameInstant(entry.startTime, slot.startTime),
  );
}

/** Whole seconds left on an offer's hold at `now` (0 once it lapsed). */
export function secondsLeft(expiresAt: string | null, now: number): number {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** 'm:ss' of a count of seconds: 14:05, 0:09. */
export function countdownLabel(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The Nairobi date ('YYYY-MM-DD') and time ('HH:MM') of a slot's start, as the wizard chooses them. */
export function nairobiDateAndTime(startTime: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(startTime) + 3 * 3_600_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** The link a wait's offer opens: the booking wizard of its offer or service with the wait named. */
export function offerBookingPath(entry: TWaitlistEntry): string {
  const id = entry.bookingType === 'offer' ? entry.offerId : entry.serviceId;
  return `/booking/${entry.bookingType}/${id}?waitlist=${entry.id}`;
}
