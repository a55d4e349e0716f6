import { SERVICE_REQUEST_MESSAGES as M } from '@d3/shared/service-requests/service-request-rules';
import type {
  TCreateServiceRequest,
  TMyRequestsQuery,
  TPublicRequestsQuery,
  TQuote,
  TServiceRequest,
} from '@d3/shared/service-requests/service-request-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Session } from '../../plugins/auth.js';
import { resolveCategory, storeCategories } from '../stores/stores-service.js';
import { eventOf, publish } from './request-events.js';
import {
  assertOwner,
  loadQuote,
  loadRequest,
  ownerView,
  quoteViews,
  requestPage,
  requestViews,
} from './request-views.js';
import * as repository from './service-requests-repository.js';

// Service requests (seed 001 §7 "Service requests"): lists, categories, statistics, detail, and the
// owner's post, edit, cancel, complete and review of the provider.

/** Posting cap per customer (seed 001 §8: 429 + Retry-After). */
export const REQUESTS_PER_HOUR = 5;

const HOUR_MS = 60 * 60 * 1000;

export async function listPublicRequests(db: Db, query: TPublicRequestsQuery, session: Session | null) {
  const { rows, total } = await repository.listRequests(
    db,
    {
      statuses: ['active'],
      category: query.category,
      budget: query.budget ?? query.budgetRange,
      timeline: query.timeline,
      search: query.search ?? query.q,
      location: query.location,
    },
    query.page,
    query.limit,
  );
  return requestPage(db, rows, total, query, session);
}

const STATUS_GROUPS: Record<string, readonly string[]> = {
  past: ['completed', 'cancelled'],
  open: ['active', 'in_progress'],
};

export async function listMyRequests(db: Db, session: Session, query: TMyRequestsQuery) {
  const statuses = query.status ? (STATUS_GROUPS[query.status] ?? [query.status]) : undefined;
  const { rows, total } = await repository.listRequests(
    db,
    { userId: session.sub, statuses, search: query.search },
    query.page,
    query.limit,
  );
  return requestPage(db, rows, total, query, session);
}

