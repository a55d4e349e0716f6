import { storeAsMainBranch } from '@d3/shared/catalogue/branch-rules';
import type { TCreateStoreRequest, TUpdateStoreRequest } from '@d3/shared/catalogue/catalogue-requests';
import {
  paginationFor,
  type TBranch,
  type TCategoryCount,
  type TStore,
  type TStoreDetail,
  type TStoreListQuery,
  type TStoreSummary,
} from '@d3/shared/catalogue/catalogue-schemas';
import { isTrendingStore, storeBadge } from '@d3/shared/catalogue/deal-rules';
import type { SearchPlace } from '@d3/shared/catalogue/search-rules';
import { STORE_LOGO_SIZES } from '@d3/shared/merchant/image-schemas';
import { saveResizedImage } from '../../adapters/images/image-store.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import type { branches } from '../../db/schema/stores.js';
import { AppError, type ErrorCode } from '../../errors/app-error.js';
import { assertStoreDeletable } from '../bookings/bookings-service.js';
import * as searchRepository from './store-search-repository.js';
import type { BranchJson, StoreRow } from './stores-repository.js';
import * as repository from './stores-repository.js';

export const STORE_NOT_FOUND = 'Store not found';

export function toIso(date: Date): string {
  return date.toISOString();
}

/** numeric columns arrive as strings: money and ratings go out as numbers. */
export function toNumber(value: string | number): number {
  return Number(value);
}

export function toStore(row: StoreRow): TStore {
  const rating = toNumber(row.rating);
  return {
    id: row.id,
    merchantId: row.merchantId,
    name: row.name,
    logo: row.logoUrl,
    logo_url: row.logoUrl,
    logoUrl: row.logoUrl,
    image: row.logoUrl,
    category: row.category,
    location: row.locationName,
    locationId: row.locationId,
    area: row.area,
    description: row.description,
    phone_number: row.phoneNumber,
    primary_email: row.primaryEmail,
    opening_time: row.openingTime,
    closing_time: row.closingTime,
    working_days: row.workingDays,
    latitude: row.latitude,
    longitude: row.longitude,
    website_url: row.websiteUrl,
    cashback: row.cashback,
    discount: `${row.cashback}%`,
    rating,
    totalReviews: row.totalReviews,
    reviews: row.totalReviews,
    badge: storeBadge(row.totalReviews),
    isTrending: isTrendingStore({ rating, totalReviews: row.totalReviews }),
    followers: row.followers,
    deals: row.deals,
    services: row.services,
    createdAt: toIso(row.createdAt),
  };
}

export interface StoreSummaryRow {
  storeId: string;
  storeName: string;
  storeLogoUrl: string | null;
  storeCategory: string;
  storeLocationId: string;
  storeLocation: string;
  storeRating: string;
  storeTotalReviews: number;
}

export function toStoreSummary(row: StoreSummaryRow): TStoreSummary {
  return {
    id: row.storeId,
    name: row.storeName,
    logo_url: row.storeLogoUrl,
    logoUrl: row.storeLogoUrl,
    location: row.storeLocation,
    locationId: row.storeLocationId,
    category: row.storeCategory,
    rating: toNumber(row.storeRating),
    totalReviews: row.storeTotalReviews,
  };
}

export function toBranch(storeId: string, branch: BranchJson | typeof branches.$inferSelect): TBranch {
  return {
    id: branch.id,
    storeId,
    name: branch.name,
    address: branch.address,
    phone: branch.phone,
    email: branch.email,
    status: branch.status,
    openingTime: branch.openingTime,
    closingTime: branch.closingTime,
    workingDays: branch.workingDays,
    isMainBranch: branch.isMainBranch,
    manager: branch.manager,
    latitude: branch.latitude,
    longitude: branch.longitude,
    isSynthetic: false,
  };
}

/** A store without branches is shown as one main branch 'store-{id}' with the store's details. */
function syntheticMainBranch(store: StoreRow): TBranch {
  return { ...storeAsMainBranch(store), isSynthetic: true };
}

function branchesOf(store: StoreRow, rows: BranchJson[]): TBranch[] {
  return rows.length ? rows.map((branch) => toBranch(store.id, branch)) : [syntheticMainBranch(store)];
}

export async function listStores(db: Db, query: TStoreListQuery) {
  const rows = await repository.listStores(db, query);
  // A page past the end has no rows to carry the window count: count separately then.
  const total = rows[0]?.total ?? (query.page > 1 ? await repository.countStores(db, query) : 0);
  return { stores: rows.map(toStore), pagination: paginationFor(query.page, query.limit, total) };
}

