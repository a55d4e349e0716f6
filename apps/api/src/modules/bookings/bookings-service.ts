import {
  cancelPolicy,
  merchantTimeRule,
  merchantTransition,
  parseVoucherCode,
  reschedulePolicy,
} from '@d3/shared/bookings/booking-policies';
import {
  BOOKING_MESSAGES,
  isUuid,
  type TBooking,
  type TBookingBranch,
  type TBookingStatus,
  type TBookingType,
  type TCancelBookingRequest,
  type TCreateBookingRequest,
  type TMerchantBookingsQuery,
  type TQuoteBookRequest,
  type TRescheduleBookingRequest,
  type TRescheduleOptionsResponse,
  type TSlotsResponse,
  type TUserBookingsQuery,
} from '@d3/shared/bookings/booking-schemas';
import {
  addDays,
  bookingEnd,
  daySlots,
  effectiveDuration,
  findSlot,
  isStaffBusy,
  nairobiDateKey,
  nairobiDayBounds,
  parseBookingStartTime,
  type SlotRuleResult,
} from '@d3/shared/bookings/slot-rules';
import { mainBranchId, storeAsMainBranch } from '@d3/shared/catalogue/branch-rules';
import { accessFeeForOffer, mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/bookings.js';
import { offers as offersTable } from '../../db/schema/offers.js';
import { services as servicesTable } from '../../db/schema/services.js';
import { stores } from '../../db/schema/stores.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import {
  bookingEventPayload as eventPayload,
  type PendingBookingEvent,
  publishBookingEvents,
} from './booking-events.js';
import { slotQueueFor, type TSlotVerdict } from './slot-queue.js';

/** Published so modules that change bookings in their own transaction publish the events after commit. */
export { publishBookingEvents };

import { uniqueViolation } from '../../db/unique-violation.js';
import { bookingViews, mapBookingView } from './booking-view.js';
import * as repository from './bookings-repository.js';

/** Unpaid offer bookings one customer may hold at a time (issue 14: slot hoarding). */
export const MAX_UNPAID_HOLDS = 3;

/** How long an unpaid offer booking holds its slot while the M-Pesa payment is made (decision 7). */
export const PAYMENT_HOLD_MINUTES = 15;
/** Reschedule choices cover today and the next 6 days (seed 000 §9: "next 7 days"). */
export const RESCHEDULE_OPTION_DAYS = 7;

type OfferRow = typeof offersTable.$inferSelect;
type ServiceRow = typeof servicesTable.$inferSelect;

/** An offer or a service as the booking engine sees it. */
export interface Bookable {
  type: TBookingType;
  offer: OfferRow | null;
  /** The booked service, or the service an offer is tied to. */
  service: ServiceRow | null;
  store: repository.BookingStoreRow;
  durationMinutes: number;
  accessFee: number;
  /** false: the store confirms by hand (service `auto_confirm_bookings` false). */
  autoConfirm: boolean;
  resource: repository.CapacityResource;
}

export interface ResolvedBranch {
  /** On the wire: the branch UUID or `store-{storeId}`. */
  id: string;
  /** In the bookings table: the branch UUID or null for the synthetic main branch. */
  dbId: string | null;
  view: TBookingBranch;
}

// ---------------------------------------------------------------------------------------------
// Offers and services
// ---------------------------------------------------------------------------------------------

export async function loadBookable(
  db: repository.Executor,
  type: TBookingType,
  id: string,
): Promise<Bookable> {
  if (type === 'offer') {
    const found = await repository.findOffer(db, id);
    if (!found) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.offerNotFound);
    const service = found.offer.serviceId
      ? ((await repository.findServiceRow(db, found.offer.serviceId)) ?? null)
      : null;
    return {
      type,
      offer: found.offer,
      service,
      store: found.store,
      durationMinutes: effectiveDuration(service?.duration),
      accessFee: accessFeeForOffer({
        originalPrice: found.offer.originalPrice,
        discount: found.offer.discount,
      }),
      autoConfirm: service?.autoConfirmBookings ?? true,
      resource: service
        ? { serviceId: service.id, offerId: null }
        : { serviceId: null, offerId: found.offer.id },
    };
  }
  if (type === 'quote') throw new AppError('NOT_FOUND', BOOKING_MESSAGES.quoteNotFound);
  const found = await repository.findService(db, id);
  if (!found) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.serviceNotFound);
  return {
    type,
    offer: null,
    service: found.service,
    store: found.store,
    durationMinutes: effectiveDuration(found.service.duration),
    accessFee: 0,
    autoConfirm: found.service.autoConfirmBookings,
    resource: { serviceId: found.service.id, offerId: null },
  };
}

/**
 * An offer is bookable only while active and not expired (seed 000 §4); a service (or an offer's
 * service) only with `booking_enabled`.
 */
export function assertBookable(bookable: Bookable, now: Date): void {
  if (bookable.offer) {
    const { status, expirationDate } = bookable.offer;
    if (status !== 'active' || expirationDate.getTime() <= now.getTime()) {
      throw new AppError('OFFER_UNAVAILABLE', BOOKING_MESSAGES.offerUnavailable);
    }
  }
  if (bookable.service && !bookable.service.bookingEnabled) {
    throw new AppError('BOOKING_NOT_ENABLED', BOOKING_MESSAGES.bookingDisabled);
  }
}

// ---------------------------------------------------------------------------------------------
// Branches and staff
// ---------------------------------------------------------------------------------------------

function syntheticBranch(store: repository.BookingStoreRow): TBookingBranch {
  return storeAsMainBranch(store);
}

type BranchRow = Awaited<ReturnType<typeof repository.storeBranchRows>>[number];