export async function requestCategories(db: Db) {
  const [catalogue, counts] = await Promise.all([storeCategories(db), repository.requestCategoryCounts(db)]);
  const byName = new Map(counts.map((row) => [row.name.toLowerCase(), Number(row.count)]));
  const names = new Map<string, string>();
  for (const category of catalogue) names.set(category.name.toLowerCase(), category.name);
  for (const row of counts)
    if (!names.has(row.name.toLowerCase())) names.set(row.name.toLowerCase(), row.name);
  const categories = [...names.entries()]
    .map(([key, name]) => ({ name, count: byName.get(key) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { success: true as const, categories };
}

export async function requestStatistics(db: Db) {
  const row = await repository.requestStatistics(db);
  return {
    success: true as const,
    statistics: {
      totalRequests: Number(row.totalRequests),
      openRequests: Number(row.openRequests),
      inProgressRequests: Number(row.inProgressRequests),
      completedRequests: Number(row.completedRequests),
      totalOffers: Number(row.totalOffers),
      averageBudget: Math.round(Number(row.averageBudget) * 100) / 100,
      categories: Number(row.categories),
    },
  };
}

export async function getRequestDetail(db: Db, id: string, session: Session | null) {
  const row = await loadRequest(db, id);
  const [view] = await requestViews(db, [row], session);
  let offers: TQuote[] = [];
  if (session?.role === 'customer' && session.sub === row.userId) {
    offers = await quoteViews(db, (await repository.listQuotes(db, { requestId: id }, 1, 200)).rows);
  } else if (session?.role === 'merchant') {
    offers = await quoteViews(
      db,
      (await repository.listQuotes(db, { requestId: id, merchantId: session.sub }, 1, 200)).rows,
    );
  }
  return { success: true as const, request: view!, data: view!, offers };
}

export async function createRequest(
  db: Db,
  userId: string,
  body: TCreateServiceRequest,
  now = new Date(),
): Promise<TServiceRequest> {
  const category = await resolveCategory(db, body.category).catch(() => {
    throw new AppError('VALIDATION_ERROR', 'Unknown category', { category: 'Unknown category' });
  });
  const row = await db.transaction(async (tx) => {
    await repository.lockCustomerPosting(tx, userId);
    const recent = await repository.recentPostTimes(tx, userId, new Date(now.getTime() - HOUR_MS));
    if (recent.length >= REQUESTS_PER_HOUR) {
      const oldest = recent[recent.length - REQUESTS_PER_HOUR]!;
      const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests. Please try again in ${retryAfter} seconds.`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
    return repository.insertRequest(tx, {
      userId,
      ...requestColumns(body, category),
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
  });
  return ownerView(db, { ...row, offersCount: 0, reviewed: false }, userId);
}

/** The columns a request's form sets, on create and on edit alike. */
function requestColumns(body: TCreateServiceRequest, category: string) {
  return {
    title: body.title,
    category,
    description: body.description,
    budgetMin: body.budgetMin.toFixed(2),
    budgetMax: body.budgetMax.toFixed(2),
    timeline: body.timeline,
    location: body.location,
    requirements: body.requirements,
    priority: body.priority,
  };
}

/** The owner edits an open request that has no quotes yet. */
export async function updateRequest(
  db: Db,
  userId: string,
  id: string,
  body: TCreateServiceRequest,
  now = new Date(),
) {
  await assertOwner(db, id, userId);
  const category = await resolveCategory(db, body.category);
  await db.transaction(async (tx) => {
    const locked = (await repository.lockRequest(tx, id))!;
    const fresh = await repository.findRequest(tx, id);
    if (locked.status !== 'active' || (fresh?.offersCount ?? 0) > 0) {
      throw new AppError('REQUEST_STATE_INVALID', M.editNotAllowed);
    }
    await repository.updateRequest(tx, id, {
      ...requestColumns(body, category),
      updatedAt: now,
    });
  });
  return ownerView(db, await loadRequest(db, id), userId);
}

/** The owner cancels an open or in-progress request; its pending quotes are rejected. */
export async function cancelRequest(db: Db, bus: EventBus, userId: string, id: string, now = new Date()) {
  await assertOwner(db, id, userId);
  const events = await db.transaction(async (tx) => {
    const request = (await repository.lockRequest(tx, id))!;
    if (request.status !== 'active' && request.status !== 'in_progress') {
      throw new AppError('REQUEST_STATE_INVALID', M.ownRequestCancelled);
    }
    const updated = await repository.updateRequest(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    const rejected = await repository.rejectOtherPending(tx, id, null, 'Request cancelled', now);
    return rejected.map((quote) => eventOf('service_request.offer_rejected', quote, updated, now));
  });
  publish(bus, events);
  return ownerView(db, await loadRequest(db, id), userId);
}

/** The owner marks an in-progress request completed (a booked quote completes it with the booking). */
export async function completeRequest(db: Db, userId: string, id: string, now = new Date()) {
  await assertOwner(db, id, userId);
  await db.transaction(async (tx) => {
    const request = (await repository.lockRequest(tx, id))!;
    if (request.status !== 'in_progress') throw new AppError('REQUEST_STATE_INVALID', M.completeNotAllowed);
    await repository.updateRequest(tx, id, { status: 'completed', completedAt: now, updatedAt: now });
  });
  return ownerView(db, await loadRequest(db, id), userId);
}

/** The owner reviews the accepted provider once the request is completed; once. */
export async function reviewProvider(
  db: Db,
  userId: string,
  requestId: string,
  body: { rating: number; review: string },
  now = new Date(),
) {
  const request = await assertOwner(db, requestId, userId);
  if (request.status !== 'completed' || !request.acceptedQuoteId) {
    throw new AppError('REQUEST_REVIEW_NOT_ALLOWED', M.reviewNotAllowed);
  }
  const accepted = await loadQuote(db, request.acceptedQuoteId);
  const row = await repository.insertReview(db, {
    requestId,
    userId,
    storeId: accepted.quote.storeId,
    rating: body.rating,
    review: body.review,
    createdAt: now,
  });
  if (!row) throw new AppError('REQUEST_REVIEW_EXISTS', M.reviewDuplicate);
  return {
    id: row.id,
    requestId,
    storeId: row.storeId,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  };
}
