import type { TStoreListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { POPULAR_REVIEW_COUNT } from '@d3/shared/catalogue/deal-rules';
import type { TPriceRange } from '@d3/shared/catalogue/price-range-rules';
import { nameWordPattern, prefixQueryText } from '@d3/shared/catalogue/search-rules';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { categories, locations } from '../../db/schema/locations.js';
import { offers } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import {
  branches,
  staff,
  staffServices,
  storeContactAndHoursColumns,
  storeSocialLinks,
  stores,
} from '../../db/schema/stores.js';
import { priceRangeParams, storeHasOfferInPriceRange } from '../../db/search-price-sql.js';
import { categoryMatches, containsPattern, locationMatches, type SearchTerms } from '../../db/search-sql.js';

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

/** One page of stores and the total (count(*) over() in the same query). */
export async function listStores(db: Db, query: TStoreListQuery) {
  const rows = await db
    .select({ ...storeColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(storeConditions(query))
    .orderBy(...storeOrder(query.sortBy))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows;
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

// --- branches ------------------------------------------------------------------------------

export type BranchInsert = typeof branches.$inferInsert;

export async function findBranch(db: Db, branchId: string) {
  const [row] = await db
    .select({ branch: branches, merchantId: stores.merchantId })
    .from(branches)
    .innerJoin(stores, eq(stores.id, branches.storeId))
    .where(eq(branches.id, branchId));
  return row;
}

/** Saves a branch; a new main branch demotes the store's previous one in the same transaction. */
export async function saveBranch(db: Db, storeId: string, values: Partial<BranchInsert>, branchId?: string) {
  return db.transaction(async (tx) => {
    if (values.isMainBranch) {
      await tx
        .update(branches)
        .set({ isMainBranch: false })
        .where(and(eq(branches.storeId, storeId), eq(branches.isMainBranch, true)));
    }
    if (branchId) {
      const [row] = await tx.update(branches).set(values).where(eq(branches.id, branchId)).returning();
      return row!;
    }
    const [row] = await tx
      .insert(branches)
      .values({ name: '', ...values, storeId })
      .returning();
    return row!;
  });
}

export async function deleteBranch(db: Db, branchId: string): Promise<void> {
  await db.delete(branches).where(eq(branches.id, branchId));
}

// --- staff ---------------------------------------------------------------------------------

export type StaffInsert = typeof staff.$inferInsert;

export async function findStaff(db: Db, staffId: string) {
  const [row] = await db
    .select({ staff, merchantId: stores.merchantId })
    .from(staff)
    .innerJoin(stores, eq(stores.id, staff.storeId))
    .where(eq(staff.id, staffId));
  return row;
}

export async function staffServiceIds(db: Db, staffId: string): Promise<string[]> {
  const rows = await db
    .select({ serviceId: staffServices.serviceId })
    .from(staffServices)
    .where(eq(staffServices.staffId, staffId))
    .orderBy(asc(staffServices.serviceId));
  return rows.map((row) => row.serviceId);
}

/** How many of `branchId` / `serviceIds` belong to the store (to refuse other stores' ids). */
export async function countStoreBranches(db: Db, storeId: string, branchId: string): Promise<number> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.storeId, storeId)));
  return rows.length;
}

export async function storeServiceIds(db: Db, storeId: string, serviceIds: string[]): Promise<Set<string>> {
  if (!serviceIds.length) return new Set();
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.storeId, storeId), sql`${services.id} in ${serviceIds}`));
  return new Set(rows.map((row) => row.id));
}

export async function saveStaff(
  db: Db,
  storeId: string,
  values: Partial<StaffInsert>,
  serviceIds: string[] | undefined,
  staffId?: string,
) {
  return db.transaction(async (tx) => {
    let row: typeof staff.$inferSelect;
    if (staffId) {
      const updated = Object.keys(values).length
        ? await tx.update(staff).set(values).where(eq(staff.id, staffId)).returning()
        : await tx.select().from(staff).where(eq(staff.id, staffId));
      row = updated[0]!;
    } else {
      const [inserted] = await tx
        .insert(staff)
        .values({ name: '', ...values, storeId })
        .returning();
      row = inserted!;
    }
    if (serviceIds) {
      await tx.delete(staffServices).where(eq(staffServices.staffId, row.id));
      if (serviceIds.length) {
        await tx
          .insert(staffServices)
          .values(serviceIds.map((serviceId) => ({ staffId: row.id, serviceId })));
      }
    }
    return row;
  });
}

