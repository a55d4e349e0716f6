import type { BusyInterval } from '@d3/shared/bookings/slot-rules';
import type { Bookable, ResolvedBranch } from './bookable.js';
import type { Executor } from './booking-view.js';
import * as repository from './waitlist-repository.js';

export function resourceIdOf(bookable: Bookable): string {
  return (bookable.resource.serviceId ?? bookable.resource.offerId)!;
}

/** Whose view a day's places are counted for (DayContext.holdsFor). */
export interface HoldsView {
  /** The customer asking (their own live offer is theirs to book). */
  customerId?: string | undefined;
  /** Count live offers only, not the line (the writer of offers deciding how many places are free). */
  offersOnly?: boolean;
}

/**
 * The places the waitlist takes from [from, to) for one viewer, as busy intervals for the slot
 * rules: other customers' live offers, and (unless the viewer holds a live offer for that start,
 * or `offersOnly`) everyone still waiting.
 */
export async function waitlistHolds(
  db: Executor,
  context: { bookable: Bookable; branch: ResolvedBranch; now: Date },
  window: { from: Date; to: Date },
  view: HoldsView,
): Promise<BusyInterval[]> {
  const rows = await repository.openWaitsOverlapping(db, {
    resourceId: resourceIdOf(context.bookable),
    branchId: context.branch.dbId,
    ...window,
  });
  if (!rows.length) return [];
  const now = context.now.getTime();
  const live = (row: (typeof rows)[number]) =>
    row.status === 'offered' && (row.offerExpiresAt?.getTime() ?? 0) > now;
  const ownOffers = new Set(
    rows.filter((row) => live(row) && row.userId === view.customerId).map((row) => row.startTime.getTime()),
  );
  return rows
    .filter((row) => {
      if (live(row)) return row.userId !== view.customerId;
      if (row.status !== 'waiting' || view.offersOnly) return false;
      return !ownOffers.has(row.startTime.getTime());
    })
    .map((row) => ({ startTime: row.startTime, endTime: row.endTime }));
}
