import type { TQuoteBookingTarget, TQuoteBookRequest } from '@d3/shared/bookings/booking-schemas';
import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { reviewerName } from '@d3/shared/engagement/review-rules';
import {
  formatBudget,
  SERVICE_REQUEST_MESSAGES as M,
  quoteDurationMinutes,
  responseTimeLabel,
  type TQuoteStatus,
  type TRequestPriority,
  type TRequestRequirement,
  type TRequestStatus,
  type TRequestTimeline,
} from '@d3/shared/service-requests/service-request-rules';
import type {
  TCreateQuote,
  TCreateServiceRequest,
  TMyRequestsQuery,
  TOffersQuery,
  TPublicRequestsQuery,
  TQuote,
  TServiceRequest,
} from '@d3/shared/service-requests/service-request-schemas';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus, ServiceRequestOfferEventPayload } from '../../events/event-bus.js';
import type { Session } from '../../plugins/auth.js';
import { customerNames } from '../accounts/accounts-service.js';
import {
  type BookingCompletionHook,
  type CreateBookingResult,
  createQuoteBooking,
  liveQuoteBookingId,
  onBookingCompletedInTransaction,
  type QuoteBookingInfo,
  quoteBranches,
  quoteSlots,
} from '../bookings/bookings-service.js';
import { assertStoreOwner, resolveCategory, storeCategories, storesByIds } from '../stores/stores-service.js';
import * as repository from './service-requests-repository.js';

/** Posting cap per customer (seed 001 §8: 429 + Retry-After). */
export const REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/** A provider counts as verified once its store has this many reviews (the POPULAR badge). */
export const VERIFIED_PROVIDER_REVIEWS = 10;

type OfferEventName =
  | 'service_request.offer_created'
  | 'service_request.offer_accepted'
  | 'service_request.offer_rejected'
  | 'service_request.offer_withdrawn';

/** A service-request event to publish on `app.events` once the transaction has committed. */
export interface PendingRequestEvent {
  name: OfferEventName;
  payload: ServiceRequestOfferEventPayload;
}

function eventOf(
  name: OfferEventName,
  quote: repository.QuoteRow,
  request: repository.RequestRow,
  at: Date,
): PendingRequestEvent {
  return {
    name,
    payload: {
      requestId: request.id,
      offerId: quote.id,
      ownerUserId: request.userId,
      storeId: quote.storeId,
      merchantUserId: quote.merchantId,
      quotedPrice: Number(quote.quotedPrice),
      requestTitle: request.title,
      at,
    },
  };
}

function publish(bus: EventBus, events: readonly PendingRequestEvent[]) {
  for (const event of events) bus.publish(event.name, event.payload);
}

/** Publishes what a committed transaction of another module (account erasure) produced here. */
export function publishRequestEvents(bus: EventBus, events: readonly PendingRequestEvent[]) {
  publish(bus, events);
}

/**
 * Right to erasure, inside the engagement module's delete-account transaction: the customer's open
 * and in-progress requests are cancelled (their pending quotes rejected, so no merchant keeps
 * quoting for someone who left) and the text of every request they posted is blanked. Quotes stay
 * (the merchants' history). Publish the returned events after commit.
 */
export async function eraseCustomerRequests(
  tx: repository.Executor,
  userId: string,
  now = new Date(),
): Promise<PendingRequestEvent[]> {
  const events: PendingRequestEvent[] = [];
  for (const request of await repository.lockOpenRequestsOf(tx, userId)) {
    const updated = await repository.updateRequest(tx, request.id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    const rejected = await repository.rejectOtherPending(
      tx,
      request.id,
      null,
      'Customer account deleted',
      now,
    );
    events.push(...rejected.map((quote) => eventOf('service_request.offer_rejected', quote, updated, now)));
  }
  await repository.blankRequestsOf(tx, userId);
  return events;
}

const pagination = (page: number, limit: number, total: number) => {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, currentPage: page, limit, total, totalPages, hasNextPage: page < totalPages };
};

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

