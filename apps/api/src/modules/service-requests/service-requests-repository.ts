import { budgetRangeBounds } from '@d3/shared/service-requests/service-request-rules';
import { and, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  serviceRequestQuotes as quotes,
  serviceRequests as requests,
  serviceRequestReviews as reviews,
} from '../../db/schema/service-requests.js';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteInsert = typeof quotes.$inferInsert;

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Quotes that count on a request: every quote but withdrawn ones. */
// Column names qualified by hand: inside a select list drizzle renders `${requests.id}` unqualified.
const offersCount = sql<number>`(select count(*)::int from ${quotes} q where q.request_id = "service_requests"."id" and q.status <> 'withdrawn')`;
const reviewed = sql<boolean>`exists (select 1 from ${reviews} r where r.request_id = "service_requests"."id")`;

export interface RequestListRow extends RequestRow {
  offersCount: number;
  reviewed: boolean;
}

const listColumns = { request: requests, offersCount, reviewed };

export interface RequestFilters {
  statuses?: readonly string[] | undefined;
  userId?: string | undefined;
  category?: string | undefined;
  budget?: string | undefined;
  timeline?: string | undefined;
  search?: string | undefined;
  location?: string | undefined;
}

function conditions(filters: RequestFilters): SQL | undefined {
  const list: SQL[] = [];
  if (filters.statuses?.length) list.push(inArray(requests.status, [...filters.statuses]));
  if (filters.userId) list.push(eq(requests.userId, filters.userId));
  if (filters.category) list.push(sql`lower(${requests.category}) = ${filters.category.toLowerCase()}`);
  if (filters.timeline) list.push(eq(requests.timeline, filters.timeline));
  const bounds = filters.budget ? budgetRangeBounds(filters.budget) : undefined;
  if (bounds) {
    list.push(gte(requests.budgetMax, String(bounds.min)));
    if (bounds.max !== null) list.push(sql`${requests.budgetMin} <= ${bounds.max}`);
  }
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    list.push(
      sql`(${requests.title} ilike ${pattern} or ${requests.description} ilike ${pattern} or ${requests.category} ilike ${pattern} or ${requests.location} ilike ${pattern})`,
    );
  }
  if (filters.location) list.push(sql`${requests.location} ilike ${containsPattern(filters.location)}`);
  return list.length ? and(...list) : undefined;
}

export async function listRequests(
  db: Executor,
  filters: RequestFilters,
  page: number,
  limit: number,
): Promise<{ rows: RequestListRow[]; total: number }> {
  const where = conditions(filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(requests)
      .where(where)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(requests).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.request, offersCount: row.offersCount, reviewed: row.reviewed })),
    total: totalRow?.total ?? 0,
  };
}

export async function findRequest(db: Executor, id: string): Promise<RequestListRow | undefined> {
  const [row] = await db.select(listColumns).from(requests).where(eq(requests.id, id));
  return row ? { ...row.request, offersCount: row.offersCount, reviewed: row.reviewed } : undefined;
}

export async function lockRequest(
  tx: Executor,
  id: string,
  mode: 'update' | 'share' = 'update',
): Promise<RequestRow | undefined> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for(mode);
  return row;
}

export async function insertRequest(tx: Executor, values: RequestInsert): Promise<RequestRow> {
  const [row] = await tx.insert(requests).values(values).returning();
  return row!;
}

export async function updateRequest(
  tx: Executor,
  id: string,
  values: Partial<RequestInsert>,
): Promise<RequestRow> {
  const [row] = await tx.update(requests).set(values).where(eq(requests.id, id)).returning();
  return row!;
}

export async function lockOpenRequestsOf(tx: Executor, userId: string): Promise<RequestRow[]> {
  return tx
    .select()
    .from(requests)
    .where(and(eq(requests.userId, userId), inArray(requests.status, ['active', 'in_progress'])))
    .orderBy(requests.id)
    .for('update');
}

/** Erasure: the customer's own words go; the request shell stays for the merchants' quotes. */
export async function blankRequestsOf(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(requests)
    .set({
      title: 'Removed service request',
      description: 'Removed at the customer’s request.',
      location: 'Removed',
      requirements: [],
    })
    .where(eq(requests.userId, userId));
}

