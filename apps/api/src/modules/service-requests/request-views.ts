import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { reviewerName } from '@d3/shared/engagement/review-rules';
import {
  formatBudget,
  SERVICE_REQUEST_MESSAGES as M,
  responseTimeLabel,
  type TQuoteStatus,
  type TRequestPriority,
  type TRequestRequirement,
  type TRequestStatus,
  type TRequestTimeline,
} from '@d3/shared/service-requests/service-request-rules';
import type {
  TOffersQuery,
  TQuote,
  TServiceRequest,
} from '@d3/shared/service-requests/service-request-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { Session } from '../../plugins/auth.js';
import { customerNames } from '../accounts/accounts-service.js';
import { storesByIds } from '../stores/stores-service.js';
import * as repository from './service-requests-repository.js';

// Requests and quotes as the wire shows them, their pages, and the loads that 404.

/** A provider counts as verified once its store has this many reviews (the POPULAR badge). */
export const VERIFIED_PROVIDER_REVIEWS = 10;

const pagination = (page: number, limit: number, total: number) => {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, currentPage: page, limit, total, totalPages, hasNextPage: page < totalPages };
};

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

export async function quoteViews(db: Db, rows: repository.QuoteWithRequest[]): Promise<TQuote[]> {
  const stores = new Map(
    (await storesByIds(db, [...new Set(rows.map((row) => row.quote.storeId))])).map((s) => [s.id, s]),
  );
  return rows.map((row) => toQuote(row, stores));
}

export async function requestViews(
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

/** A page of requests as both lists answer it: `requests` and its alias `data`, with the pagination. */
export async function requestPage(
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

/** One page of the quotes matching `filters`, as both quote lists answer it. */
export async function quotePage(db: Db, filters: repository.QuoteFilters, query: TOffersQuery) {
  const { rows, total } = await repository.listQuotes(db, filters, query.page, query.limit);
  const views = await quoteViews(db, rows);
  return {
    success: true as const,
    offers: views,
    data: views,
    pagination: pagination(query.page, query.limit, total),
  };
}

export async function loadRequest(db: Db, id: string) {
  const row = await repository.findRequest(db, id);
  if (!row) throw new AppError('SERVICE_REQUEST_NOT_FOUND', M.requestNotFound);
  return row;
}

export async function loadQuote(db: Db, id: string) {
  const row = await repository.findQuote(db, id);
  if (!row) throw new AppError('QUOTE_NOT_FOUND', M.offerNotFound);
  return row;
}

export async function assertOwner(db: Db, id: string, userId: string) {
  const row = await loadRequest(db, id);
  if (row.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  return row;
}

/** The owner's own view of one request (what create, edit, cancel and complete answer). */
export async function ownerView(db: Db, row: repository.RequestListRow, userId: string) {
  const [view] = await requestViews(db, [row], { sub: userId, role: 'customer', tv: 0 });
  return view!;
}
