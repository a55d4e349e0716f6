import type { TReviewListQuery } from '@d3/shared/engagement/engagement-schemas';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  favorites,
  merchantNotificationSettings,
  notificationSettings,
  reviews,
  storeFollows,
} from '../../db/schema/engagement.js';

/** A query runs on the pool or inside a transaction alike. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const count = sql<number>`count(*)`.mapWith(Number);

// ---- favourites ----

/** true when this call added the row; the unique index settles concurrent adds. */
export async function insertFavorite(db: Executor, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .insert(favorites)
    .values({ userId, offerId })
    .onConflictDoNothing({ target: [favorites.userId, favorites.offerId] })
    .returning({ id: favorites.id });
  return rows.length > 0;
}

export async function deleteFavorite(db: Executor, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)))
    .returning({ id: favorites.id });
  return rows.length > 0;
}

export async function isFavorite(db: Executor, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)));
  return rows.length > 0;
}

/**
 * Serialises toggles of one (user, offer) pair for the rest of the transaction, so each toggle
 * sees the previous one's result and flips it (a transaction-scoped advisory lock: no row to lock
 * when the favourite does not exist yet).
 */
export async function lockFavoritePair(tx: Executor, userId: string, offerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`favorite:${userId}:${offerId}`}, 0))`,
  );
}

const favoriteOrder = [desc(favorites.createdAt), desc(favorites.id)];

export async function favoritePage(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ id: favorites.id, offerId: favorites.offerId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...favoriteOrder)
    .limit(limit)
    .offset(offset);
}

export async function allFavorites(db: Db, userId: string) {
  return db
    .select({ id: favorites.id, offerId: favorites.offerId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...favoriteOrder);
}

/** Offer ids only, newest first: light enough to send whole, however many favourites there are. */
export async function favoriteOfferIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ offerId: favorites.offerId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...favoriteOrder);
  return rows.map((row) => row.offerId);
}

export async function countFavorites(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count }).from(favorites).where(eq(favorites.userId, userId));
  return row?.count ?? 0;
}

// ---- follows ----

export async function deleteFollow(db: Executor, userId: string, storeId: string): Promise<boolean> {
  const rows = await db
    .delete(storeFollows)
    .where(and(eq(storeFollows.userId, userId), eq(storeFollows.storeId, storeId)))
    .returning({ id: storeFollows.id });
  return rows.length > 0;
}

export async function insertFollow(db: Executor, userId: string, storeId: string): Promise<void> {
  await db
    .insert(storeFollows)
    .values({ userId, storeId })
    .onConflictDoNothing({ target: [storeFollows.userId, storeFollows.storeId] });
}

export async function isFollowing(db: Executor, userId: string, storeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: storeFollows.id })
    .from(storeFollows)
    .where(and(eq(storeFollows.userId, userId), eq(storeFollows.storeId, storeId)));
  return rows.length > 0;
}

export async function countStoreFollowers(db: Executor, storeId: string): Promise<number> {
  const [row] = await db.select({ count }).from(storeFollows).where(eq(storeFollows.storeId, storeId));
  return row?.count ?? 0;
}

export async function followedStoreIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storeId: storeFollows.storeId })
    .from(storeFollows)
    .where(eq(storeFollows.userId, userId))
    .orderBy(desc(storeFollows.createdAt), desc(storeFollows.id));
  return rows.map((row) => row.storeId);
}

export async function countFollowedStores(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count }).from(storeFollows).where(eq(storeFollows.userId, userId));
  return row?.count ?? 0;
}

// ---- reviews ----

export type ReviewRow = typeof reviews.$inferSelect;

/** undefined when the customer already reviewed this store (the unique index decides). */
export async function insertReview(
  db: Executor,
  values: { userId: string; storeId: string; rating: number; text: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.userId, reviews.storeId] })
    .returning();
  return row;
}

export async function findReview(db: Executor, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

export async function updateReview(
  db: Executor,
  id: string,
  values: Partial<Pick<ReviewRow, 'rating' | 'text' | 'responseText' | 'respondedAt'>>,
): Promise<ReviewRow | undefined> {
  const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row;
}

/** The customer's review of the store, if any (at most one: the unique index). */
export async function findUserReview(db: Executor, userId: string, storeId: string) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.storeId, storeId)));
  return row;
}

export async function deleteReview(db: Executor, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

/** Average (2 decimals, as text), count and per-star counts of one store's reviews. */
export async function reviewFigures(db: Executor, storeId: string) {
  const star = (value: number) =>
    sql<number>`count(*) filter (where ${reviews.rating} = ${value})`.mapWith(Number);
  const [row] = await db
    .select({
      total: count,
      average: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text`,
      one: star(1),
      two: star(2),
      three: star(3),
      four: star(4),
      five: star(5),
    })
    .from(reviews)
    .where(eq(reviews.storeId, storeId));
  return row!;
}

function reviewOrder(sortBy: TReviewListQuery['sortBy']): SQL[] {
  switch (sortBy) {
    case 'oldest':
      return [asc(reviews.createdAt), asc(reviews.id)];
    case 'highest':
      return [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)];
    case 'lowest':
      return [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)];
    default:
      return [desc(reviews.createdAt), desc(reviews.id)];
  }
}