function branchView(row: BranchRow): TBookingBranch {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    status: row.status,
    openingTime: row.openingTime,
    closingTime: row.closingTime,
    workingDays: row.workingDays,
    isMainBranch: row.isMainBranch,
    manager: row.manager,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * The branches a customer can book at: the store's active branches (main first), or the
 * synthetic main branch `store-{id}` with the store's hours when it has none active.
 */
export async function bookableBranches(db: repository.Executor, store: repository.BookingStoreRow) {
  const rows = (await repository.storeBranchRows(db, store.id)).filter((row) => row.status === 'active');
  return rows.length ? rows.map(branchView) : [syntheticBranch(store)];
}

/**
 * The branch a request names: absent -> the main (or first) branch; `store-{storeId}` -> the
 * store's main branch (the synthetic one when it has no branches); a UUID -> that active branch
 * of this store. Anything else: 404 'Branch not found'.
 */
export async function resolveBranch(
  db: repository.Executor,
  store: repository.BookingStoreRow,
  branchId: string | undefined,
): Promise<ResolvedBranch> {
  const list = await bookableBranches(db, store);
  let chosen: TBookingBranch | undefined;
  if (!branchId || branchId === mainBranchId(store.id)) {
    chosen = list.find((branch) => branch.isMainBranch) ?? list[0];
  } else {
    chosen = list.find((branch) => branch.id === branchId);
  }
  if (!chosen) throw new AppError('BRANCH_NOT_FOUND', BOOKING_MESSAGES.branchNotFound);
  const synthetic = chosen.id === mainBranchId(store.id);
  return { id: chosen.id, dbId: synthetic ? null : chosen.id, view: chosen };
}

export async function branchesFor(db: Db, type: TBookingType, id: string) {
  const bookable = await loadBookable(db, type, id);
  const branches = await bookableBranches(db, bookable.store);
  const branch = branches.find((candidate) => candidate.isMainBranch) ?? branches[0]!;
  return { branches, branch };
}

export async function staffFor(db: Db, type: TBookingType, id: string, branchId: string | undefined) {
  const bookable = await loadBookable(db, type, id);
  const branch = branchId ? await resolveBranch(db, bookable.store, branchId) : undefined;
  const rows = await repository.branchStaff(
    db,
    bookable.store.id,
    branch?.dbId ?? null,
    bookable.resource.serviceId,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    branchId: row.branchId,
    assignedToService: Boolean(row.assigned),
  }));
}

/** A staff member the customer chose: active, of this store, working at the branch. */
async function assertStaff(
  db: repository.Executor,
  store: repository.BookingStoreRow,
  branch: ResolvedBranch,
  staffId: string,
) {
  const member = await repository.findStaffMember(db, staffId);
  if (
    !member ||
    member.storeId !== store.id ||
    member.status !== 'active' ||
    (branch.dbId !== null && member.branchId !== null && member.branchId !== branch.dbId)
  ) {
    throw new AppError('NOT_FOUND', BOOKING_MESSAGES.staffNotFound);
  }
  return member;
}

// ---------------------------------------------------------------------------------------------
// Slots
// ---------------------------------------------------------------------------------------------

/**
 * Bookings that may overlap at one moment at the branch (decision 9): the service's
 * `maxConcurrentBookings`, else the branch's staff assigned to it (an offer without a service:
 * the branch's active staff), at least 1.
 */
export async function capacityOf(
  db: repository.Executor,
  bookable: Bookable,
  branch: ResolvedBranch,
): Promise<number> {
  const fixed = bookable.service?.maxConcurrentBookings;
  if (typeof fixed === 'number' && fixed > 0) return fixed;
  const staffCount = bookable.resource.serviceId
    ? await repository.countAssignedStaff(db, bookable.store.id, branch.dbId, bookable.resource.serviceId)
    : await repository.countBranchStaff(db, bookable.store.id, branch.dbId);
  return Math.max(1, staffCount);
}

interface DayContext {
  bookable: Bookable;
  branch: ResolvedBranch;
  capacity: number;
  staffId?: string | undefined;
  excludeBookingId?: string | undefined;
  now: Date;
}

/** The slot engine fed with the branch's live bookings of that day. */
async function computeDay(
  db: repository.Executor,
  date: string,
  context: DayContext,
): Promise<SlotRuleResult> {
  const { start, end } = nairobiDayBounds(date);
  const window = { from: start, to: end, now: context.now, excludeBookingId: context.excludeBookingId };
  const [busy, staffBusy] = await Promise.all([
    repository.liveResourceBookings(
      db,
      context.bookable.store.id,
      context.branch.dbId,
      context.bookable.resource,
      window,
    ),
    context.staffId ? repository.liveStaffBookings(db, context.staffId, window) : Promise.resolve(undefined),
  ]);
  const hours = context.branch.view;
  return endAtExpiry(
    context.bookable,
    daySlots({
      date,
      workingDays: hours.workingDays,
      openingTime: hours.openingTime,
      closingTime: hours.closingTime,
      durationMinutes: context.bookable.durationMinutes,
      capacity: context.capacity,
      bookings: busy,
      staffId: context.staffId,
      staffBookings: staffBusy,
      now: context.now,
    }),
  );
}

/** Whether an offer's expiry falls at or before `start`: no slot from then on is offered or booked. */
function startsAfterExpiry(bookable: Bookable, start: Date): boolean {
  return bookable.offer !== null && start.getTime() >= bookable.offer.expirationDate.getTime();
}

/**
 * Issue 15: an offer's day ends at its expiry. Slots starting at or after it are dropped; a day
 * left with none says 'This offer is no longer available.'.
 */
function endAtExpiry(bookable: Bookable, day: SlotRuleResult): SlotRuleResult {
  if (!bookable.offer) return day;
  const slots = day.slots.filter((slot) => !startsAfterExpiry(bookable, slot.start));
  if (slots.length === day.slots.length) return day;
  const availableSlots = slots.filter((slot) => slot.available > 0).map((slot) => slot.time);
  if (slots.length) return { ...day, slots, availableSlots };
  return {
    ...day,
    slots: [],
    availableSlots: [],
    reason: 'offer_expired',
    message: BOOKING_MESSAGES.offerUnavailable,
  };
}

export interface SlotsRequest {
  type: TBookingType;
  id: string;
  date: string;
  branchId?: string | undefined;
  staffId?: string | undefined;
}

export async function slotsFor(db: Db, request: SlotsRequest, now = new Date()): Promise<TSlotsResponse> {
  const bookable = await loadBookable(db, request.type, request.id);
  assertBookable(bookable, now);
  return slotsOf(db, bookable, request, now);
}

