import type { TStoreListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { POPULAR_REVIEW_COUNT } from '@d3/shared/catalogue/deal-rules';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { categories, locations } from '../../db/schema/locations.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import { branches, storeContactAndHoursColumns, storeSocialLinks, stores } from '../../db/schema/stores.js';
import { categoryMatches, containsPattern, locationMatches } from '../../db/search-sql.js';

/** Every location's id, name and area (the search's place words). */
export async function searchPlaces(db: Db) {
  return db.select({ id: locations.id, name: locations.name, area: locations.area }).from(locations);
}

// Correlated subqueries name the outer table literally: Drizzle leaves columns unqualified in
// single-table selects, where `id` would bind to the subquery's own table.

/** Active, unexpired offers of the row's store (the "deals" count). */
const dealsCount =
  sql<number>`(select count(*) from ${offers} o where o.store_id = "stores"."id" and o.status = 'active' and o.expiration_date > now())`.mapWith(
    Number,
  );
const servicesCount =
  sql<number>`(select count(*) from ${services} sv where sv.store_id = "stores"."id")`.mapWith(Number);

/** Columns of a store row as lists show it (one query, counts as correlated subqueries). */
export const storeColumns = {
  id: stores.id,
  merchantId: stores.merchantId,
  name: stores.name,
  logoUrl: stores.logoUrl,
  category: stores.category,
  locationId: stores.locationId,
  locationName: locations.name,
  area: locations.area,
  description: stores.description,
  ...storeContactAndHoursColumns,
  websiteUrl: stores.websiteUrl,
  cashback: stores.cashback,
  rating: stores.rating,
  totalReviews: stores.totalReviews,
  followers: stores.followers,
  createdAt: stores.createdAt,
  deals: dealsCount,
  services: servicesCount,
};

export function storeOrder(sortBy: TStoreListQuery['sortBy']): SQL[] {
  const byName = [asc(sql`lower(${stores.name})`), asc(stores.id)];
  switch (sortBy) {
    case 'discount_high':
      return [desc(stores.cashback), ...byName];
    case 'discount_low':
      return [asc(stores.cashback), ...byName];
    case 'name_asc':
      return byName;
    case 'name_desc':
      return [desc(sql`lower(${stores.name})`), desc(stores.id)];
    case 'newest':
      return [desc(stores.createdAt), desc(stores.id)];
    case 'rating':
      return [desc(stores.rating), desc(stores.totalReviews), ...byName];
    default:
      // topStoresOrder from deal-rules, in SQL so the page is cut after sorting.
      return [
        desc(sql`(${stores.totalReviews} >= ${POPULAR_REVIEW_COUNT})`),
        desc(stores.totalReviews),
        desc(stores.rating),
        ...byName,
      ];
  }
}

export interface StoreFilters {
  search?: string | undefined;
  location?: string | undefined;
  category?: string | undefined;
}

function storeConditions({ search, location, category }: StoreFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`(${stores.name} ilike ${pattern} or ${stores.description} ilike ${pattern} or ${stores.category} ilike ${pattern})`,
    );
  }
  if (location) conditions.push(locationMatches(stores.locationId, location));
  if (category) conditions.push(categoryMatches(stores.category, category));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of stores and the total, in one query: the page is cut first (ids and sort keys, with
 * count(*) over()), and only its rows are read whole. Sorting every matching store's full row under
 * the window cost 132-166 ms a query at 20,000 stores, 23 ms cut first (decision 0807).
 */
