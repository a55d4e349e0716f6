import type { TOfferListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { categories, locations } from '../../db/schema/locations.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import { storeSummaryColumns, stores } from '../../db/schema/stores.js';
import { categoryMatches, containsPattern } from '../../db/search-sql.js';

export const offerColumns = {
  id: offers.id,
  storeId: offers.storeId,
  serviceId: offers.serviceId,
  title: offers.title,
  description: offers.description,
  discount: offers.discount,
  discountExplanation: offers.discountExplanation,
  originalPrice: offers.originalPrice,
  expirationDate: offers.expirationDate,
  category: offers.category,
  status: offers.status,
  featured: offers.featured,
  offerType: offers.offerType,
  requiresConsultation: offers.requiresConsultation,
  imageUrl: offers.imageUrl,
  images: offers.images,
  createdAt: offers.createdAt,
  ...storeSummaryColumns,
  serviceName: services.name,
  serviceDuration: services.duration,
};

/** Public lists: active and not expired, judged by the database clock. */
export const isListed = sql`${offers.status} = 'active' and ${offers.expirationDate} > now()`;

/** Price after discount, the same rounding as discountedPrice() (half away from zero). */
const discountedPriceSql = sql`round(${offers.originalPrice} * (100 - ${offers.discount}) / 100, 2)`;

/** The stored full-text document (GIN-indexed; schema/offers.ts). */
export const searchDocument = offers.searchVector;

export const windowTotal = { total: sql<number>`count(*) over()`.mapWith(Number) };

export function selectOffers(db: Db) {
  return db
    .select(offerColumns)
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .leftJoin(services, eq(services.id, offers.serviceId));
}

/** The same columns plus the total of matching rows (count(*) over()), for paginated lists. */
function selectOffersWithTotal(db: Db) {
  return db
    .select({ ...offerColumns, ...windowTotal })
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .leftJoin(services, eq(services.id, offers.serviceId));
}

export type OfferRow = Awaited<ReturnType<typeof findOffer>> & object;

export interface OfferFilters {
  search?: string | undefined;
  /**
   * The location filter resolved to location ids (stores-service locationIdsFor): one id walks
   * an offers_hot_loc_* index in sort order, several (an area) filter the offers_hot_* walk.
   */
  locationIds?: readonly string[] | undefined;
  category?: string | undefined;
  storeId?: string | undefined;
}

export function filterConditions({ search, locationIds, category, storeId }: OfferFilters): SQL[] {
  const conditions: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`(${offers.title} ilike ${pattern} or ${offers.description} ilike ${pattern} or ${offers.category} ilike ${pattern})`,
    );
  }
  // The store's location, copied onto the offer by trigger (migration 0010).
  if (locationIds) {
    conditions.push(
      locationIds.length === 0
        ? sql`false`
        : locationIds.length === 1
          ? eq(offers.locationId, locationIds[0]!)
          : inArray(offers.locationId, [...locationIds]),
    );
  }
  if (category) conditions.push(categoryMatches(offers.category, category));
  if (storeId) conditions.push(eq(offers.storeId, storeId));
  return conditions;
}

function offerOrder(sortBy: TOfferListQuery['sortBy'], sortOrder: 'asc' | 'desc' | undefined): SQL[] {
  const direction = (fallback: 'asc' | 'desc') => ((sortOrder ?? fallback) === 'asc' ? asc : desc);
  switch (sortBy) {
    case 'price':
    case 'price_low_high':
    case 'price_high_low': {
      const order =
        sortBy === 'price_high_low' ? 'desc' : sortBy === 'price_low_high' ? 'asc' : (sortOrder ?? 'asc');
      // Offers without a price go last either way.
      return [
        order === 'asc'
          ? sql`${discountedPriceSql} asc nulls last`
          : sql`${discountedPriceSql} desc nulls last`,
        desc(offers.createdAt),
        asc(offers.id),
      ];
    }
    case 'discount':
      return [direction('desc')(offers.discount), desc(offers.createdAt), asc(offers.id)];
    default:
      return [direction('desc')(offers.createdAt), direction('desc')(offers.id)];
  }
}

/** What decides a Hot Deals page's statement text; the values (ids, category, page) are parameters. */
interface ListShape {
  sortBy: TOfferListQuery['sortBy'];
  sortOrder: TOfferListQuery['sortOrder'];
  location: 'none' | 'one' | 'many';
  category: boolean;
}