export async function getStore(db: Db, storeId: string): Promise<TStoreDetail> {
  const row = await repository.findStoreDetail(db, storeId);
  if (!row) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  const branchList = branchesOf(row, row.branches);
  return {
    ...toStore(row),
    socialLinks: row.socialLinks,
    branches: branchList,
    outlets: branchList.length,
    // The route sets it for a signed-in customer (engagement's isFollowingStore).
    following: null,
  };
}

// --- engagement hooks (the engagement module owns follows and reviews; the counters live here) --

/** Locks the store row until the transaction ends; undefined when there is no such store. */
export function lockStore(tx: repository.Executor, storeId: string) {
  return repository.lockStore(tx, storeId);
}

/** rating (numeric string, 2 decimals), totalReviews and followers, written inside the caller's transaction. */
export function setStoreCounters(
  tx: repository.Executor,
  storeId: string,
  values: { rating?: string; totalReviews?: number; followers?: number },
) {
  return repository.setStoreCounters(tx, storeId, values);
}

/** Stores as lists show them, in the order of `ids` (unknown ids are skipped). */
export async function storesByIds(db: Db, ids: string[]): Promise<TStore[]> {
  const byId = new Map((await repository.storesByIds(db, ids)).map((row) => [row.id, toStore(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** id, merchantId and name of each store found. */
export function storeBasics(db: repository.Executor, ids: string[]) {
  return repository.storeBasics(db, ids);
}

export function merchantStores(db: Db, merchantId: string) {
  return repository.merchantStores(db, merchantId);
}

export async function storeExists(db: Db, storeId: string): Promise<boolean> {
  return repository.storeExists(db, storeId);
}

export async function storeBranches(db: Db, storeId: string): Promise<TBranch[]> {
  const row = await repository.listBranchRows(db, storeId);
  if (!row) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  return branchesOf(row, row.branches);
}

export async function storeSocials(db: Db, storeId: string) {
  if (!(await repository.storeExists(db, storeId))) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  return repository.listSocialLinks(db, storeId);
}

export async function randomStores(db: Db, limit: number): Promise<TStore[]> {
  return (await repository.randomStores(db, limit)).map(toStore);
}

export async function storeCategories(db: Db): Promise<TCategoryCount[]> {
  return repository.categoriesWithStoreCounts(db);
}

export async function locationsWithCounts(db: Db) {
  return repository.locationsWithCounts(db);
}

// --- merchant writes ----------------------------------------------------------------------

/**
 * The row when `merchantId` owns it (its store's merchant): 404 with `notFound` (under `code`)
 * without a row, 403 when another merchant owns it. Offers, services and stores check writes so.
 */
export function ownedByMerchant<T extends { merchantId: string }>(
  row: T | undefined,
  merchantId: string,
  notFound: string,
  code: ErrorCode = 'NOT_FOUND',
): T {
  if (!row) throw new AppError(code, notFound);
  if (row.merchantId !== merchantId) throw new AppError('FORBIDDEN');
  return row;
}

/** 404 for an unknown store, 403 when the caller is not its merchant. */
export async function assertStoreOwner(db: Db, storeId: string, merchantId: string) {
  return ownedByMerchant(await repository.findStoreOwner(db, storeId), merchantId, STORE_NOT_FOUND);
}

/** Category id or name -> its name; 400 naming the field when unknown. */
export async function resolveCategory(db: Db, category: string): Promise<string> {
  const name = await repository.resolveCategoryName(db, category);
  if (!name) throw new AppError('VALIDATION_ERROR', 'Unknown category', { category: 'Unknown category' });
  return name;
}

async function resolveLocation(db: Db, location: string): Promise<string> {
  const id = await repository.resolveLocationId(db, location);
  if (!id) throw new AppError('VALIDATION_ERROR', 'Unknown location', { location: 'Unknown location' });
  return id;
}

async function storeValues(db: Db, body: TUpdateStoreRequest) {
  const values: Partial<repository.StoreInsert> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.category !== undefined) values.category = await resolveCategory(db, body.category);
  if (body.location !== undefined) values.locationId = await resolveLocation(db, body.location);
  if (body.description !== undefined) values.description = body.description;
  if (body.phone_number !== undefined) values.phoneNumber = body.phone_number;
  if (body.primary_email !== undefined) values.primaryEmail = body.primary_email?.toLowerCase() ?? null;
  if (body.opening_time !== undefined) values.openingTime = body.opening_time;
  if (body.closing_time !== undefined) values.closingTime = body.closing_time;
  if (body.working_days !== undefined) values.workingDays = body.working_days;
  if (body.latitude !== undefined) values.latitude = body.latitude;
  if (body.longitude !== undefined) values.longitude = body.longitude;
  if (body.website_url !== undefined) values.websiteUrl = body.website_url;
  if (body.logo_url !== undefined) values.logoUrl = body.logo_url;
  if (body.cashback !== undefined) values.cashback = body.cashback;
  return values;
}

function assertHours(opening: string | undefined, closing: string | undefined) {
  if (opening !== undefined && closing !== undefined && closing <= opening) {
    throw new AppError('VALIDATION_ERROR', 'Closing time must be after opening time', {
      closing_time: 'Closing time must be after opening time',
    });
  }
}

export async function createStore(db: Db, merchantId: string, body: TCreateStoreRequest) {
  assertHours(body.opening_time, body.closing_time);
  const values = await storeValues(db, body);
  const storeId = await repository.insertStore(
    db,
    { ...values, name: body.name, category: values.category!, locationId: values.locationId!, merchantId },
    body.socialLinks,
  );
  return getStore(db, storeId);
}

export async function updateStore(db: Db, merchantId: string, storeId: string, body: TUpdateStoreRequest) {
  await assertStoreOwner(db, storeId, merchantId);
  const current = await getStore(db, storeId);
  assertHours(body.opening_time ?? current.opening_time, body.closing_time ?? current.closing_time);
  await repository.updateStore(db, storeId, await storeValues(db, body), body.socialLinks);
  return getStore(db, storeId);
}

/**
 * A new logo for the merchant's own store: the bytes must be a real image (checked by their
 * first bytes and by decoding), cut to the fixed logo sizes and stored; the store shows the
 * largest. Owner checked before the picture is touched.
 */
export async function uploadStoreLogo(
  db: Db,
  storage: FileStorage,
  merchantId: string,
  storeId: string,
  readBytes: () => Promise<Buffer>,
) {
  await assertStoreOwner(db, storeId, merchantId);
  const bytes = await readBytes();
  const image = await saveResizedImage(storage, 'store-logos', bytes, STORE_LOGO_SIZES);
  await repository.setStoreLogo(db, storeId, image.url);
  return image;
}

export async function deleteStore(db: Db, merchantId: string, storeId: string) {
  await assertStoreOwner(db, storeId, merchantId);
  // bookings.store_id is ON DELETE RESTRICT: a store with bookings answers 409, never a 500.
  await assertStoreDeletable(db, storeId);
  try {
    await repository.deleteStore(db, storeId);
  } catch (error) {
    // A booking made between the check and the delete.
    if (isForeignKeyViolation(error)) throw new AppError('STORE_HAS_BOOKINGS');
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

const PLACES_TTL_MS = 60_000;
const placesCache = new WeakMap<Db, { at: number; places: Promise<SearchPlace[]> }>();

/** Locations for the search's place words, kept a minute (they change only with the catalogue seed). */
export function searchPlaces(db: Db, now = Date.now()): Promise<SearchPlace[]> {
  const cached = placesCache.get(db);
  if (cached && now - cached.at < PLACES_TTL_MS) return cached.places;
  const places = repository.searchPlaces(db);
  placesCache.set(db, { at: now, places });
  places.catch(() => placesCache.delete(db));
  return places;
}

/**
 * The ids of the locations a location filter names (its id, its name or its area, any case, as
 * locationMatches), from the cached list: offers carry their store's location_id (issue 16).
 * An unknown location gives [] (an empty list, as before).
 */
export async function locationIdsFor(db: Db, location: string): Promise<string[]> {
  const wanted = location.toLowerCase();
  return (await searchPlaces(db))
    .filter(
      (place) =>
        place.id === location || place.name.toLowerCase() === wanted || place.area.toLowerCase() === wanted,
    )
    .map((place) => place.id);
}

export async function searchStores(db: Db, search: searchRepository.StoreSearch) {
  const rows = await searchRepository.searchStores(db, search);
  return { shops: rows.map(toStore), total: rows[0]?.total ?? 0 };
}

/** Store count, review-weighted rating, review count and followers of one merchant's stores. */
export async function merchantStoreFigures(db: Db, merchantId: string) {
  const row = await repository.merchantStoreFigures(db, merchantId);
  const rating = row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : 0;
  return { stores: row.stores, rating, reviewCount: row.reviewCount, followers: row.followers };
}
