import { BOOKING_MESSAGES, type TBookingType } from '@d3/shared/bookings/booking-schemas';
import { findSlot, nairobiDateKey } from '@d3/shared/bookings/slot-rules';
import {
  MAX_OPEN_WAITS,
  type TJoinWaitlistRequest,
  type TMerchantWaitlistSlot,
  type TWaitlistEntry,
  WAITLIST_OFFER_MINUTES,
} from '@d3/shared/bookings/waitlist-schemas';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus, WaitlistOfferedPayload } from '../../events/event-bus.js';
import { armJobs } from '../../jobs/job-queue.js';
import {
  assertBookable,
  type Bookable,
  capacityOf,
  loadBookable,
  type ResolvedBranch,
  resolveBranch,
} from './bookable.js';
import { computeDay, parseStart, startTimeError } from './booking-slots.js';
import type { Executor } from './booking-view.js';
import * as capacityRepository from './capacity-repository.js';
import { slotQueueFor } from './slot-queue.js';
import { type HoldsView, resourceIdOf } from './waitlist-holds.js';
import * as repository from './waitlist-repository.js';

/**
 * The waitlist of a full slot (issue 36). Waits count against a slot's places the way bookings do,
 * inside computeDay, so every booking writer sees them under the same slot locks
 * (API-CONTRACT decision 9):
 * - an `offered` wait whose hold runs holds one place for its customer alone (15 minutes);
 * - a `waiting` wait claims a place that frees before it is offered, so a freed place goes to the
 *   line first, never to whoever books fastest;
 * - the customer holding an offer books against the places the others leave.
 * `offerFreedPlaces` (the one writer of offers) runs under the slot's locks: it counts bookings and
 * live offers, and offers each free place to the next waiting customer, so two places freeing at
 * once offer two customers and nobody twice. It runs when a booking is cancelled, when an offer
 * lapses (a job of the job queue at its expiry), and on the worker's sweep (capacity raised, a lost
 * event, another process).
 */

export const WAITLIST_EXPIRY_JOB = 'waitlist_offer_expiry';
const OFFER_MS = WAITLIST_OFFER_MINUTES * 60_000;

/** The slot a wait names: the capacity resource, the branch ('main': the synthetic one) and the start. */
export function slotKeyOf(resourceId: string, branchId: string | null, start: Date): string {
  return `${resourceId}|${branchId ?? 'main'}|${start.toISOString()}`;
}

interface SlotTarget {
  bookable: Bookable;
  branch: ResolvedBranch;
  capacity: number;
  start: Date;
}

async function slotTarget(
  db: Executor,
  type: TBookingType,
  entityId: string,
  branchId: string | undefined,
  start: Date,
  now: Date,
): Promise<SlotTarget> {
  const bookable = await loadBookable(db, type, entityId);
  assertBookable(bookable, now);
  const branch = await resolveBranch(db, bookable.store, branchId);
  const capacity = await capacityOf(db, bookable, branch);
  return { bookable, branch, capacity, start };
}

async function lockSlot(tx: Executor, target: SlotTarget) {
  await capacityRepository.lockSlots(tx, {
    resource: target.bookable.resource,
    branchId: target.branch.dbId,
    staffId: null,
    from: target.start,
    to: new Date(target.start.getTime() + target.bookable.durationMinutes * 60_000),
  });
}

/** The slot at `start` counted for `view`, or the seed's errors when `start` is no slot. */
async function slotFor(tx: Executor, target: SlotTarget, now: Date, view: HoldsView) {
  const day = await computeDay(tx, nairobiDateKey(target.start), {
    bookable: target.bookable,
    branch: target.branch,
    capacity: target.capacity,
    now,
    holdsFor: view,
  });
  const found = findSlot(day, target.start);
  if (!found.slot) {
    if (found.reason === 'no_slots') {
      throw new AppError('SLOT_UNAVAILABLE', day.message ?? BOOKING_MESSAGES.noSlots, {
        startTime: day.message ?? BOOKING_MESSAGES.noSlots,
      });
    }
    throw startTimeError(BOOKING_MESSAGES.notASlot);
  }
  return found.slot;
}

