import type { TCreateOfferRequest, TUpdateOfferRequest } from '@d3/shared/catalogue/catalogue-requests';
import { paginationFor, type TOffer, type TOfferListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { dealLabel, isExpired, isHot, isOfferBookable, offerTag } from '@d3/shared/catalogue/deal-rules';
import { accessFeeForOffer, discountedPrice, savings } from '@d3/shared/catalogue/pricing-rules';
import { OFFER_IMAGE_SIZES } from '@d3/shared/merchant/image-schemas';
import {
  MERCHANT_OFFER_STATES,
  type TMerchantOfferListQuery,
  type TMerchantOfferState,
} from '@d3/shared/merchant/offer-schemas';
import { LRUCache } from 'lru-cache';
import { saveResizedImage } from '../../adapters/images/image-store.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import {
  assertStoreOwner,
  locationIdsFor,
  ownedByMerchant,
  resolveCategory,
  toIso,
  toNumber,
  toStoreSummary,
} from '../stores/stores-service.js';
import { type OfferSearch, searchOffers as searchOfferRows } from './offer-search-repository.js';
import type { OfferRow } from './offers-repository.js';
import * as repository from './offers-repository.js';

export const OFFER_NOT_FOUND = 'Offer not found';
/** The most offers one store page lists. */
const STORE_OFFERS_LIMIT = 100;

function priceOrNull(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

export function toOffer(row: OfferRow, now: Date): TOffer {
  const discount = toNumber(row.discount);
  const originalPrice = row.originalPrice === null ? null : toNumber(row.originalPrice);
  const offerPrice =
    row.originalPrice === null ? null : priceOrNull(discountedPrice(row.originalPrice, row.discount));
  const saved = row.originalPrice === null ? null : priceOrNull(savings(row.originalPrice, row.discount));
  const expiration = toIso(row.expirationDate);
  const image = row.imageUrl ?? row.images[0] ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discount,
    discount_explanation: row.discountExplanation,
    discountExplanation: row.discountExplanation,
    original_price: originalPrice,
    originalPrice,
    discounted_price: offerPrice,
    offerPrice,
    savings: saved,
    accessFee: accessFeeForOffer({ originalPrice: row.originalPrice, discount: row.discount }),
    expiration_date: expiration,
    expirationDate: expiration,
    category: row.category,
    status: row.status,
    featured: row.featured,
    offer_type: row.offerType,
    offerType: row.offerType,
    requires_consultation: row.requiresConsultation,
    requiresConsultation: row.requiresConsultation,
    image,
    image_url: image,
    imageUrl: image,
    images: row.images,
    isHot: isHot(row.discount),
    tag: offerTag({ featured: row.featured, discount: row.discount }),
    dealLabel: dealLabel(row.expirationDate, now),
    isExpired: isExpired(row.expirationDate, now),
    bookable: isOfferBookable({ status: row.status, expirationDate: row.expirationDate }, now),
    createdAt: toIso(row.createdAt),
    storeId: row.storeId,
    serviceId: row.serviceId,
    store: toStoreSummary(row),
    service:
      row.serviceId && row.serviceName !== null
        ? { id: row.serviceId, name: row.serviceName, duration: row.serviceDuration ?? 60 }
        : null,
  };
}

function toOffers(rows: OfferRow[]): TOffer[] {
  const now = new Date();
  return rows.map((row) => toOffer(row, now));
}

type ResolvedQuery = TOfferListQuery & { locationIds?: readonly string[] | undefined };

async function resolved(db: Db, query: TOfferListQuery): Promise<ResolvedQuery> {
  return query.location ? { ...query, locationIds: await locationIdsFor(db, query.location) } : query;
}

async function pageWithTotal(db: Db, query: ResolvedQuery) {
  const rows = await repository.listOffersWithTotal(db, query);
  // A page past the end has no row to carry the window count: count separately then.
  const total = rows[0]?.total ?? (query.page > 1 ? await repository.countOffers(db, query) : 0);
  return { rows, total };
}