const isVerified = (store: TStore | undefined) => (store?.totalReviews ?? 0) >= VERIFIED_PROVIDER_REVIEWS;

function toQuote(row: repository.QuoteWithRequest, stores: Map<string, TStore>): TQuote {
  const { quote, request } = row;
  const store = stores.get(quote.storeId);
  const price = Number(quote.quotedPrice);
  return {
    id: quote.id,
    requestId: request.id,
    requestTitle: request.title,
    requestCategory: request.category,
    requestStatus: request.status as TRequestStatus,
    storeName: store?.name ?? 'Store',
    storeId: quote.storeId,
    providerName: store?.name ?? 'Store',
    providerId: quote.storeId,
    quotedPrice: price,
    price,
    estimatedDuration: quote.estimatedDuration,
    availability: quote.availability,
    includesSupplies: quote.includesSupplies,
    warranty: quote.warranty,
    responseTime: responseTimeLabel(request.createdAt, quote.createdAt),
    verified: isVerified(store),
    rating: store?.rating ?? 0,
    reviews: store?.totalReviews ?? 0,
    storeDetails: {
      id: quote.storeId,
      name: store?.name ?? 'Store',
      logo: store?.logo ?? null,
      location: store?.location ?? null,
      category: store?.category ?? null,
      rating: store?.rating ?? 0,
      totalReviews: store?.totalReviews ?? 0,
      verified: isVerified(store),
    },
    message: quote.message,
    createdAt: quote.createdAt.toISOString(),
    status: quote.status as TQuoteStatus,
    avatar: store?.logo ?? null,
  };
}

async function quoteViews(db: Db, rows: repository.QuoteWithRequest[]): Promise<TQuote[]> {
  const stores = new Map(
    (await storesByIds(db, [...new Set(rows.map((row) => row.quote.storeId))])).map((s) => [s.id, s]),
  );
  return rows.map((row) => toQuote(row, stores));
}