/** POST /bookings/waitlist: the customer joins a full slot's line (one wait per slot, 5 open at most). */
export async function joinWaitlist(db: Db, userId: string, body: TJoinWaitlistRequest, now = new Date()) {
  const type: TBookingType = body.offerId ? 'offer' : 'service';
  const start = parseStart(body.startTime, 'startTime', now);
  const target = await slotTarget(db, type, (body.offerId ?? body.serviceId)!, body.branchId, start, now);
  const slotKey = slotKeyOf(resourceIdOf(target.bookable), target.branch.dbId, start);
  try {
    const row = await db.transaction(async (tx) => {
      await repository.lockCustomerWaits(tx, userId);
      await lockSlot(tx, target);
      if (await repository.openWaitOf(tx, slotKey, userId)) throw new AppError('WAITLIST_ALREADY_JOINED');
      const slot = await slotFor(tx, target, now, { customerId: userId });
      if (slot.available > 0) throw new AppError('WAITLIST_SLOT_OPEN');
      if ((await repository.countOpenWaits(tx, userId)) >= MAX_OPEN_WAITS)
        throw new AppError('WAITLIST_LIMIT');
      return repository.insertWait(tx, {
        userId,
        storeId: target.bookable.store.id,
        bookingType: type,
        serviceId: type === 'service' ? target.bookable.service!.id : null,
        offerId: target.bookable.offer?.id ?? null,
        resourceId: resourceIdOf(target.bookable),
        branchId: target.branch.dbId,
        startTime: start,
        endTime: slot.end,
        slotKey,
        status: 'waiting',
        createdAt: now,
        updatedAt: now,
      });
    });
    return entryOf(db, row, now);
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('WAITLIST_ALREADY_JOINED');
    throw error;
  }
}

async function targetOfWait(db: Executor, wait: repository.WaitRow, now: Date): Promise<SlotTarget> {
  const type = wait.bookingType as TBookingType;
  const bookable = await loadBookable(db, type, (wait.offerId ?? wait.serviceId)!);
  const branch = await resolveBranch(db, bookable.store, wait.branchId ?? undefined);
  const capacity = await capacityOf(db, bookable, branch);
  void now;
  return { bookable, branch, capacity, start: wait.startTime };
}

/** An offer made to the first in line: the event's payload without its moment. */
export type OfferMade = Omit<WaitlistOfferedPayload, 'at'>;

/**
 * Offers each free place of the wait's slot to the next customer in line (issue 36), after
 * closing offers whose hold lapsed. Under the slot's locks: a place counts as free when neither a
 * booking nor a live offer takes it. Answers the offers made (their events are published by the
 * caller after commit).
 */
export async function offerFreedPlaces(db: Db, anyWait: repository.WaitRow, now: Date): Promise<OfferMade[]> {
  if (anyWait.startTime.getTime() <= now.getTime()) return [];
  const target = await targetOfWait(db, anyWait, now);
  return db.transaction(async (tx) => {
    await lockSlot(tx, target);
    await repository.expireLapsedOffers(tx, anyWait.slotKey, now);
    const line = await repository.slotLine(tx, anyWait.slotKey);
    const waiting = line.filter((wait) => wait.status === 'waiting');
    if (!waiting.length) return [];
    let slot: Awaited<ReturnType<typeof slotFor>>;
    try {
      slot = await slotFor(tx, target, now, { offersOnly: true });
    } catch {
      return [];
    }
    const made: OfferMade[] = [];
    const expiresAt = new Date(now.getTime() + OFFER_MS);
    for (const wait of waiting.slice(0, Math.max(0, slot.available))) {
      await repository.setWait(tx, wait.id, {
        status: 'offered',
        offeredAt: now,
        offerExpiresAt: expiresAt,
        updatedAt: now,
      });
      made.push({
        waitId: wait.id,
        userId: wait.userId,
        storeId: target.bookable.store.id,
        storeName: target.bookable.store.name,
        title: target.bookable.offer?.title ?? target.bookable.service?.name ?? 'Your booking',
        startTime: wait.startTime,
        expiresAt,
        bookingType: wait.bookingType as 'offer' | 'service',
        entityId: (wait.offerId ?? wait.serviceId)!,
      });
    }
    await armJobs(
      tx,
      made.map((offer) => ({
        key: `waitlist-offer:${offer.waitId}`,
        kind: WAITLIST_EXPIRY_JOB,
        runAt: offer.expiresAt,
        bookingId: null,
        payload: { waitId: offer.waitId },
      })),
    );
    return made;
  });
}

/** Publishes the offers made (the notifications module tells each customer: bell, push, SMS). */
export function publishOffers(bus: EventBus, offers: OfferMade[], now: Date) {
  for (const offer of offers) bus.publish('waitlist.offered', { ...offer, at: now });
}

/** DELETE /bookings/waitlist/entries/{id}: the customer leaves the line (an offer they held passes on). */
export async function leaveWaitlist(db: Db, bus: EventBus, userId: string, id: string, now = new Date()) {
  const wait = await repository.findWait(db, id);
  if (!wait || wait.userId !== userId) throw new AppError('NOT_FOUND', 'Waitlist entry not found');
  if (wait.status !== 'waiting' && wait.status !== 'offered') return entryOf(db, wait, now);
  await repository.setWait(db, id, { status: 'cancelled', updatedAt: now });
  // The place held for them may now be free (known-full.ts).
  if (wait.status === 'offered') slotQueueFor(bus).known.open(null);
  const rest = await repository.anyOpenWaitOfSlot(db, wait.slotKey);
  if (rest) publishOffers(bus, await offerFreedPlaces(db, rest, now), now);
  return entryOf(db, (await repository.findWait(db, id))!, now);
}