/**
 * Totals and category counts of the public lists, per filter, for 30 s in each process. Counting
 * walks every matching offer (3,000 for one location at 50,000 offers: tens of ms; 30,000 at 10x)
 * while the page itself is an index walk of a few dozen rows; a total or a sidebar count that lags a
 * merchant's edit by up to 30 s is invisible, the offers listed are always read fresh.
 *
 * One count serves every category of a filter: the sidebar's counts are per category already, so
 * the total of a category is its line there (resolved as categoryMatches resolves it), and the total
 * of all is their sum. Keyed without the category, a place's lists share one count, not one per
 * category, and nothing counts the same offers twice (decision 0808).
 */
const AGGREGATE_TTL_MS = 30_000;
type Facet = {
  categories: Awaited<ReturnType<typeof repository.categoryFacet>>;
  names: Awaited<ReturnType<typeof repository.categoryNames>>;
};
type Aggregates = { total: number; categories: Facet['categories'] };
/** A filter's counts, when they were counted, and the recount under way (if any). */
type AggregateEntry = { value?: Facet; countedAt: number; recount?: Promise<Facet> };

/**
 * Per database handle (tests open several in one process). After 30 s a filter's counts are
 * answered stale while one recount runs beside the request (stale-while-revalidate), and requests
 * that find no counts share one count: no page waits for a count it was given before (issue 16: the
 * recounts were Hot Deals' slowest 1 %). A failed count reaches only the readers that had nothing
 * to show (a busy PGlite's 503 stays a 503).
 */
const aggregateCaches = new WeakMap<Db, LRUCache<string, AggregateEntry>>();

function aggregateCacheOf(db: Db) {
  let cache = aggregateCaches.get(db);
  if (!cache) {
    cache = new LRUCache<string, AggregateEntry>({ max: 1000 });
    aggregateCaches.set(db, cache);
  }
  return cache;
}

async function countFacet(db: Db, query: ResolvedQuery): Promise<Facet> {
  const [categories, names] = await Promise.all([
    repository.categoryFacet(db, query),
    repository.categoryNames(db),
  ]);
  return { categories, names };
}

/** The list's total from its filter's counts: its category's line (by id or name, any case), or all. */
function aggregatesOf(facet: Facet, category: string | undefined): Aggregates {
  if (!category) {
    return { total: facet.categories.reduce((sum, c) => sum + c.count, 0), categories: facet.categories };
  }
  const lower = category.toLowerCase();
  const name = facet.names.find((c) => c.id === category || c.name.toLowerCase() === lower)?.name ?? category;
  const total = facet.categories.find((c) => c.name === name)?.count ?? 0;
  return { total, categories: facet.categories };
}

async function aggregatesFor(db: Db, query: ResolvedQuery): Promise<Aggregates> {
  return aggregatesOf(await facetFor(db, query), query.category);
}

async function facetFor(db: Db, query: ResolvedQuery): Promise<Facet> {
  const key = JSON.stringify([query.location ?? '', query.search ?? '', query.storeId ?? '']);
  const cache = aggregateCacheOf(db);
  const entry = cache.get(key);
  if (entry?.value && Date.now() - entry.countedAt < AGGREGATE_TTL_MS) return entry.value;
  if (entry?.recount) return entry.value ?? entry.recount;
  const recount = countFacet(db, query).then(
    (value) => {
      cache.set(key, { value, countedAt: Date.now() });
      return value;
    },
    (error: unknown) => {
      if (entry?.value) cache.set(key, { value: entry.value, countedAt: entry.countedAt });
      else cache.delete(key);
      throw error;
    },
  );
  cache.set(key, { ...entry, countedAt: entry?.countedAt ?? 0, recount });
  if (entry?.value) {
    recount.catch(() => {}); // the stale answer went out; the next reader tries again
    return entry.value;
  }
  return recount;
}

/** An offer written here: this process's totals are re-counted at once (others within 30 s). */
function forgetListAggregates(db: Db): void {
  aggregateCaches.get(db)?.clear();
}

