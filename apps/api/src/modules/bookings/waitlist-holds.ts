import type { BusyInterval } from '@d3/shared/bookings/slot-rules';
import type { Bookable } from './bookable.js';
import type { OpenWait } from './capacity-repository.js';

export function resourceIdOf(bookable: Bookable): string {
  return (bookable.resource.serviceId ?? bookable.resource.offerId)!;
}

/** Whose view a day's places are counted for (DayContext.holdsFor). */
export interface HoldsView {
  /** The customer asking (their own live offer is theirs to book). */
  customerId?: string | undefined;
  /** Count live offers only, not the line (the writer of offers deciding how many places are free). */
  offersOnly?: boolean;
  /** Filled in with what the rows showed, when given (a create's verdict and its own wait). */
  seen?: WaitsSeen;
}

/**
 * What a booking writer's reads of the waitlist showed, gathered over every read it made (so each
 * fact errs on the side of "there may be one"): whether any customer held a live offer in the
 * window, and the starts at which the viewer has a wait (waiting or offered) of their own.
 */
export interface WaitsSeen {
  liveOffer: boolean;
  ownStarts: Set<number>;
}

export function waitsSeen(): WaitsSeen {
  return { liveOffer: false, ownStarts: new Set() };
}

/**
 * The places the waitlist takes for one viewer, from the open waits a day's reads found
 * (`liveBookingsAndWaits`), as busy intervals for the slot rules: other customers' live offers,
 * and (unless the viewer holds a live offer for that start, or `offersOnly`) everyone still waiting.
 */
export function waitlistHolds(
  rows: readonly OpenWait[],
  context: { now: Date },
  view: HoldsView,
): BusyInterval[] {
  if (!rows.length) return [];
  const now = context.now.getTime();
  const live = (row: (typeof rows)[number]) =>
    row.status === 'offered' && (row.offerExpiresAt?.getTime() ?? 0) > now;
  if (view.seen) {
    const { seen } = view;
    for (const row of rows) {
      if (live(row)) seen.liveOffer = true;
      if (row.userId === view.customerId) seen.ownStarts.add(row.startTime.getTime());
    }
  }
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