/** GET /bookings/waitlist: the customer's open waits (and those closed in the last day). */
export async function myWaitlist(db: Db, userId: string, now = new Date()): Promise<TWaitlistEntry[]> {
  const rows = await repository.waitsOfCustomer(db, userId, new Date(now.getTime() - 24 * 3_600_000));
  return Promise.all(rows.map((row) => toEntry(db, row, now)));
}

async function entryOf(db: Executor, wait: repository.WaitRow, now: Date): Promise<TWaitlistEntry> {
  const [row] = (await repository.waitsOfCustomer(db, wait.userId, new Date(0))).filter(
    (candidate) => candidate.wait.id === wait.id,
  );
  return toEntry(db, row!, now);
}

async function toEntry(
  db: Executor,
  row: Awaited<ReturnType<typeof repository.waitsOfCustomer>>[number],
  now: Date,
): Promise<TWaitlistEntry> {
  const { wait } = row;
  const offered = wait.status === 'offered' && (wait.offerExpiresAt?.getTime() ?? 0) > now.getTime();
  return {
    id: wait.id,
    status: wait.status === 'offered' && !offered ? 'expired' : (wait.status as TWaitlistEntry['status']),
    bookingType: wait.bookingType as 'offer' | 'service',
    offerId: wait.offerId,
    serviceId: wait.serviceId,
    storeId: wait.storeId,
    storeName: row.storeName,
    title: row.offerTitle ?? row.serviceName ?? 'Booking',
    branchId: wait.branchId ?? `store-${wait.storeId}`,
    startTime: wait.startTime.toISOString(),
    position: wait.status === 'waiting' ? (await repository.aheadInLine(db, wait)) + 1 : null,
    offerExpiresAt: offered ? wait.offerExpiresAt!.toISOString() : null,
    createdAt: wait.createdAt.toISOString(),
  };
}

/** GET /bookings/merchant/waitlist: each upcoming slot of the merchant's stores with its line. */
export async function merchantWaitlist(
  db: Db,
  merchantId: string,
  storeId: string | undefined,
  now = new Date(),
): Promise<TMerchantWaitlistSlot[]> {
  const rows = await repository.merchantWaits(db, merchantId, now, storeId);
  const slots = new Map<string, TMerchantWaitlistSlot>();
  for (const row of rows) {
    const { wait } = row;
    const slot = slots.get(wait.slotKey) ?? {
      storeId: wait.storeId,
      storeName: row.storeName,
      title: row.offerTitle ?? row.serviceName ?? 'Booking',
      startTime: wait.startTime.toISOString(),
      branchId: wait.branchId ?? `store-${wait.storeId}`,
      waiting: [],
    };
    const live = wait.status === 'offered' && (wait.offerExpiresAt?.getTime() ?? 0) > now.getTime();
    slot.waiting.push({
      id: wait.id,
      customerName: `${row.firstName} ${row.lastName.slice(0, 1)}.`,
      status: live ? 'offered' : 'waiting',
      offerExpiresAt: live ? wait.offerExpiresAt!.toISOString() : null,
      createdAt: wait.createdAt.toISOString(),
    });
    slots.set(wait.slotKey, slot);
  }
  return [...slots.values()];
}

/** Inside a booking's transaction: the customer's wait for this slot (offered or waiting) is booked. */
export async function markWaitBooked(
  tx: Executor,
  bookable: Bookable,
  branch: ResolvedBranch,
  start: Date,
  userId: string,
  bookingId: string,
  now: Date,
) {
  await repository.markOfferBooked(
    tx,
    slotKeyOf(resourceIdOf(bookable), branch.dbId, start),
    userId,
    bookingId,
    now,
  );
}

/** A booking of this slot was cancelled: offer its place to the line, if there is one. */
export async function offerAfterCancellation(
  db: Db,
  booking: {
    bookingType: string;
    offerId: string | null;
    serviceId: string | null;
    branchId: string | null;
    startTime: Date;
    resourceId: string;
  },
  now: Date,
): Promise<OfferMade[]> {
  const slotKey = slotKeyOf(booking.resourceId, booking.branchId, booking.startTime);
  const wait = await repository.anyOpenWaitOfSlot(db, slotKey);
  return wait ? offerFreedPlaces(db, wait, now) : [];
}

/** The worker's sweep: every upcoming slot with someone waiting gets its free places offered. */
export async function sweepWaitlists(db: Db, now: Date, limit = 200): Promise<OfferMade[]> {
  const made: OfferMade[] = [];
  for (const { wait } of await repository.slotsWithWaiting(db, now, limit)) {
    made.push(...(await offerFreedPlaces(db, wait, now)));
  }
  return made;
}

/** The expiry job of an offer: closes it if its hold lapsed, and passes the place on. */
export async function expireOffer(db: Db, waitId: string, now: Date): Promise<OfferMade[]> {
  const wait = await repository.findWait(db, waitId);
  if (!wait) return [];
  return offerFreedPlaces(db, wait, now);
}