export async function listOffers(db: Db, listQuery: TOfferListQuery) {
  // Public lists never show a paused, draft or inactive offer.
  if (listQuery.status !== 'active') {
    return { offers: [], pagination: paginationFor(listQuery.page, listQuery.limit, 0), categories: [] };
  }
  const query = await resolved(db, listQuery);
  // A text search or one store's list is small and read whole; the location and category lists
  // walk the sort index for one page and take their counts from the 30 s cache.
  if (query.search || query.storeId) {
    const [{ rows, total }, categories] = await Promise.all([
      pageWithTotal(db, query),
      repository.categoryFacet(db, query),
    ]);
    return { offers: toOffers(rows), pagination: paginationFor(query.page, query.limit, total), categories };
  }
  const [rows, { total, categories }] = await Promise.all([
    repository.listOffers(db, query),
    aggregatesFor(db, query),
  ]);
  return { offers: toOffers(rows), pagination: paginationFor(query.page, query.limit, total), categories };
}

/**
 * The merchant's own offers, paused, draft, inactive and expired included (the public lists hide
 * them). With a store id the store must be the caller's (403 otherwise, 404 unknown).
 */
export async function merchantOffers(db: Db, merchantId: string, query: TMerchantOfferListQuery) {
  if (query.storeId) await assertStoreOwner(db, query.storeId, merchantId);
  const filters = {
    merchantId,
    storeId: query.storeId,
    state: query.state === 'all' ? undefined : query.state,
  };
  const [rows, counted] = await Promise.all([
    repository.listMerchantOffers(db, filters, query.limit, (query.page - 1) * query.limit),
    repository.countMerchantOffersByState(db, filters),
  ]);
  const now = new Date();
  const counts = Object.fromEntries(MERCHANT_OFFER_STATES.map((state) => [state, 0])) as Record<
    TMerchantOfferState,
    number
  >;
  for (const row of counted) {
    if ((MERCHANT_OFFER_STATES as readonly string[]).includes(row.state)) {
      counts[row.state as TMerchantOfferState] = row.count;
    }
  }
  return {
    offers: rows.map((row) => ({ ...toOffer(row, now), state: row.state as TMerchantOfferState })),
    pagination: paginationFor(query.page, query.limit, rows[0]?.total ?? 0),
    counts,
  };
}

export async function randomOffers(db: Db, limit: number) {
  return toOffers(await repository.randomOffers(db, limit));
}

export async function offersOfStore(db: Db, storeId: string) {
  return toOffers(await repository.offersOfStore(db, storeId, STORE_OFFERS_LIMIT));
}

export async function topDeals(db: Db, limit: number, location?: string) {
  const locationIds = location ? await locationIdsFor(db, location) : undefined;
  return toOffers(await repository.topDeals(db, limit, locationIds));
}

export async function featuredOffers(db: Db, limit: number, location?: string) {
  const locationIds = location ? await locationIdsFor(db, location) : undefined;
  return toOffers(await repository.featuredOffers(db, limit, locationIds));
}

export async function offerCategories(db: Db) {
  return repository.listedCategories(db);
}

/** Any offer by id, expired or paused included: the detail page explains why it can't be booked. */
export async function getOffer(db: Db, offerId: string): Promise<TOffer> {
  const row = await repository.findOffer(db, offerId);
  if (!row) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
  return toOffer(row, new Date());
}

export async function searchOffers(
  db: Db,
  search: Omit<OfferSearch, 'locationIds'> & { location?: string | undefined },
) {
  const { location, ...rest } = search;
  const locationIds = location ? await locationIdsFor(db, location) : undefined;
  const { rows, total, capped } = await searchOfferRows(db, { ...rest, locationIds });
  return { discounts: toOffers(rows), total, capped };
}

// --- merchant writes ----------------------------------------------------------------------

async function assertServiceOfStore(db: Db, storeId: string, serviceId: string) {
  const owner = await repository.serviceStoreId(db, serviceId);
  if (owner !== storeId) {
    throw new AppError('VALIDATION_ERROR', 'Service does not belong to this store', {
      serviceId: 'Service does not belong to this store',
    });
  }
}