export async function deleteStaff(db: Db, staffId: string): Promise<void> {
  await db.delete(staff).where(eq(staff.id, staffId));
}

/** The stored full-text document (GIN-indexed; schema/stores.ts). */
const storeSearchDocument = stores.searchVector;

export interface StoreSearch {
  text: string;
  terms: SearchTerms;
  location?: string | undefined;
  category?: string | undefined;
  sortBy: 'relevance' | 'rating' | 'discount' | 'newest';
  limit: number;
  /** The trigram pass (typos) instead of the words pass. */
  fuzzy?: boolean | undefined;
  /** Only stores listing an offer whose price after discount is in this range (seed 000 §5). */
  priceRange?: TPriceRange | undefined;
}

/**
 * The words a store's name must contain (ILIKE '%word%', through the name's trigram index): all of
 * them when each has 3 letters or more, else none — a shorter piece ('a', 'sp') matches half the
 * names and no trigram index serves it (8 one-letter words cost 29 ms at 2,000 stores); the words
 * still find names through the stored vector, as word prefixes.
 */
function namedBy(words: readonly string[]): readonly string[] {
  return words.every((word) => word.length >= 3) ? words : [];
}

/** What decides a store search's statement text; the words, places and filters are parameters. */
interface StoreSearchShape {
  /** Words (all, and those left beside a place) as full-text prefixes, and how many a name must contain. */
  words: boolean;
  named: number;
  rest: boolean;
  restNamed: number;
  place: boolean;
  located: boolean;
  category: boolean;
  sortBy: StoreSearch['sortBy'];
  fuzzy: boolean;
  price: boolean;
}

/**
 * Every word is in the name: one ILIKE per word (trigram GIN on stores.name), each a placeholder,
 * and the way the word must stand there (nameWordPattern: whole, at a word's start, or anywhere).
 */
function nameHasPlaceholders(prefix: string, count: number): SQL {
  return sql`(${sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`(${stores.name} ilike ${sql.placeholder(`${prefix}${i}`)} and ${stores.name} ~* ${sql.placeholder(`${prefix}Re${i}`)})`,
    ),
    sql` and `,
  )})`;
}