function prepareList(db: Db, shape: ListShape, name: string) {
  const conditions: SQL[] = [isListed];
  if (shape.location === 'one') conditions.push(sql`${offers.locationId} = ${sql.placeholder('location')}`);
  if (shape.location === 'many') {
    conditions.push(sql`${offers.locationId} = any(${sql.placeholder('locations')}::text[])`);
  }
  if (shape.category) conditions.push(categoryMatches(offers.category, sql.placeholder('category')));
  return selectOffers(db)
    .where(and(...conditions))
    .orderBy(...offerOrder(shape.sortBy, shape.sortOrder))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * One page of listed offers (any location and category, no text search): the index walk of the
 * page's sort key (offers_hot_* / offers_hot_loc_*) that stops after `limit` rows; the service
 * takes the total and the sidebar counts from its 30 s cache. Issue 16: each query shape is a
 * named, prepared statement (db/prepared.ts).
 */
export async function listOffers(
  db: Db,
  query: TOfferListQuery & { locationIds?: readonly string[] | undefined },
) {
  const ids = query.locationIds;
  const shape: ListShape = {
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    location: ids === undefined ? 'none' : ids.length === 1 ? 'one' : 'many',
    category: Boolean(query.category),
  };
  const name = `offers_list_${shape.sortBy}_${shape.sortOrder ?? 'default'}_${shape.location}_${shape.category ? 'category' : 'all'}`;
  return preparedStatement(db, name, (named) => prepareList(db, shape, named)).execute({
    location: ids?.[0],
    locations: ids ? [...ids] : undefined,
    category: query.category,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
}

/**
 * One page and its total in one query, for filtered lists (location, category, search, store).
 * Measured on PGlite at 50,000 offers: 29 ms, where the index walk of listOffers took 221 ms
 * because the planner expected a location's offers to turn up early in created_at order.
 */
export async function listOffersWithTotal(db: Db, query: TOfferListQuery) {
  return selectOffersWithTotal(db)
    .where(and(isListed, ...filterConditions(query)))
    .orderBy(...offerOrder(query.sortBy, query.sortOrder))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export async function countOffers(db: Db, filters: OfferFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(offers)
    .where(and(isListed, ...filterConditions(filters)));
  return row?.total ?? 0;
}

/** Every category's id and name: a list's category filter names one by either (categoryMatches). */
export async function categoryNames(db: Db) {
  return db.select({ id: categories.id, name: categories.name }).from(categories);
}

/** Listed offers per category under the same filters but any category (Hot Deals sidebar). */
export async function categoryFacet(db: Db, filters: OfferFilters) {
  const count = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({ name: offers.category, count })
    .from(offers)
    .where(and(isListed, ...filterConditions({ ...filters, category: undefined })))
    .groupBy(offers.category)
    .orderBy(desc(count), asc(offers.category));
}

export async function randomOffers(db: Db, limit: number) {
  return selectOffers(db).where(isListed).orderBy(sql`random()`).limit(limit);
}

export async function offersOfStore(db: Db, storeId: string, limit: number) {
  return selectOffers(db)
    .where(and(isListed, eq(offers.storeId, storeId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit);
}

export async function topDeals(db: Db, limit: number, locationIds?: readonly string[]) {
  return selectOffers(db)
    .where(and(isListed, ...filterConditions({ locationIds })))
    .orderBy(desc(offers.discount), desc(offers.createdAt), asc(offers.id))
    .limit(limit);
}

export async function featuredOffers(db: Db, limit: number, locationIds?: readonly string[]) {
  return selectOffers(db)
    .where(and(isListed, eq(offers.featured, true), ...filterConditions({ locationIds })))
    .orderBy(desc(offers.discount), desc(offers.createdAt), asc(offers.id))
    .limit(limit);
}

/** An offer's state for its merchant: 'expired' once past its expiry, else its status. */
const offerStateSql = sql<string>`case when ${offers.expirationDate} <= now() then 'expired' else ${offers.status} end`;

export interface MerchantOfferFilters {
  merchantId: string;
  storeId?: string | undefined;
  state?: string | undefined;
}

function merchantOfferConditions({ merchantId, storeId }: MerchantOfferFilters): SQL[] {
  const conditions: SQL[] = [eq(stores.merchantId, merchantId)];
  if (storeId) conditions.push(eq(offers.storeId, storeId));
  return conditions;
}

/** One page of the merchant's own offers in every state (newest first), with the total. */
export async function listMerchantOffers(
  db: Db,
  filters: MerchantOfferFilters,
  limit: number,
  offset: number,
) {
  const conditions = merchantOfferConditions(filters);
  if (filters.state) conditions.push(sql`${offerStateSql} = ${filters.state}`);
  return db
    .select({ ...offerColumns, ...windowTotal, state: offerStateSql })
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .leftJoin(services, eq(services.id, offers.serviceId))
    .where(and(...conditions))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit)
    .offset(offset);
}

/** How many of the merchant's offers are in each state (same store filter, any state). */
export async function countMerchantOffersByState(db: Db, filters: MerchantOfferFilters) {
  return db
    .select({ state: offerStateSql, count: sql<number>`count(*)`.mapWith(Number) })
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .where(and(...merchantOfferConditions(filters)))
    .groupBy(offerStateSql);
}

export async function findOffer(db: Db, offerId: string) {
  const [row] = await selectOffers(db).where(eq(offers.id, offerId));
  return row;
}

export async function findOfferOwner(db: Db, offerId: string) {
  const [row] = await db
    .select({ id: offers.id, storeId: offers.storeId, merchantId: stores.merchantId })
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .where(eq(offers.id, offerId));
  return row;
}

export async function serviceStoreId(db: Db, serviceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ storeId: services.storeId })
    .from(services)
    .where(eq(services.id, serviceId));
  return row?.storeId;
}

export type OfferInsert = typeof offers.$inferInsert;

export async function insertOffer(db: Db, values: OfferInsert): Promise<string> {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id });
  return row!.id;
}

export async function updateOffer(db: Db, offerId: string, values: Partial<OfferInsert>): Promise<void> {
  if (Object.keys(values).length) await db.update(offers).set(values).where(eq(offers.id, offerId));
}

export async function deleteOffer(db: Db, offerId: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, offerId));
}

/** Listed offer categories with counts, every location. */
export async function listedCategories(db: Db) {
  return categoryFacet(db, {});
}

/** Offers by id in any state (favourites list expired ones too), optionally of one category. */
export async function offersByIds(db: Db, ids: string[], category?: string) {
  if (!ids.length) return [];
  return selectOffers(db).where(
    and(inArray(offers.id, ids), ...(category ? [categoryMatches(offers.category, category)] : [])),
  );
}

export async function offerExists(db: Db, offerId: string): Promise<boolean> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  return rows.length > 0;
}
