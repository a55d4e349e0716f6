import { BOOKING_MESSAGES, type TBookingType } from '@d3/shared/bookings/booking-schemas';
import type { TBookingBranch } from '@d3/shared/bookings/booking-slot-schemas';
import { effectiveDuration } from '@d3/shared/bookings/slot-rules';
import { mainBranchId, storeAsMainBranch } from '@d3/shared/catalogue/branch-rules';
import { accessFeeForOffer } from '@d3/shared/catalogue/pricing-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import * as repository from './bookings-repository.js';
import * as capacityRepository from './capacity-repository.js';

// What a booking books: an offer, a service or (from service requests) a quote, at one of its store's
// branches, with its staff and its capacity.

/** An offer or a service as the booking engine sees it. */
export interface Bookable {
  type: TBookingType;
  offer: repository.OfferRow | null;
  /** The booked service, or the service an offer is tied to. */
  service: repository.ServiceRow | null;
  store: repository.BookingStoreRow;
  durationMinutes: number;
  accessFee: number;
  /** false: the store confirms by hand (service `auto_confirm_bookings` false). */
  autoConfirm: boolean;
  resource: capacityRepository.CapacityResource;
}

export interface ResolvedBranch {
  /** On the wire: the branch UUID or `store-{storeId}`. */
  id: string;
  /** In the bookings table: the branch UUID or null for the synthetic main branch. */
  dbId: string | null;
  view: TBookingBranch;
}

// Offers and services

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

// Branches and staff

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
export async function assertStaff(
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

// Capacity

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
    ? await capacityRepository.countAssignedStaff(
        db,
        bookable.store.id,
        branch.dbId,
        bookable.resource.serviceId,
      )
    : await capacityRepository.countBranchStaff(db, bookable.store.id, branch.dbId);
  return Math.max(1, staffCount);
}