async function requestViews(
  db: Db,
  rows: repository.RequestListRow[],
  session: Session | null,
): Promise<TServiceRequest[]> {
  const acceptedIds = rows.flatMap((row) => (row.acceptedQuoteId ? [row.acceptedQuoteId] : []));
  const [names, accepted, mine] = await Promise.all([
    customerNames(
      db,
      rows.map((row) => row.userId),
    ),
    acceptedIds.length ? repository.quotesByIds(db, acceptedIds).then((q) => quoteViews(db, q)) : [],
    session?.role === 'merchant'
      ? repository.requestsWithMerchantQuote(
          db,
          session.sub,
          rows.map((row) => row.id),
        )
      : new Set<string>(),
  ]);
  const acceptedById = new Map(accepted.map((quote) => [quote.id, quote]));
  return rows.map((row) => {
    const name = names.get(row.userId);
    const acceptedQuote = row.acceptedQuoteId ? acceptedById.get(row.acceptedQuoteId) : undefined;
    const budgetMin = Number(row.budgetMin);
    const budgetMax = Number(row.budgetMax);
    return {
      id: row.id,
      title: row.title,
      category: row.category,
      description: row.description,
      budget: formatBudget(budgetMin, budgetMax),
      budgetMin,
      budgetMax,
      timeline: row.timeline as TRequestTimeline,
      location: row.location,
      requirements: row.requirements as TRequestRequirement[],
      priority: row.priority as TRequestPriority,
      status: row.status as TRequestStatus,
      verified: name?.phoneVerified ?? false,
      postedBy: name ? reviewerName(name.firstName, name.lastName, name.deleted) : 'Customer',
      postedTime: row.createdAt.toISOString(),
      offers: row.offersCount,
      offersCount: row.offersCount,
      acceptedOffer: acceptedQuote
        ? {
            id: acceptedQuote.id,
            storeId: acceptedQuote.storeId,
            storeName: acceptedQuote.storeName,
            price: acceptedQuote.quotedPrice,
            rating: acceptedQuote.rating,
            estimatedDuration: acceptedQuote.estimatedDuration,
          }
        : null,
      isOwner: session?.role === 'customer' && session.sub === row.userId,
      hasMyOffer: mine.has(row.id),
      reviewed: row.reviewed,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A page of requests as both lists answer it: `requests` and its alias `data`, with the pagination. */
async function requestPage(
  db: Db,
  rows: repository.RequestListRow[],
  total: number,
  query: { page: number; limit: number },
  session: Session | null,
) {
  const views = await requestViews(db, rows, session);
  return {
    success: true as const,
    requests: views,
    data: views,
    pagination: pagination(query.page, query.limit, total),
  };
}

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

async function loadRequest(db: Db, id: string) {
  const row = await repository.findRequest(db, id);
  if (!row) throw new AppError('SERVICE_REQUEST_NOT_FOUND', M.requestNotFound);
  return row;
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

/** One page of the quotes matching `filters`, as both quote lists answer it. */
async function quotePage(db: Db, filters: repository.QuoteFilters, query: TOffersQuery) {
  const { rows, total } = await repository.listQuotes(db, filters, query.page, query.limit);
  const views = await quoteViews(db, rows);
  return {
    success: true as const,
    offers: views,
    data: views,
    pagination: pagination(query.page, query.limit, total),
  };
}

/** `GET /request-service/{id}/offers`: the owner sees all quotes, a merchant its own, another customer 403. */
export async function listRequestQuotes(db: Db, id: string, session: Session, query: TOffersQuery) {
  const row = await loadRequest(db, id);
  if (session.role === 'customer' && session.sub !== row.userId) {
    throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  }
  const filters: repository.QuoteFilters = {
    requestId: id,
    status: query.status,
    ...(session.role === 'merchant' ? { merchantId: session.sub } : {}),
  };
  return quotePage(db, filters, query);
}

/** A customer: quotes received on all of their requests. A merchant: the quotes it made. */
export async function listMyQuotes(db: Db, session: Session, query: TOffersQuery) {
  const filters: repository.QuoteFilters =
    session.role === 'customer'
      ? { ownerId: session.sub, status: query.status, search: query.search }
      : { merchantId: session.sub, status: query.status, search: query.search };
  return quotePage(db, filters, query);
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

/** The owner's own view of one request (what create, edit, cancel and complete answer). */
async function ownerView(db: Db, row: repository.RequestListRow, userId: string) {
  const [view] = await requestViews(db, [row], { sub: userId, role: 'customer', tv: 0 });
  return view!;
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

async function assertOwner(db: Db, id: string, userId: string) {
  const row = await loadRequest(db, id);
  if (row.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  return row;
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

// ---------------------------------------------------------------------------------------------
// Quotes
// ---------------------------------------------------------------------------------------------

export async function createQuote(
  db: Db,
  bus: EventBus,
  merchantId: string,
  requestId: string,
  body: TCreateQuote,
  now = new Date(),
): Promise<TQuote> {
  await loadRequest(db, requestId);
  const store = await assertStoreOwner(db, body.storeId, merchantId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'FORBIDDEN') {
      throw new AppError('FORBIDDEN', M.notYourStore);
    }
    throw error;
  });
  let result: { quote: repository.QuoteRow; request: repository.RequestRow };
  try {
    result = await db.transaction(async (tx) => {
      // Shares the lock an accept takes: no quote slips in while another is being accepted.
      const request = (await repository.lockRequest(tx, requestId, 'share'))!;
      if (request.status !== 'active') throw new AppError('REQUEST_NOT_OPEN', M.notOpen);
      const quote = await repository.insertQuote(tx, {
        requestId,
        storeId: store.id ?? body.storeId,
        merchantId,
        quotedPrice: body.quotedPrice.toFixed(2),
        message: body.message,
        availability: body.availability,
        estimatedDuration: body.estimatedDuration,
        includesSupplies: body.includesSupplies,
        warranty: body.warranty,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      return { quote, request };
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes('live_store'))
      throw new AppError('DUPLICATE_QUOTE', M.duplicateQuote);
    throw error;
  }
  publish(bus, [eventOf('service_request.offer_created', result.quote, result.request, now)]);
  const [view] = await quoteViews(db, [result]);
  return view!;
}

/** A quote as its notifications need it (no owner check: the caller is the system); null when gone. */
export async function quoteForNotification(db: Db, id: string): Promise<TQuote | null> {
  const row = await repository.findQuote(db, id);
  if (!row) return null;
  const [view] = await quoteViews(db, [row]);
  return view ?? null;
}

async function loadQuote(db: Db, id: string) {
  const row = await repository.findQuote(db, id);
  if (!row) throw new AppError('QUOTE_NOT_FOUND', M.offerNotFound);
  return row;
}

/**
 * The owner accepts a pending quote: one transaction accepts it, rejects every other pending
 * quote and moves the request to in_progress. The request row lock serialises racing accepts;
 * the loser finds its quote rejected (400).
 */
export async function acceptQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  requestId: string | undefined,
  quoteId: string,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadQuote(db, quoteId);
  if (requestId && found.request.id !== requestId) throw new AppError('QUOTE_NOT_FOUND', M.offerNotFound);
  if (found.request.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPending, async (tx, request) => {
    if (request.status !== 'active') throw new AppError('REQUEST_NOT_OPEN', M.notOpen);
    const accepted = await repository.updateQuote(tx, quoteId, {
      status: 'accepted',
      decidedAt: now,
      updatedAt: now,
    });
    const rejected = await repository.rejectOtherPending(
      tx,
      request.id,
      quoteId,
      'Another offer was accepted',
      now,
    );
    const updated = await repository.updateRequest(tx, request.id, {
      status: 'in_progress',
      acceptedQuoteId: quoteId,
      updatedAt: now,
    });
    return [
      eventOf('service_request.offer_accepted', accepted, updated, now),
      ...rejected.map((row) => eventOf('service_request.offer_rejected', row, updated, now)),
    ];
  });
}

export async function rejectQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  requestId: string | undefined,
  quoteId: string,
  reason: string | undefined,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadQuote(db, quoteId);
  if (requestId && found.request.id !== requestId) throw new AppError('QUOTE_NOT_FOUND', M.offerNotFound);
  if (found.request.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPending, async (tx, request) => {
    const rejected = await repository.updateQuote(tx, quoteId, {
      status: 'rejected',
      rejectReason: reason || null,
      decidedAt: now,
      updatedAt: now,
    });
    return [eventOf('service_request.offer_rejected', rejected, request, now)];
  });
}

/** The quoting merchant withdraws its pending quote. */
export async function withdrawQuote(
  db: Db,
  bus: EventBus,
  merchantId: string,
  quoteId: string,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadQuote(db, quoteId);
  if (found.quote.merchantId !== merchantId) throw new AppError('NOT_QUOTE_OWNER', M.notYourQuote);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPendingWithdraw, async (tx, request) => {
    const withdrawn = await repository.updateQuote(tx, quoteId, {
      status: 'withdrawn',
      decidedAt: now,
      updatedAt: now,
    });
    return [eventOf('service_request.offer_withdrawn', withdrawn, request, now)];
  });
}

/**
 * Locks the quote's request and the quote, refuses a quote no longer pending (`notPending`), lets
 * `decide` write in that transaction, publishes its events once committed and answers the quote.
 */
async function decidePendingQuote(
  db: Db,
  bus: EventBus,
  requestId: string,
  quoteId: string,
  notPending: string,
  decide: (tx: repository.Executor, request: repository.RequestRow) => Promise<PendingRequestEvent[]>,
): Promise<TQuote> {
  const events = await db.transaction(async (tx) => {
    const request = (await repository.lockRequest(tx, requestId))!;
    const quote = (await repository.lockQuote(tx, quoteId))!;
    if (quote.status !== 'pending') throw new AppError('QUOTE_NOT_PENDING', notPending);
    return decide(tx, request);
  });
  publish(bus, events);
  const [view] = await quoteViews(db, [await loadQuote(db, quoteId)]);
  return view!;
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

// ---------------------------------------------------------------------------------------------
// Booking an accepted quote (issue 12; docs/decisions.md "Booking an accepted quote")
// ---------------------------------------------------------------------------------------------

/**
 * The quote a customer may book: it exists (404), the caller posted its request (403), it is the
 * accepted quote of a request still in progress (400 QUOTE_NOT_ACCEPTED otherwise).
 */
async function bookableQuote(db: Db, userId: string, quoteId: string) {
  const found = await loadQuote(db, quoteId);
  if (found.request.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  if (
    found.quote.status !== 'accepted' ||
    found.request.status !== 'in_progress' ||
    found.request.acceptedQuoteId !== quoteId
  ) {
    throw new AppError('QUOTE_NOT_ACCEPTED');
  }
  const info: QuoteBookingInfo = {
    quoteId,
    storeId: found.quote.storeId,
    durationMinutes: quoteDurationMinutes(found.quote.estimatedDuration),
  };
  return { found, info };
}

/** What the booking wizard shows for an accepted quote (the owner only). */
export async function quoteBookingTarget(
  db: Db,
  userId: string,
  quoteId: string,
): Promise<TQuoteBookingTarget> {
  const { found, info } = await bookableQuote(db, userId, quoteId);
  const [store] = await storesByIds(db, [found.quote.storeId]);
  return {
    quoteId,
    requestId: found.request.id,
    title: found.request.title,
    storeId: found.quote.storeId,
    storeName: store?.name ?? '',
    storeLogoUrl: store?.logo_url ?? null,
    quotedPrice: Number(found.quote.quotedPrice),
    estimatedDuration: found.quote.estimatedDuration,
    durationMinutes: info.durationMinutes,
    bookingId: await liveQuoteBookingId(db, quoteId),
  };
}

export async function quoteBookingSlots(
  db: Db,
  userId: string,
  query: { quoteId: string; date: string; branchId?: string | undefined },
) {
  const { info } = await bookableQuote(db, userId, query.quoteId);
  return quoteSlots(db, info, query);
}

export async function quoteBookingBranches(db: Db, userId: string, quoteId: string) {
  const { info } = await bookableQuote(db, userId, quoteId);
  return quoteBranches(db, info);
}

/** Books the accepted quote at its store (one live booking per quote; bookings holds the rule). */
export async function bookQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TQuoteBookRequest,
): Promise<CreateBookingResult> {
  const { info } = await bookableQuote(db, userId, body.quoteId);
  return createQuoteBooking(db, bus, userId, info, body);
}

/**
 * In the transaction that completes a quote booking: its request moves from in_progress to
 * completed (once; a request already completed or cancelled stays as it is).
 */
export const completeRequestOfBooking: BookingCompletionHook = async (tx, booking) => {
  if (!booking.quoteId) return;
  const quote = await repository.findQuote(tx, booking.quoteId);
  if (!quote) return;
  const request = await repository.lockRequest(tx, quote.request.id);
  if (request?.status !== 'in_progress' || request.acceptedQuoteId !== booking.quoteId) return;
  await repository.updateRequest(tx, request.id, {
    status: 'completed',
    completedAt: booking.at,
    updatedAt: booking.at,
  });
};

/** Installs the completion hook (idempotent). */
export function installQuoteCompletion(): void {
  onBookingCompletedInTransaction(completeRequestOfBooking);
}