export async function listStores(db: Db, query: TStoreListQuery) {
  const page = db
    .select({ id: stores.id, total: sql<number>`count(*) over()`.as('total') })
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(storeConditions(query))
    .orderBy(...storeOrder(query.sortBy))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  return db
    .select({ ...storeColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(stores, eq(stores.id, page.id))
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .orderBy(...storeOrder(query.sortBy));
}

export async function countStores(db: Db, filters: StoreFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(stores)
    .where(storeConditions(filters));
  return row?.total ?? 0;
}

export type StoreRow = Awaited<ReturnType<typeof randomStores>>[number];

export async function randomStores(db: Db, limit: number) {
  return db
    .select(storeColumns)
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .orderBy(sql`random()`)
    .limit(limit);
}

const socialLinksJson = sql<
  Array<{ id: string; platform: string; link: string }>
>`(select coalesce(json_agg(json_build_object('id', x.id, 'platform', x.platform, 'link', x.link) order by x.created_at, x.id), '[]'::json) from ${storeSocialLinks} x where x.store_id = "stores"."id")`;

export interface BranchJson {
  id: string;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  status: string;
  openingTime: string;
  closingTime: string;
  workingDays: string[];
  isMainBranch: boolean;
  manager: string | null;
  latitude: number | null;
  longitude: number | null;
}

const branchJsonFields = sql`json_build_object('id', b.id, 'name', b.name, 'address', b.address, 'phone', b.phone, 'email', b.email, 'status', b.status, 'openingTime', b.opening_time, 'closingTime', b.closing_time, 'workingDays', b.working_days, 'isMainBranch', b.is_main_branch, 'manager', b.manager, 'latitude', b.latitude, 'longitude', b.longitude)`;
const branchesJson = sql<
  BranchJson[]
>`(select coalesce(json_agg(${branchJsonFields} order by b.is_main_branch desc, b.created_at, b.id), '[]'::json) from ${branches} b where b.store_id = "stores"."id")`;

/**
 * The store profile in one round trip (row, counts, social links and branches): a named, prepared
 * statement (db/prepared.ts), the hottest read after Hot Deals.
 */
export async function findStoreDetail(db: Db, storeId: string) {
  const statement = preparedStatement(db, 'store_detail', (name) =>
    db
      .select({ ...storeColumns, socialLinks: socialLinksJson, branches: branchesJson })
      .from(stores)
      .innerJoin(locations, eq(locations.id, stores.locationId))
      .where(eq(stores.id, sql.placeholder('storeId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ storeId });
  return row;
}

export async function findStoreOwner(db: Db, storeId: string) {
  const [row] = await db
    .select({ id: stores.id, merchantId: stores.merchantId, locationId: stores.locationId })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row;
}

export async function setStoreLogo(db: Db, storeId: string, logoUrl: string): Promise<void> {
  await db.update(stores).set({ logoUrl }).where(eq(stores.id, storeId));
}

export async function storeExists(db: Db, storeId: string): Promise<boolean> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return rows.length > 0;
}

export async function listBranchRows(db: Db, storeId: string) {
  const [row] = await db
    .select({ ...storeColumns, branches: branchesJson })
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(eq(stores.id, storeId));
  return row;
}

export async function listSocialLinks(db: Db, storeId: string) {
  return db
    .select({ id: storeSocialLinks.id, platform: storeSocialLinks.platform, link: storeSocialLinks.link })
    .from(storeSocialLinks)
    .where(eq(storeSocialLinks.storeId, storeId))
    .orderBy(asc(storeSocialLinks.createdAt), asc(storeSocialLinks.id));
}

/** Categories with how many stores each has (every category, 0 included). */
export async function categoriesWithStoreCounts(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      icon: categories.icon,
      count: sql<number>`(select count(*) from ${stores} s where s.category = "categories"."name")`.mapWith(
        Number,
      ),
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Locations with their store and active-offer counts: two grouped passes, not one per location. */
export async function locationsWithCounts(db: Db) {
  const storeCounts = db
    .select({ locationId: stores.locationId, count: sql<number>`count(*)`.as('store_count') })
    .from(stores)
    .groupBy(stores.locationId)
    .as('store_counts');
  const offerCounts = db
    .select({ locationId: stores.locationId, count: sql<number>`count(*)`.as('offer_count') })
    .from(offers)
    .innerJoin(stores, eq(stores.id, offers.storeId))
    .where(sql`${offers.status} = 'active' and ${offers.expirationDate} > now()`)
    .groupBy(stores.locationId)
    .as('offer_counts');
  return db
    .select({
      id: locations.id,
      name: locations.name,
      area: locations.area,
      latitude: locations.latitude,
      longitude: locations.longitude,
      storeCount: sql<number>`coalesce(${storeCounts.count}, 0)`.mapWith(Number),
      offerCount: sql<number>`coalesce(${offerCounts.count}, 0)`.mapWith(Number),
    })
    .from(locations)
    .leftJoin(storeCounts, eq(storeCounts.locationId, locations.id))
    .leftJoin(offerCounts, eq(offerCounts.locationId, locations.id))
    .orderBy(asc(locations.sortOrder), asc(locations.name));
}

/** The location or category whose id is `text`, or whose name is `text` in any case: its id and name. */
async function findByIdOrName(db: Db, table: typeof locations | typeof categories, text: string) {
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(sql`${table.id} = ${text} or lower(${table.name}) = lower(${text})`)
    .limit(1);
  return row;
}

/** Resolves a location id or name (any case) to its id. */
export async function resolveLocationId(db: Db, location: string): Promise<string | undefined> {
  return (await findByIdOrName(db, locations, location))?.id;
}

/** Resolves a category id or name (any case) to its name. */
export async function resolveCategoryName(db: Db, category: string): Promise<string | undefined> {
  return (await findByIdOrName(db, categories, category))?.name;
}

export type StoreInsert = typeof stores.$inferInsert;

export async function insertStore(
  db: Db,
  values: StoreInsert,
  socialLinks: Array<{ platform: string; link: string }> | undefined,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(stores).values(values).returning({ id: stores.id });
    const storeId = row!.id;
    if (socialLinks?.length) {
      await tx.insert(storeSocialLinks).values(socialLinks.map((link) => ({ ...link, storeId })));
    }
    return storeId;
  });
}

export async function updateStore(
  db: Db,
  storeId: string,
  values: Partial<StoreInsert>,
  socialLinks: Array<{ platform: string; link: string }> | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(values).length) await tx.update(stores).set(values).where(eq(stores.id, storeId));
    if (socialLinks) {
      await tx.delete(storeSocialLinks).where(eq(storeSocialLinks.storeId, storeId));
      if (socialLinks.length) {
        await tx.insert(storeSocialLinks).values(socialLinks.map((link) => ({ ...link, storeId })));
      }
    }
  });
}

export async function deleteStore(db: Db, storeId: string): Promise<void> {
  await db.delete(stores).where(eq(stores.id, storeId));
}

// --- engagement hooks: the engagement module keeps rating, total_reviews and followers -----

/** A query runs on the pool or inside a transaction alike. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the store row for the rest of the transaction (counter updates serialise on it). */
export async function lockStore(tx: Executor, storeId: string) {
  const [row] = await tx
    .select({ id: stores.id, merchantId: stores.merchantId, name: stores.name })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('update');
  return row;
}

export async function setStoreCounters(
  tx: Executor,
  storeId: string,
  values: { rating?: string; totalReviews?: number; followers?: number },
): Promise<void> {
  if (Object.keys(values).length) await tx.update(stores).set(values).where(eq(stores.id, storeId));
}

export async function storesByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(storeColumns)
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(inArray(stores.id, ids));
}