async function slotsOf(
  db: Db,
  bookable: Bookable,
  request: Omit<SlotsRequest, 'type' | 'id'>,
  now: Date,
): Promise<TSlotsResponse> {
  const branch = await resolveBranch(db, bookable.store, request.branchId);
  if (request.staffId) await assertStaff(db, bookable.store, branch, request.staffId);
  const capacity = await capacityOf(db, bookable, branch);
  const result = await computeDay(db, request.date, {
    bookable,
    branch,
    capacity,
    staffId: request.staffId,
    now,
  });
  const { store } = bookable;
  return {
    success: true,
    date: request.date,
    availableSlots: result.availableSlots,
    detailedSlots: result.slots.map(({ time, startTime, available, total }) => ({
      time,
      startTime,
      available,
      total,
    })),
    bookingRules: { serviceDuration: result.durationMinutes, maxConcurrentBookings: result.capacity },
    storeInfo: {
      id: store.id,
      name: store.name,
      workingDays: store.workingDays,
      openingTime: store.openingTime,
      closingTime: store.closingTime,
    },
    branchInfo: {
      id: branch.id,
      name: branch.view.name,
      workingDays: branch.view.workingDays,
      openingTime: branch.view.openingTime,
      closingTime: branch.view.closingTime,
    },
    accessFee: bookable.accessFee,
    accessFeeAmount: mpesaAmount(bookable.accessFee),
    ...(result.message ? { message: result.message } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

function startTimeError(message: string, field = 'startTime'): AppError {
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}

function parseStart(text: string, field: string, now: Date): Date {
  const start = parseBookingStartTime(text);
  if (!start) throw startTimeError(BOOKING_MESSAGES.startTimeInvalid, field);
  if (start.getTime() <= now.getTime()) throw startTimeError(BOOKING_MESSAGES.timeInPast, field);
  return start;
}

/**
 * Inside the caller's transaction, after `lockSlots` on the interval: the start must be one of that day's
 * slots, the chosen staff free and the slot not full (409 otherwise).
 */
async function assertSlotFree(
  tx: repository.Executor,
  start: Date,
  context: DayContext,
  field: string,
  places = 1,
): Promise<{ end: Date; available: number }> {
  if (startsAfterExpiry(context.bookable, start)) {
    throw new AppError('OFFER_UNAVAILABLE', BOOKING_MESSAGES.offerUnavailable, {
      [field]: BOOKING_MESSAGES.offerUnavailable,
    });
  }
  const date = nairobiDateKey(start);
  const day = await computeDay(tx, date, { ...context, staffId: undefined });
  const found = findSlot(day, start);
  if (!found.slot) {
    if (found.reason === 'no_slots') {
      throw new AppError('SLOT_UNAVAILABLE', day.message ?? BOOKING_MESSAGES.noSlots, {
        [field]: day.message ?? BOOKING_MESSAGES.noSlots,
      });
    }
    throw startTimeError(BOOKING_MESSAGES.notASlot, field);
  }
  const end = found.slot.end;
  if (context.staffId) {
    const staffBookings = await repository.liveStaffBookings(tx, context.staffId, {
      from: start,
      to: end,
      now: context.now,
      excludeBookingId: context.excludeBookingId,
    });
    if (isStaffBusy(staffBookings, context.staffId, start, end)) throw new AppError('STAFF_TAKEN');
  }
  if (found.slot.available < places) throw new AppError('SLOT_TAKEN');
  return { end, available: found.slot.available };
}

export interface CreateBookingResult {
  booking: TBooking;
  message: string;
  paymentRequired: boolean;
}

/**
 * A group's booking (issue 34, the payments module's split between friends): `partySize` places of
 * one slot, the access fee of every place, held for `holdMs` (the usual 15 minutes by default).
 */
export interface GroupBooking {
  partySize: number;
  holdMs?: number;
}

export async function createBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TCreateBookingRequest,
  pathType?: TBookingType,
  now = new Date(),
  group?: GroupBooking,
): Promise<CreateBookingResult> {
  // The path decides when it names a kind; the body's ids decide on the fallback path.
  const type: TBookingType =
    pathType ??
    (body.offerId && body.serviceId ? (body.bookingType ?? 'offer') : body.offerId ? 'offer' : 'service');
  const entityId = type === 'offer' ? body.offerId : body.serviceId;
  if (!entityId) {
    const field = type === 'offer' ? 'offerId' : 'serviceId';
    throw new AppError('VALIDATION_ERROR', `${field === 'offerId' ? 'offerId' : 'serviceId'} is required`, {
      [field]: `${field} is required`,
    });
  }
  const start = parseStart(body.startTime, 'startTime', now);
  // Same-slot creates queue in the process; one that comes after the slot filled answers at once.
  const slotKey = [type, entityId, body.branchId ?? '', body.staffId ?? '', start.getTime()].join('|');
  return slotQueueFor(db).run(
    slotKey,
    (verdict) => createBookingInLine(db, bus, userId, body, { type, entityId, start, now, verdict, group }),
    () => {
      throw new AppError('SLOT_TAKEN');
    },
  );
}

/** The create itself, its turn come: `verdict` tells the slot's queue whether it left the slot full. */
async function createBookingInLine(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TCreateBookingRequest,
  turn: {
    type: TBookingType;
    entityId: string;
    start: Date;
    now: Date;
    verdict: (seen: TSlotVerdict) => void;
    group: GroupBooking | undefined;
  },
): Promise<CreateBookingResult> {
  const { type, entityId, start, now } = turn;
  const places = turn.group?.partySize ?? 1;
  const holdMs = turn.group?.holdMs ?? PAYMENT_HOLD_MINUTES * 60_000;
  const bookable = await loadBookable(db, type, entityId);
  assertBookable(bookable, now);
  const branch = await resolveBranch(db, bookable.store, body.branchId);
  if (body.staffId) await assertStaff(db, bookable.store, branch, body.staffId);
  const capacity = await capacityOf(db, bookable, branch);
  const contact = await repository.userContact(db, userId);
  const client = body.clientInfo ?? {};

  const paymentRequired = type === 'offer' && bookable.accessFee > 0;
  const status: TBookingStatus = paymentRequired || !bookable.autoConfirm ? 'pending' : 'confirmed';

  // A slot already full answers at once, before a transaction that would hold a pooled connection
  // waiting for the slot's lock (issue 16: in a rush most creates are for slots just taken). The
  // same check under the lock below is the one that decides.
  const slotFull = (error: unknown) => {
    if (error instanceof AppError && error.code === 'SLOT_TAKEN') turn.verdict('full');
    throw error;
  };
  await assertSlotFree(
    db,
    start,
    { bookable, branch, capacity, staffId: body.staffId, now },
    'startTime',
    places,
  ).catch(slotFull);

  const { row, events } = await db
    .transaction(async (tx) => {
      if (paymentRequired) {
        // Customer lock first (only here), then the store lock every booking writer takes: two
        // concurrent bookings of one customer cannot both see 2 holds and both make a 4th.
        await repository.lockCustomerHolds(tx, userId);
        const held = await repository.countUnpaidHolds(tx, userId, now);
        if (held >= MAX_UNPAID_HOLDS) throw new AppError('TOO_MANY_HELD_BOOKINGS');
      }
      await repository.lockSlots(tx, {
        resource: bookable.resource,
        branchId: branch.dbId,
        staffId: body.staffId ?? null,
        from: start,
        to: bookingEnd(start, bookable.durationMinutes),
      });
      const { end, available } = await assertSlotFree(
        tx,
        start,
        { bookable, branch, capacity, staffId: body.staffId, now },
        'startTime',
        places,
      ).catch(slotFull);
      const row = await repository.insertBooking(tx, {
        userId,
        storeId: bookable.store.id,
        branchId: branch.dbId,
        staffId: body.staffId ?? null,
        offerId: bookable.offer?.id ?? null,
        serviceId: type === 'service' ? bookable.service!.id : null,
        bookingType: type,
        status,
        startTime: start,
        endTime: end,
        // A group pays the fee of every place (issue 34).
        accessFee: ((Math.round(bookable.accessFee * 100) * places) / 100).toFixed(2),
        accessFeePaid: false,
        partySize: places,
        holdExpiresAt: paymentRequired ? new Date(now.getTime() + holdMs) : null,
        notes: body.notes || null,
        specialRequests: body.specialRequests || null,
        clientName: client.name || (contact ? `${contact.firstName} ${contact.lastName}`.trim() : null),
        clientEmail: client.email || contact?.email || null,
        clientPhone: client.phone || contact?.phoneNumber || null,
        confirmedAt: status === 'confirmed' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      const events: PendingBookingEvent[] = [
        { name: 'booking.created', payload: eventPayload(row, status, 'customer', now) },
      ];
      const eventRows: Parameters<typeof repository.insertEvents>[1] = [
        {
          bookingId: row.id,
          type: 'created',
          actor: 'customer',
          detail: paymentRequired
            ? 'Awaiting access fee payment'
            : status === 'pending'
              ? 'Awaiting store review'
              : null,
          createdAt: now,
        },
      ];
      if (status === 'confirmed') {
        eventRows.push({
          bookingId: row.id,
          type: 'confirmed',
          actor: 'system',
          detail: 'Auto-confirmed',
          createdAt: now,
        });
        events.push({
          name: 'booking.confirmed',
          payload: eventPayload(row, 'confirmed', 'system', now, 'Auto-confirmed'),
        });
      }
      await repository.insertEvents(tx, eventRows);
      return { row, events, available };
    })
    .then(({ row, events, available }) => {
      // Committed: the creates queued behind this one learn whether it took the slot's last place.
      turn.verdict(available <= places ? 'full' : 'open');
      return { row, events };
    });
  publishBookingEvents(bus, events);

  const [booking] = await bookingViews(db, [row.id], now);
  return {
    booking: booking!,
    paymentRequired,
    message: paymentRequired
      ? BOOKING_MESSAGES.createdPendingPayment
      : status === 'pending'
        ? BOOKING_MESSAGES.createdPendingReview
        : BOOKING_MESSAGES.created,
  };
}

// ---------------------------------------------------------------------------------------------
// Quote bookings (issue 12; docs/decisions.md "Booking an accepted quote")
// ---------------------------------------------------------------------------------------------

/**
 * An accepted service-request quote as the service-requests module checked it (its owner, its
 * accepted state) and hands it over: the quoting store and the minutes the visit holds.
 */
export interface QuoteBookingInfo {
  quoteId: string;
  storeId: string;
  durationMinutes: number;
}

/** The quoting store's branch hours, the quote's duration, no access fee, confirmed on booking. */
async function quoteBookable(db: repository.Executor, info: QuoteBookingInfo): Promise<Bookable> {
  const store = await repository.findStore(db, info.storeId);
  if (!store) throw new AppError('QUOTE_NOT_FOUND', BOOKING_MESSAGES.quoteNotFound);
  return {
    type: 'quote',
    offer: null,
    service: null,
    store,
    durationMinutes: info.durationMinutes,
    accessFee: 0,
    autoConfirm: true,
    resource: { serviceId: null, offerId: null },
  };
}

export async function quoteSlots(
  db: Db,
  info: QuoteBookingInfo,
  request: { date: string; branchId?: string | undefined },
  now = new Date(),
): Promise<TSlotsResponse> {
  return slotsOf(db, await quoteBookable(db, info), request, now);
}

export async function quoteBranches(db: Db, info: QuoteBookingInfo) {
  const bookable = await quoteBookable(db, info);
  const branches = await bookableBranches(db, bookable.store);
  const branch = branches.find((candidate) => candidate.isMainBranch) ?? branches[0]!;
  return { branches, branch };
}

/** The live booking already made from a quote (the wizard links to it), or null. */
export function liveQuoteBookingId(db: Db, quoteId: string): Promise<string | null> {
  return repository.liveQuoteBooking(db, quoteId);
}

function isLiveQuoteConflict(error: unknown): boolean {
  return uniqueViolation(error)?.includes('bookings_live_quote_key') ?? false;
}

/**
 * Books an accepted quote at its store: a slot of the branch hours, the quote's duration, no
 * access fee, confirmed at once (the store offered the work). One live booking per quote: the
 * partial unique index answers a second (or a racing) one with 409 QUOTE_ALREADY_BOOKED.
 */
export async function createQuoteBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  info: QuoteBookingInfo,
  body: TQuoteBookRequest,
  now = new Date(),
): Promise<CreateBookingResult> {
  const start = parseStart(body.startTime, 'startTime', now);
  if (await repository.liveQuoteBooking(db, info.quoteId)) {
    throw new AppError('QUOTE_ALREADY_BOOKED', BOOKING_MESSAGES.quoteAlreadyBooked);
  }
  const bookable = await quoteBookable(db, info);
  const branch = await resolveBranch(db, bookable.store, body.branchId);
  const capacity = await capacityOf(db, bookable, branch);
  const contact = await repository.userContact(db, userId);
  const client = body.clientInfo ?? {};
  let created: { row: repository.BookingRow; events: PendingBookingEvent[] };
  try {
    created = await db.transaction(async (tx) => {
      await repository.lockSlots(tx, {
        resource: { serviceId: null, offerId: info.quoteId },
        branchId: branch.dbId,
        staffId: null,
        from: start,
        to: bookingEnd(start, bookable.durationMinutes),
      });
      const { end } = await assertSlotFree(tx, start, { bookable, branch, capacity, now }, 'startTime');
      const row = await repository.insertBooking(tx, {
        userId,
        storeId: bookable.store.id,
        branchId: branch.dbId,
        staffId: null,
        offerId: null,
        serviceId: null,
        quoteId: info.quoteId,
        bookingType: 'quote',
        status: 'confirmed',
        startTime: start,
        endTime: end,
        accessFee: '0.00',
        accessFeePaid: false,
        holdExpiresAt: null,
        notes: body.notes || null,
        specialRequests: body.specialRequests || null,
        clientName: client.name || (contact ? `${contact.firstName} ${contact.lastName}`.trim() : null),
        clientEmail: client.email || contact?.email || null,
        clientPhone: client.phone || contact?.phoneNumber || null,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await repository.insertEvents(tx, [
        { bookingId: row.id, type: 'created', actor: 'customer', detail: 'Accepted quote', createdAt: now },
        { bookingId: row.id, type: 'confirmed', actor: 'system', detail: 'Quote accepted', createdAt: now },
      ]);
      const events: PendingBookingEvent[] = [
        { name: 'booking.created', payload: eventPayload(row, 'confirmed', 'customer', now) },
        {
          name: 'booking.confirmed',
          payload: eventPayload(row, 'confirmed', 'system', now, 'Quote accepted'),
        },
      ];
      return { row, events };
    });
  } catch (error) {
    if (isLiveQuoteConflict(error)) {
      throw new AppError('QUOTE_ALREADY_BOOKED', BOOKING_MESSAGES.quoteAlreadyBooked);
    }
    throw error;
  }
  publishBookingEvents(bus, created.events);
  const [booking] = await bookingViews(db, [created.row.id], now);
  return { booking: booking!, paymentRequired: false, message: BOOKING_MESSAGES.created };
}

// ---------------------------------------------------------------------------------------------
// Customer reads
// ---------------------------------------------------------------------------------------------

function assertBookingId(id: string): void {
  if (!isUuid(id))
    throw new AppError('VALIDATION_ERROR', BOOKING_MESSAGES.invalidBookingId, {
      id: BOOKING_MESSAGES.invalidBookingId,
    });
}

/** 400 for a malformed id, 404 unknown, 403 another customer's. */
async function ownedBooking(db: repository.Executor, userId: string, id: string) {
  assertBookingId(id);
  const context = await repository.findBookingContext(db, id);
  if (!context) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.bookingNotFound);
  if (context.booking.userId !== userId) throw new AppError('FORBIDDEN', BOOKING_MESSAGES.notYourBooking);
  return context;
}

export async function getBooking(db: Db, userId: string, id: string, now = new Date()): Promise<TBooking> {
  await ownedBooking(db, userId, id);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}

function searchCondition(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${offersTable.title} ilike ${pattern} or ${servicesTable.name} ilike ${pattern} or ${stores.name} ilike ${pattern} or ${bookings.notes} ilike ${pattern})`;
}

export async function listUserBookings(db: Db, userId: string, query: TUserBookingsQuery, now = new Date()) {
  const nowText = now.toISOString();
  const conditions: SQL[] = [eq(bookings.userId, userId)];
  if (query.status === 'upcoming') {
    conditions.push(
      sql`${bookings.startTime} > ${nowText}::timestamptz`,
      inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
    );
  } else if (query.status === 'past') {
    conditions.push(sql`${bookings.startTime} <= ${nowText}::timestamptz`);
  } else if (query.status) {
    conditions.push(eq(bookings.status, query.status));
  }
  if (query.bookingType) conditions.push(eq(bookings.bookingType, query.bookingType));
  if (query.search) conditions.push(searchCondition(query.search));
  const order = query.status === 'upcoming' ? [asc(bookings.startTime)] : [desc(bookings.startTime)];
  const page = await bookingPage(db, conditions, order, query, now);
  return { ...page, summary: await repository.bookingSummary(db, userId, now) };
}

/** One page of the bookings all `conditions` match, in `order`, as the wire shows them. */
async function bookingPage(
  db: Db,
  conditions: SQL[],
  order: SQL[],
  query: { page: number; limit: number },
  now: Date,
) {
  const { rows, total } = await repository.pageBookingViews(
    db,
    and(...conditions)!,
    order,
    query.limit,
    (query.page - 1) * query.limit,
  );
  const totalPages = Math.ceil(total / query.limit);
  return {
    bookings: rows.map((row) => mapBookingView(row, now)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasNextPage: query.page < totalPages,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cancel and reschedule
// ---------------------------------------------------------------------------------------------

/** A customer-side cancellation's changes: a paid access fee is refunded whenever a cancellation is
 * allowed (docs/decisions.md, issue 15), and an unpaid hold ends with it. */
function cancellation(booking: repository.BookingRow, reason: string, now: Date) {
  return {
    status: 'cancelled',
    cancelReason: reason,
    refundRequested: booking.accessFeePaid,
    cancelledAt: now,
    holdExpiresAt: null,
    updatedAt: now,
  } as const;
}

export async function cancelBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  id: string,
  body: TCancelBookingRequest,
  now = new Date(),
): Promise<TBooking> {
  const context = await ownedBooking(db, userId, id);
  const events = await db.transaction(async (tx) => {
    const booking = (await repository.lockBooking(tx, id))!;
    const decision = cancelPolicy(
      {
        status: booking.status,
        startTime: booking.startTime,
        bookingType: booking.bookingType,
        minCancellationHours: context.minCancellationHours,
      },
      now,
    );
    if (!decision.allowed) throw new AppError('CANCELLATION_NOT_ALLOWED', BOOKING_MESSAGES.cancelNotAllowed);
    const reason = body.reason || 'Cancelled by customer';
    const updated = await repository.updateBooking(tx, id, cancellation(booking, reason, now));
    await repository.insertEvents(tx, [
      { bookingId: id, type: 'cancelled', actor: 'customer', detail: reason, createdAt: now },
    ]);
    return [
      { name: 'booking.cancelled', payload: eventPayload(updated, 'cancelled', 'customer', now, reason) },
    ] as PendingBookingEvent[];
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}

/** An unpaid offer booking whose hold lapsed no longer has a slot to move. */
function holdLapsed(booking: repository.BookingRow, now: Date): boolean {
  return (
    !booking.accessFeePaid &&
    booking.holdExpiresAt !== null &&
    booking.holdExpiresAt.getTime() <= now.getTime()
  );
}

async function bookableOf(db: repository.Executor, booking: repository.BookingRow): Promise<Bookable> {
  const type = booking.bookingType as TBookingType;
  if (type === 'quote') {
    throw new AppError('RESCHEDULE_NOT_ALLOWED', BOOKING_MESSAGES.quoteRescheduleNotAllowed);
  }
  const entityId = type === 'offer' ? booking.offerId : booking.serviceId;
  if (!entityId) {
    throw new AppError(
      'RESCHEDULE_NOT_ALLOWED',
      `The booked ${type} no longer exists, so this booking cannot be rescheduled.`,
    );
  }
  return loadBookable(db, type, entityId);
}

async function branchOf(db: repository.Executor, bookable: Bookable, booking: repository.BookingRow) {
  return resolveBranch(db, bookable.store, booking.branchId ?? mainBranchId(booking.storeId));
}

export async function rescheduleOptions(
  db: Db,
  userId: string,
  id: string,
  now = new Date(),
): Promise<TRescheduleOptionsResponse['options']> {
  const { booking } = await ownedBooking(db, userId, id);
  const decision = reschedulePolicy(booking, now);
  if (!decision.allowed || holdLapsed(booking, now) || booking.bookingType === 'quote') return [];
  const bookable = await bookableOf(db, booking);
  const branch = await branchOf(db, bookable, booking);
  const capacity = await capacityOf(db, bookable, branch);
  const today = nairobiDateKey(now);
  const options: TRescheduleOptionsResponse['options'] = [];
  for (let offset = 0; offset < RESCHEDULE_OPTION_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const day = await computeDay(db, date, {
      bookable,
      branch,
      capacity,
      staffId: booking.staffId ?? undefined,
      excludeBookingId: booking.id,
      now,
    });
    const slots = day.slots
      .filter((slot) => slot.available > 0 && slot.start.getTime() !== booking.startTime.getTime())
      .map(({ time, startTime }) => ({ time, startTime }));
    if (slots.length) options.push({ date, slots });
  }
  return options;
}

export async function rescheduleBooking(
  db: Db,
  bus: EventBus,
  userId: string,
  id: string,
  body: TRescheduleBookingRequest,
  now = new Date(),
): Promise<TBooking> {
  const { booking: current } = await ownedBooking(db, userId, id);
  const start = parseStart(body.newStartTime, 'newStartTime', now);
  const bookable = await bookableOf(db, current);
  const branch = await branchOf(db, bookable, current);
  const staffId = body.newStaffId ?? current.staffId ?? undefined;
  if (body.newStaffId) await assertStaff(db, bookable.store, branch, body.newStaffId);
  const capacity = await capacityOf(db, bookable, branch);

  const events = await db.transaction(async (tx) => {
    // Row first, then the cells of the new interval (the order every booking writer uses).
    const booking = (await repository.lockBooking(tx, id))!;
    await repository.lockSlots(tx, {
      resource: bookable.resource,
      branchId: branch.dbId,
      staffId: staffId ?? null,
      from: start,
      to: bookingEnd(start, bookable.durationMinutes),
    });
    if (!reschedulePolicy(booking, now).allowed || holdLapsed(booking, now)) {
      throw new AppError('RESCHEDULE_NOT_ALLOWED', BOOKING_MESSAGES.rescheduleNotAllowed);
    }
    if (booking.startTime.getTime() === start.getTime() && (staffId ?? null) === booking.staffId) {
      throw startTimeError('Please choose a time different from the current booking.', 'newStartTime');
    }
    const { end } = await assertSlotFree(
      tx,
      start,
      { bookable, branch, capacity, staffId, excludeBookingId: id, now },
      'newStartTime',
    );
    const detail = `From ${booking.startTime.toISOString()}${body.reason ? `: ${body.reason}` : ''}`;
    const updated = await repository.updateBooking(tx, id, {
      startTime: start,
      endTime: end,
      staffId: staffId ?? null,
      rescheduleCount: booking.rescheduleCount + 1,
      updatedAt: now,
    });
    await repository.insertEvents(tx, [
      { bookingId: id, type: 'rescheduled', actor: 'customer', detail, createdAt: now },
    ]);
    return [
      {
        name: 'booking.rescheduled',
        payload: eventPayload(updated, updated.status as TBookingStatus, 'customer', now, detail),
      },
    ] as PendingBookingEvent[];
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return booking!;
}

// ---------------------------------------------------------------------------------------------
// Merchant
// ---------------------------------------------------------------------------------------------

export async function listMerchantBookings(
  db: Db,
  merchantId: string,
  query: TMerchantBookingsQuery,
  now = new Date(),
) {
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const empty = {
    bookings: [],
    pagination: { page: query.page, limit: query.limit, total: 0, totalPages: 0, hasNextPage: false },
  };
  if (!storeIds.length) return empty;
  // A store filter outside the merchant's own stores matches nothing (never another merchant's rows).
  const scoped = query.storeId ? storeIds.filter((id) => id === query.storeId) : storeIds;
  if (!scoped.length) return empty;
  const conditions: SQL[] = [inArray(bookings.storeId, scoped)];
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.branchId) {
    conditions.push(
      query.branchId.startsWith('store-')
        ? and(isNull(bookings.branchId), eq(bookings.storeId, query.branchId.slice(6)))!
        : eq(bookings.branchId, query.branchId),
    );
  }
  if (query.staffId) conditions.push(eq(bookings.staffId, query.staffId));
  const from = query.from ?? query.date;
  const to = query.to ?? query.date;
  if (from) {
    conditions.push(sql`${bookings.startTime} >= ${nairobiDayBounds(from).start.toISOString()}::timestamptz`);
  }
  if (to) {
    conditions.push(sql`${bookings.startTime} < ${nairobiDayBounds(to).end.toISOString()}::timestamptz`);
  }
  return bookingPage(db, conditions, [asc(bookings.startTime)], query, now);
}

const STATUS_EVENTS = {
  confirmed: 'booking.confirmed',
  checked_in: 'booking.checked_in',
  completed: 'booking.completed',
  cancelled: 'booking.cancelled',
} as const;

const STATUS_MESSAGES: Record<TBookingStatus, string> = {
  pending: BOOKING_MESSAGES.statusUpdated,
  confirmed: BOOKING_MESSAGES.confirmed,
  checked_in: BOOKING_MESSAGES.statusUpdated,
  completed: BOOKING_MESSAGES.completed,
  cancelled: BOOKING_MESSAGES.cancelled,
};

/** What a module hooked into booking completion learns (issue 12: the referral credit). */
export interface CompletedBookingFacts {
  bookingId: string;
  userId: string | null;
  bookingType: TBookingType;
  /** The service-request quote a 'quote' booking books, else null. */
  quoteId: string | null;
  /** The access fee the customer actually paid, in shillings (0 when none was paid). */
  paidFee: number;
  at: Date;
}

/** Runs inside the transaction that moves a booking to completed: its writes commit or roll back with it. */
export type BookingCompletionHook = (
  tx: repository.Executor,
  booking: CompletedBookingFacts,
) => Promise<void>;

const completionHooks = new Set<BookingCompletionHook>();

/**
 * Registers work that must happen in the same transaction as a booking's completion (the same
 * function registered twice runs once). Returns the unregister function.
 */
export function onBookingCompletedInTransaction(hook: BookingCompletionHook): () => void {
  completionHooks.add(hook);
  return () => completionHooks.delete(hook);
}

async function runCompletionHooks(tx: repository.Executor, booking: repository.BookingRow, at: Date) {
  if (completionHooks.size === 0) return;
  const paidFee = booking.accessFeePaid
    ? ((await repository.paidAccessFee(tx, booking.id)) ?? Number(booking.accessFee))
    : 0;
  const facts: CompletedBookingFacts = {
    bookingId: booking.id,
    userId: booking.userId,
    bookingType: booking.bookingType as TBookingType,
    quoteId: booking.quoteId,
    paidFee,
    at,
  };
  for (const hook of completionHooks) await hook(tx, facts);
}

/**
 * Access fees paid on the customers' open offer bookings (paid, not yet completed or cancelled):
 * what a referral reward will be computed from once each completes.
 */
export function paidOpenOfferBookingFees(db: Db, userIds: string[]) {
  return repository.paidOpenOfferBookingFees(db, userIds);
}

/**
 * Check-in by the voucher code the customer shows (issue 15): only the merchant's own stores'
 * bookings are searched, then the same transition and time rule as `PUT /bookings/{id}/status`.
 */
export async function checkInByVoucher(
  db: Db,
  bus: EventBus,
  merchantId: string,
  code: string,
  now = new Date(),
): Promise<{ booking: TBooking; message: string }> {
  const hex = parseVoucherCode(code);
  if (!hex) throw new AppError('VOUCHER_INVALID');
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const ids = await repository.bookingIdsByVoucher(db, storeIds, hex);
  if (ids.length === 0) throw new AppError('VOUCHER_NOT_FOUND');
  if (ids.length > 1) throw new AppError('VOUCHER_AMBIGUOUS');
  return setBookingStatusByMerchant(db, bus, merchantId, ids[0]!, 'checked_in', now);
}

/** A merchant moves a booking of one of its stores along the status rules (403 for other stores). */
export async function setBookingStatusByMerchant(
  db: Db,
  bus: EventBus,
  merchantId: string,
  id: string,
  to: TBookingStatus,
  now = new Date(),
  reason?: string,
): Promise<{ booking: TBooking; message: string }> {
  assertBookingId(id);
  const context = await repository.findBookingContext(db, id);
  if (!context) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.bookingNotFound);
  if (context.merchantId !== merchantId) throw new AppError('FORBIDDEN');
  const early = context.earlyCheckinMinutes === null ? null : Number(context.earlyCheckinMinutes);
  const events = await db.transaction(async (tx) => {
    const booking = (await repository.lockBooking(tx, id))!;
    const from = booking.status as TBookingStatus;
    const decision = merchantTransition(from, to);
    if (!decision.allowed) throw new AppError('INVALID_STATUS_TRANSITION', decision.message);
    // Checked in or completed no earlier than the start minus the early check-in window (issue 13).
    const timing = merchantTimeRule(to, booking.startTime, early, now);
    if (!timing.allowed) throw new AppError('BOOKING_NOT_STARTED', timing.message);
    if (to !== 'cancelled' && Number(booking.accessFee) > 0 && !booking.accessFeePaid) {
      throw new AppError(
        'INVALID_STATUS_TRANSITION',
        'The access fee for this booking has not been paid yet.',
      );
    }
    const stamp: Partial<repository.BookingInsert> =
      to === 'confirmed'
        ? { confirmedAt: now }
        : to === 'checked_in'
          ? { checkedInAt: now }
          : to === 'completed'
            ? { completedAt: now }
            : {
                cancelledAt: now,
                cancelReason: reason || 'Cancelled by the store',
                holdExpiresAt: null,
                // The store cancelled: a paid access fee is always refunded (issue 15).
                refundRequested: booking.accessFeePaid,
              };
    const updated = await repository.updateBooking(tx, id, { status: to, ...stamp, updatedAt: now });
    await repository.insertEvents(tx, [
      { bookingId: id, type: to, actor: 'merchant', detail: `From ${from}`, createdAt: now },
    ]);
    if (to === 'completed') await runCompletionHooks(tx, updated, now);
    return to === 'pending'
      ? []
      : ([
          { name: STATUS_EVENTS[to], payload: eventPayload(updated, to, 'merchant', now) },
        ] as PendingBookingEvent[]);
  });
  publishBookingEvents(bus, events);
  const [booking] = await bookingViews(db, [id], now);
  return { booking: booking!, message: STATUS_MESSAGES[to] };
}

// ---------------------------------------------------------------------------------------------
// Hooks other modules call
// ---------------------------------------------------------------------------------------------

/**
 * Right to erasure, inside the engagement module's delete-account transaction: the customer's
 * future pending/confirmed bookings are cancelled (the store is not left waiting for someone who
 * no longer exists) and the name, e-mail, phone, notes and payment phone numbers are blanked.
 * The booking rows stay (a store's history is never lost). Publish the returned events after commit.
 */
export async function eraseCustomerBookings(
  tx: repository.Executor,
  userId: string,
  now = new Date(),
): Promise<PendingBookingEvent[]> {
  const reason = 'Customer account deleted';
  const future = await repository.futureLiveBookingsOf(tx, userId, now);
  const events: PendingBookingEvent[] = [];
  for (const booking of future) {
    const updated = await repository.updateBooking(tx, booking.id, cancellation(booking, reason, now));
    events.push({
      name: 'booking.cancelled',
      payload: eventPayload(updated, 'cancelled', 'system', now, reason),
    });
  }
  await repository.insertEvents(
    tx,
    future.map((booking) => ({
      bookingId: booking.id,
      type: 'cancelled',
      actor: 'system' as const,
      detail: reason,
      createdAt: now,
    })),
  );
  await repository.blankCustomerData(tx, userId);
  return events;
}

export const STORE_HAS_UPCOMING_BOOKINGS =
  'This store has upcoming bookings and cannot be deleted. Cancel or complete them first.';

/** 409 instead of a foreign-key error: a store with bookings is never deleted (bookings are kept). */
export async function assertStoreDeletable(
  db: repository.Executor,
  storeId: string,
  now = new Date(),
): Promise<void> {
  if (await repository.storeHasFutureBookings(db, storeId, now)) {
    throw new AppError('STORE_HAS_BOOKINGS', STORE_HAS_UPCOMING_BOOKINGS);
  }
  if (await repository.storeHasBookings(db, storeId)) throw new AppError('STORE_HAS_BOOKINGS');
}

/** How many bookings a customer has (profile statistics). */
/** Review eligibility (engagement): has this customer a completed booking at this store? */
export async function hasCompletedBookingAt(db: Db, userId: string, storeId: string): Promise<boolean> {
  return repository.hasCompletedBooking(db, userId, storeId);
}

export async function countCustomerBookings(db: Db, userId: string): Promise<number> {
  return (await repository.bookingSummary(db, userId, new Date())).total;
}

/** The booking's view for a notification or reminder (no owner check: the caller is the system); null when gone. */
export async function bookingForNotification(db: Db, id: string, now = new Date()): Promise<TBooking | null> {
  const [booking] = await bookingViews(db, [id], now);
  return booking ?? null;
}

/** Several bookings as their owners see them, for a batch of notifications (missing ids left out). */
export function bookingsForNotification(
  db: Db,
  ids: readonly string[],
  now = new Date(),
): Promise<TBooking[]> {
  return bookingViews(db, ids, now);
}

// ---------------------------------------------------------------------------------------------
// Merchant dashboard (issue 13)
// ---------------------------------------------------------------------------------------------

/** Booking counts, the month's money and the next bookings over one merchant's stores. */
export async function merchantDashboardBookings(db: Db, merchantId: string, now = new Date()) {
  const today = nairobiDateKey(now);
  const month = today.slice(0, 7);
  const monthStart = nairobiDayBounds(`${month}-01`).start;
  const [year, monthNumber] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const nextMonth =
    monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  const storeIds = await repository.merchantStoreIds(db, merchantId);
  const zero = { today: 0, upcoming: 0, awaitingConfirmation: 0, thisMonth: 0 };
  if (!storeIds.length) {
    return { bookings: zero, revenue: { month, accessFees: 0, atStore: 0 }, nextBookings: [] };
  }
  const { start: dayStart, end: dayEnd } = nairobiDayBounds(today);
  const stats = await repository.merchantBookingStats(db, storeIds, {
    now,
    dayStart,
    dayEnd,
    monthStart,
    monthEnd: nairobiDayBounds(nextMonth).start,
  });
  const { rows } = await repository.pageBookingViews(
    db,
    and(
      inArray(bookings.storeId, storeIds),
      inArray(bookings.status, ['pending', 'confirmed', 'checked_in']),
      sql`${bookings.endTime} >= ${now.toISOString()}::timestamptz`,
    )!,
    [asc(bookings.startTime)],
    8,
    0,
  );
  return {
    bookings: {
      today: stats.today,
      upcoming: stats.upcoming,
      awaitingConfirmation: stats.awaitingConfirmation,
      thisMonth: stats.thisMonth,
    },
    revenue: { month, accessFees: Number(stats.accessFees), atStore: Number(stats.atStore) },
    nextBookings: rows.map((row) => mapBookingView(row, now)),
  };
}