const windowTotal = sql<number>`count(*) over()`.mapWith(Number);

export async function storeReviewPage(db: Db, storeId: string, query: TReviewListQuery) {
  const conditions = [eq(reviews.storeId, storeId)];
  if (query.rating) conditions.push(eq(reviews.rating, query.rating));
  const where = and(...conditions);
  const rows = await db
    .select({ review: reviews, total: windowTotal })
    .from(reviews)
    .where(where)
    .orderBy(...reviewOrder(query.sortBy))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length || query.page === 1)
    return { rows: rows.map((row) => row.review), total: rows[0]?.total ?? 0 };
  const [row] = await db.select({ count }).from(reviews).where(where);
  return { rows: [], total: row?.count ?? 0 };
}

export async function reviewsOfStoresPage(db: Db, storeIds: string[], limit: number, offset: number) {
  if (!storeIds.length) return { rows: [], total: 0 };
  const where = inArray(reviews.storeId, storeIds);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ count }).from(reviews).where(where),
  ]);
  return { rows, total: totals?.count ?? 0 };
}

export async function allStoreReviews(db: Db, storeId: string) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.storeId, storeId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

// ---- notification settings ----

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationSettingsPatch = Partial<Omit<NotificationSettingsRow, 'userId' | 'updatedAt'>>;

export async function findNotificationSettings(db: Db, userId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/** Creates the row with the defaults plus `patch`, or changes only the fields in `patch`. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Of these customers, the ones who turned WhatsApp on (issue 36). */
export async function whatsappOptedIn(db: Db, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.whatsapp, true)));
  return rows.map((row) => row.userId);
}

export type MerchantNotificationSettingsPatch = Partial<
  Omit<typeof merchantNotificationSettings.$inferSelect, 'merchantId' | 'updatedAt'>
>;

/** The rows of several customers (none for those without one). */
export async function findNotificationSettingsOfMany(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
}

/** The rows of several merchants (none for those without one). */
export async function findMerchantNotificationSettingsOfMany(db: Db, merchantIds: string[]) {
  if (!merchantIds.length) return [];
  return db
    .select()
    .from(merchantNotificationSettings)
    .where(inArray(merchantNotificationSettings.merchantId, merchantIds));
}

export async function findMerchantNotificationSettings(db: Db, merchantId: string) {
  const [row] = await db
    .select()
    .from(merchantNotificationSettings)
    .where(eq(merchantNotificationSettings.merchantId, merchantId));
  return row;
}

/** A merchant's row: created with the defaults plus `patch`, or only the fields in `patch` change. */
export async function saveMerchantNotificationSettings(
  db: Db,
  merchantId: string,
  patch: MerchantNotificationSettingsPatch,
) {
  const [row] = await db
    .insert(merchantNotificationSettings)
    .values({ merchantId, ...patch })
    .onConflictDoUpdate({
      target: merchantNotificationSettings.merchantId,
      set: { ...patch, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

// ---- erasure ----

/** Stores whose counters change when this customer's follows and reviews go, sorted by id. */
export async function storesTouchedBy(tx: Executor, userId: string): Promise<string[]> {
  const [followed, reviewed] = await Promise.all([
    tx.select({ storeId: storeFollows.storeId }).from(storeFollows).where(eq(storeFollows.userId, userId)),
    tx.select({ storeId: reviews.storeId }).from(reviews).where(eq(reviews.userId, userId)),
  ]);
  return [...new Set([...followed, ...reviewed].map((row) => row.storeId))].sort();
}

export async function deleteCustomerEngagement(tx: Executor, userId: string): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(storeFollows).where(eq(storeFollows.userId, userId));
  await tx.delete(reviews).where(eq(reviews.userId, userId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
}

/** Every follower of a store (notification broadcasts, issue 11). */
export async function storeFollowerIds(db: Db, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: storeFollows.userId })
    .from(storeFollows)
    .where(eq(storeFollows.storeId, storeId));
  return rows.map((row) => row.userId);
}

// ---- store figures for many stores at once (issue 15: the demo seeder) ----

/** Rating (2 decimals), review count and followers of each store in `storeIds` that has any. */
export async function storeFiguresMany(db: Executor, storeIds: string[]) {
  if (!storeIds.length) return [];
  const [reviewRows, followRows] = await Promise.all([
    db
      .select({
        storeId: reviews.storeId,
        total: count,
        average: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text`,
      })
      .from(reviews)
      .where(inArray(reviews.storeId, storeIds))
      .groupBy(reviews.storeId),
    db
      .select({ storeId: storeFollows.storeId, total: count })
      .from(storeFollows)
      .where(inArray(storeFollows.storeId, storeIds))
      .groupBy(storeFollows.storeId),
  ]);
  const reviewsOf = new Map(reviewRows.map((row) => [row.storeId, row]));
  const followersOf = new Map(followRows.map((row) => [row.storeId, row.total]));
  return storeIds.map((storeId) => ({
    storeId,
    rating: reviewsOf.get(storeId)?.average ?? '0',
    totalReviews: reviewsOf.get(storeId)?.total ?? 0,
    followers: followersOf.get(storeId) ?? 0,
  }));
}