function prepareStoreSearch(db: Db, shape: StoreSearchShape, name: string) {
  const filters: SQL[] = [];
  if (shape.located) filters.push(locationMatches(stores.locationId, sql.placeholder('location')));
  if (shape.category) filters.push(categoryMatches(stores.category, sql.placeholder('category')));
  if (shape.price) filters.push(storeHasOfferInPriceRange(sql`${stores.id}`));
  const all = shape.words ? sql`to_tsquery('english', ${sql.placeholder('allQuery')})` : null;
  const restQuery = shape.rest ? sql`to_tsquery('english', ${sql.placeholder('restQuery')})` : null;
  const textArms = (query: SQL | null, prefix: string, count: number): SQL[] => [
    ...(query ? [sql`${storeSearchDocument} @@ ${query}`] : []),
    ...(count ? [nameHasPlaceholders(prefix, count)] : []),
  ];
  const inPlace = shape.place
    ? sql`${stores.locationId} = any(${sql.placeholder('placeIds')}::text[])`
    : null;
  const arms = textArms(all, 'word', shape.named);
  if (inPlace)
    arms.push(
      shape.rest ? sql`(${inPlace} and ${or(...textArms(restQuery, 'rest', shape.restNamed))})` : inPlace,
    );
  const text = sql`${sql.placeholder('text')}::text`;
  const pattern = sql.placeholder('pattern');
  let relevance = sql`(${all ? sql`ts_rank(${storeSearchDocument}, ${all}) * 2` : sql`0`}
    + ${restQuery && inPlace ? sql`ts_rank(${storeSearchDocument}, ${restQuery}) * 2` : sql`0`}
    + case when lower(${stores.name}) = lower(${text}) then 4 when ${stores.name} ilike ${pattern} then 1 else 0 end
    + ${inPlace ? sql`case when ${inPlace} then 3 else 0 end` : sql`0`})`;
  if (shape.fuzzy) {
    arms.push(sql`${text} <% ${stores.name}`, sql`${stores.name} ilike ${pattern}`);
    if (inPlace && shape.rest)
      arms.push(sql`(${inPlace} and ${sql.placeholder('restText')}::text <% ${stores.name})`);
    relevance = sql`(${relevance} + word_similarity(${text}, ${stores.name}))`;
  }
  return db
    .select({ ...storeColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(and(or(...arms), ...filters))
    .orderBy(...storeSearchOrder(shape.sortBy, relevance), asc(stores.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/**
 * Words first: every word (or its synonym) as a prefix in the stored vector (name, description,
 * category) or in the name; a place the words name gives the stores there (with the other words
 * matching). The fuzzy pass (`fuzzy`, asked for by search-service when the words, as typed and as
 * corrected, found nothing) adds trigram similarity on the name. Ranking: the exact name first, then the named place, then text rank.
 * Each arm reads a GIN or B-tree index, so the planner ORs bitmaps. Issue 16: a named statement
 * per shape (how many words, a place, the filters, the order), as planning it took longer than
 * running it.
 */
export async function searchStores(
  db: Db,
  { terms, location, category, sortBy, limit, fuzzy = false, priceRange }: StoreSearch,
) {
  const { text, words, placeIds, rest, whole = [] } = terms;
  const shape: StoreSearchShape = {
    words: words.length > 0,
    named: namedBy(words).length,
    rest: rest.length > 0,
    restNamed: namedBy(rest).length,
    place: placeIds.length > 0,
    located: Boolean(location),
    category: Boolean(category),
    sortBy,
    fuzzy,
    price: Boolean(priceRange),
  };
  if (!shape.fuzzy && !shape.words && !shape.place) return [];
  const name = `stores_search_${shape.words ? shape.named : 'none'}_${shape.rest ? shape.restNamed : 'none'}_${shape.place ? 'place' : 'any'}_${shape.located ? 'located' : 'anywhere'}_${shape.category ? 'category' : 'all'}_${shape.sortBy}${shape.fuzzy ? '_fuzzy' : ''}${shape.price ? '_priced' : ''}`;
  const patterns = (prefix: string, list: readonly string[]) =>
    Object.fromEntries(
      namedBy(list).flatMap((word, i) => [
        [`${prefix}${i}`, containsPattern(word)],
        [`${prefix}Re${i}`, nameWordPattern(word, whole)],
      ]),
    );
  return preparedStatement(db, name, (named) => prepareStoreSearch(db, shape, named)).execute({
    allQuery: prefixQueryText(words, whole),
    restQuery: prefixQueryText(rest, whole),
    ...patterns('word', words),
    ...patterns('rest', rest),
    placeIds,
    location,
    category,
    text,
    pattern: containsPattern(text),
    restText: rest.join(' '),
    limit,
    ...(shape.price ? priceRangeParams(priceRange) : {}),
  });
}

function storeSearchOrder(sortBy: StoreSearch['sortBy'], relevance: SQL): SQL[] {
  if (sortBy === 'rating') return [desc(stores.rating), desc(stores.totalReviews), desc(relevance)];
  if (sortBy === 'discount') return [desc(stores.cashback), desc(relevance)];
  if (sortBy === 'newest') return [desc(stores.createdAt)];
  return [desc(relevance), desc(stores.totalReviews)];
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

/** Every staff member of one store (any status) with their service ids (merchant site, issue 13). */
export async function storeStaff(db: Db, storeId: string) {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.storeId, storeId))
    .orderBy(asc(staff.name), asc(staff.id));
  if (!rows.length) return [];
  const links = await db
    .select({ staffId: staffServices.staffId, serviceId: staffServices.serviceId })
    .from(staffServices)
    .where(
      inArray(
        staffServices.staffId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    row,
    serviceIds: links.filter((link) => link.staffId === row.id).map((link) => link.serviceId),
  }));
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