export async function storeBasics(db: Executor, storeIds: string[]) {
  if (!storeIds.length) return [];
  return db
    .select({ id: stores.id, merchantId: stores.merchantId, name: stores.name })
    .from(stores)
    .where(inArray(stores.id, storeIds));
}

export async function merchantStores(db: Db, merchantId: string) {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.merchantId, merchantId))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Review and follower figures over one merchant's stores (merchant dashboard, issue 13). */
export async function merchantStoreFigures(db: Db, merchantId: string) {
  const [row] = await db
    .select({
      stores: sql<number>`count(*)`.mapWith(Number),
      reviewCount: sql<number>`coalesce(sum(${stores.totalReviews}), 0)`.mapWith(Number),
      ratingSum: sql<number>`coalesce(sum(${stores.rating} * ${stores.totalReviews}), 0)`.mapWith(Number),
      followers: sql<number>`coalesce(sum(${stores.followers}), 0)`.mapWith(Number),
    })
    .from(stores)
    .where(eq(stores.merchantId, merchantId));
  return row!;
}

/** setStoreCounters for many stores in one statement (the demo seeder, issue 15). */
export async function setStoreCountersMany(
  tx: Executor,
  rows: Array<{ storeId: string; rating: string; totalReviews: number; followers: number }>,
): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.storeId}::uuid, ${row.rating}::numeric, ${row.totalReviews}::int, ${row.followers}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${stores} set rating = v.rating, total_reviews = v.total_reviews, followers = v.followers
    from (values ${values}) as v(id, rating, total_reviews, followers)
    where ${stores.id} = v.id`);
}