/** Serialises one customer's posts so the hourly cap holds under concurrent requests. */
export async function lockCustomerPosting(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`service-request:${userId}`}))`);
}

/** Creation times of the customer's requests since `since`, oldest first. */
export async function recentPostTimes(tx: Executor, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.userId, userId), gte(requests.createdAt, since)))
    .orderBy(requests.createdAt);
  return rows.map((row) => row.createdAt);
}

export async function requestStatistics(db: Executor) {
  const [row] = await db
    .select({
      totalRequests: sql<number>`count(*)::int`,
      openRequests: sql<number>`count(*) filter (where ${requests.status} = 'active')::int`,
      inProgressRequests: sql<number>`count(*) filter (where ${requests.status} = 'in_progress')::int`,
      completedRequests: sql<number>`count(*) filter (where ${requests.status} = 'completed')::int`,
      averageBudget: sql<string>`coalesce(avg((${requests.budgetMin} + ${requests.budgetMax}) / 2), 0)`,
      categories: sql<number>`count(distinct ${requests.category})::int`,
    })
    .from(requests);
  const [offers] = await db.select({ total: count() }).from(quotes).where(ne(quotes.status, 'withdrawn'));
  return { ...row!, totalOffers: offers?.total ?? 0 };
}

export async function requestCategoryCounts(db: Executor) {
  return db
    .select({ name: requests.category, count: sql<number>`count(*)::int` })
    .from(requests)
    .where(eq(requests.status, 'active'))
    .groupBy(requests.category);
}

// --- quotes ------------------------------------------------------------------------------------

export interface QuoteWithRequest {
  quote: QuoteRow;
  request: RequestRow;
}

const quoteColumns = { quote: quotes, request: requests };

export interface QuoteFilters {
  requestId?: string | undefined;
  requestIds?: string[] | undefined;
  ownerId?: string | undefined;
  merchantId?: string | undefined;
  storeId?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
}

function quoteConditions(filters: QuoteFilters): SQL | undefined {
  const list: SQL[] = [];
  if (filters.requestId) list.push(eq(quotes.requestId, filters.requestId));
  if (filters.ownerId) list.push(eq(requests.userId, filters.ownerId));
  if (filters.merchantId) list.push(eq(quotes.merchantId, filters.merchantId));
  if (filters.storeId) list.push(eq(quotes.storeId, filters.storeId));
  if (filters.status) list.push(eq(quotes.status, filters.status));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    list.push(sql`(${requests.title} ilike ${pattern} or ${quotes.message} ilike ${pattern})`);
  }
  return list.length ? and(...list) : undefined;
}

export async function listQuotes(
  db: Executor,
  filters: QuoteFilters,
  page: number,
  limit: number,
): Promise<{ rows: QuoteWithRequest[]; total: number }> {
  const where = quoteConditions(filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(quoteColumns)
      .from(quotes)
      .innerJoin(requests, eq(requests.id, quotes.requestId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(quotes)
      .innerJoin(requests, eq(requests.id, quotes.requestId))
      .where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findQuote(db: Executor, id: string): Promise<QuoteWithRequest | undefined> {
  const [row] = await db
    .select(quoteColumns)
    .from(quotes)
    .innerJoin(requests, eq(requests.id, quotes.requestId))
    .where(eq(quotes.id, id));
  return row;
}

export async function quotesByIds(db: Executor, ids: string[]): Promise<QuoteWithRequest[]> {
  if (!ids.length) return [];
  return db
    .select(quoteColumns)
    .from(quotes)
    .innerJoin(requests, eq(requests.id, quotes.requestId))
    .where(inArray(quotes.id, ids));
}

export async function lockQuote(tx: Executor, id: string): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function insertQuote(tx: Executor, values: QuoteInsert): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(values).returning();
  return row!;
}

export async function updateQuote(tx: Executor, id: string, values: Partial<QuoteInsert>): Promise<QuoteRow> {
  const [row] = await tx.update(quotes).set(values).where(eq(quotes.id, id)).returning();
  return row!;
}

/** Rejects every other pending quote of the request; returns them. */
export async function rejectOtherPending(
  tx: Executor,
  requestId: string,
  keepId: string | null,
  reason: string,
  now: Date,
): Promise<QuoteRow[]> {
  return tx
    .update(quotes)
    .set({ status: 'rejected', rejectReason: reason, decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(quotes.requestId, requestId),
        eq(quotes.status, 'pending'),
        keepId ? ne(quotes.id, keepId) : undefined,
      ),
    )
    .returning();
}

/** Request ids among `ids` on which one of the merchant's stores has a live quote. */
export async function requestsWithMerchantQuote(db: Executor, merchantId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ requestId: quotes.requestId })
    .from(quotes)
    .where(
      and(
        eq(quotes.merchantId, merchantId),
        inArray(quotes.requestId, ids),
        inArray(quotes.status, ['pending', 'accepted']),
      ),
    );
  return new Set(rows.map((row) => row.requestId));
}

// --- reviews -----------------------------------------------------------------------------------

export async function insertReview(tx: Executor, values: typeof reviews.$inferInsert) {
  const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning();
  return row;
}