async function offerValues(db: Db, body: TUpdateOfferRequest): Promise<Partial<repository.OfferInsert>> {
  const values: Partial<repository.OfferInsert> = {};
  if (body.serviceId !== undefined) values.serviceId = body.serviceId;
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description;
  if (body.discount !== undefined) values.discount = body.discount.toFixed(2);
  if (body.discount_explanation !== undefined) values.discountExplanation = body.discount_explanation;
  if (body.original_price !== undefined) values.originalPrice = body.original_price?.toFixed(2) ?? null;
  if (body.expiration_date !== undefined) values.expirationDate = body.expiration_date;
  if (body.category !== undefined) values.category = await resolveCategory(db, body.category);
  if (body.status !== undefined) values.status = body.status;
  if (body.featured !== undefined) values.featured = body.featured;
  if (body.offer_type !== undefined) values.offerType = body.offer_type;
  if (body.requires_consultation !== undefined) values.requiresConsultation = body.requires_consultation;
  if (body.image_url !== undefined) values.imageUrl = body.image_url;
  if (body.images !== undefined) values.images = body.images;
  return values;
}

export async function createOffer(db: Db, merchantId: string, body: TCreateOfferRequest) {
  await assertStoreOwner(db, body.storeId, merchantId);
  if (body.serviceId) await assertServiceOfStore(db, body.storeId, body.serviceId);
  if (body.expiration_date.getTime() <= Date.now()) {
    throw new AppError('VALIDATION_ERROR', 'Expiration date must be in the future', {
      expiration_date: 'Expiration date must be in the future',
    });
  }
  const values = await offerValues(db, body);
  const offerId = await repository.insertOffer(db, {
    ...values,
    storeId: body.storeId,
    title: body.title,
    discount: values.discount!,
    expirationDate: body.expiration_date,
    category: values.category!,
  });
  forgetListAggregates(db);
  return getOffer(db, offerId);
}

async function ownedOffer(db: Db, merchantId: string, offerId: string) {
  return ownedByMerchant(await repository.findOfferOwner(db, offerId), merchantId, OFFER_NOT_FOUND);
}

export async function updateOffer(db: Db, merchantId: string, offerId: string, body: TUpdateOfferRequest) {
  const offer = await ownedOffer(db, merchantId, offerId);
  if (body.serviceId) await assertServiceOfStore(db, offer.storeId, body.serviceId);
  await repository.updateOffer(db, offerId, await offerValues(db, body));
  forgetListAggregates(db);
  return getOffer(db, offerId);
}

/** A new picture for the merchant's own offer: checked, cut to the offer sizes, shown on the card. */
export async function uploadOfferImage(
  db: Db,
  storage: FileStorage,
  merchantId: string,
  offerId: string,
  readBytes: () => Promise<Buffer>,
) {
  await ownedOffer(db, merchantId, offerId);
  const image = await saveResizedImage(storage, 'offer-images', await readBytes(), OFFER_IMAGE_SIZES);
  await repository.updateOffer(db, offerId, { imageUrl: image.url });
  forgetListAggregates(db);
  return image;
}

export async function deleteOffer(db: Db, merchantId: string, offerId: string) {
  await ownedOffer(db, merchantId, offerId);
  await repository.deleteOffer(db, offerId);
  forgetListAggregates(db);
}

// --- engagement hooks ---------------------------------------------------------------------

/** Offers by id whatever their state, keyed by id (a category filter drops the others). */
export async function offersByIds(db: Db, ids: string[], category?: string): Promise<Map<string, TOffer>> {
  const now = new Date();
  const rows = await repository.offersByIds(db, ids, category);
  return new Map(rows.map((row) => [row.id, toOffer(row, now)]));
}

/** 404 'Offer not found' unless the offer exists. */
export async function assertOfferExists(db: Db, offerId: string): Promise<void> {
  if (!(await repository.offerExists(db, offerId))) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
}
