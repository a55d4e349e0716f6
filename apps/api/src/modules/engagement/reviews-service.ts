import {
  ENGAGEMENT_MESSAGES,
  type TReview,
  type TReviewInput,
  type TReviewListQuery,
  type TReviewStats,
} from '@d3/shared/engagement/engagement-schemas';
import { reviewerName } from '@d3/shared/engagement/review-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { customerNames } from '../accounts/accounts-service.js';
import {
  lockStore,
  merchantStores,
  STORE_NOT_FOUND,
  setStoreCounters,
  storeBasics,
} from '../stores/stores-service.js';
import type { Executor, ReviewRow } from './engagement-repository.js';
import * as repository from './engagement-repository.js';
import { reviewEligibility } from './review-eligibility.js';

type Names = Awaited<ReturnType<typeof customerNames>>;

function toReview(row: ReviewRow, names: Names): TReview {
  const person = names.get(row.userId);
  const name = person ? reviewerName(person.firstName, person.lastName, person.deleted) : 'Customer';
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    storeId: row.storeId,
    store_id: row.storeId,
    rating: row.rating,
    text: row.text,
    comment: row.text,
    name,
    customerName: name,
    userId: row.userId,
    user_id: row.userId,
    createdAt,
    created_at: createdAt,
    date: createdAt,
    updatedAt: row.updatedAt.toISOString(),
    response:
      row.responseText !== null && row.respondedAt !== null
        ? { text: row.responseText, respondedAt: row.respondedAt.toISOString() }
        : null,
  };
}

async function toReviews(db: Db, rows: ReviewRow[]): Promise<TReview[]> {
  const names = await customerNames(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => toReview(row, names));
}

async function statsOf(db: Executor, storeId: string): Promise<TReviewStats & { average: string }> {
  const figures = await repository.reviewFigures(db, storeId);
  return {
    average: figures.average,
    averageRating: Number(figures.average),
    totalReviews: figures.total,
    distribution: {
      '1': figures.one,
      '2': figures.two,
      '3': figures.three,
      '4': figures.four,
      '5': figures.five,
    },
  };
}

/** Recomputes the store's rating and review count from its reviews (caller holds the store lock). */
export async function refreshStoreFigures(tx: Executor, storeId: string): Promise<TReviewStats> {
  const { average, ...stats } = await statsOf(tx, storeId);
  await setStoreCounters(tx, storeId, { rating: average, totalReviews: stats.totalReviews });
  return stats;
}

/** Locks the store, runs `change`, then refreshes the store's figures, all in one transaction. */
function withStoreFigures<T>(db: Db, storeId: string, change: (tx: Executor) => Promise<T>) {
  return db.transaction(async (tx) => {
    if (!(await lockStore(tx, storeId))) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
    const result = await change(tx);
    return { result, stats: await refreshStoreFigures(tx, storeId) };
  });
}

async function assertStore(db: Db, storeId: string) {
  const [store] = await storeBasics(db, [storeId]);
  if (!store) throw new AppError('NOT_FOUND', STORE_NOT_FOUND);
  return store;
}

async function existingReview(db: Executor, reviewId: string): Promise<ReviewRow> {
  const review = await repository.findReview(db, reviewId);
  if (!review) throw new AppError('NOT_FOUND', ENGAGEMENT_MESSAGES.reviewNotFound);
  return review;
}

function assertAuthor(review: ReviewRow, userId: string) {
  if (review.userId !== userId) throw new AppError('FORBIDDEN', ENGAGEMENT_MESSAGES.reviewNotYours);
}

export async function createReview(db: Db, userId: string, storeId: string, input: TReviewInput) {
  await assertStore(db, storeId);
  // Issue 14: only a customer with a completed booking here (or an accepted quote) may review.
  if (!(await reviewEligibility(db, userId, storeId)).canReview) throw new AppError('REVIEW_NOT_ALLOWED');
  const { result, stats } = await withStoreFigures(db, storeId, async (tx) => {
    const row = await repository.insertReview(tx, {
      userId,
      storeId,
      rating: input.rating,
      text: input.text,
    });
    if (!row) throw new AppError('REVIEW_EXISTS');
    return row;
  });
  const [review] = await toReviews(db, [result]);
  return { review: review!, stats };
}

export async function updateReview(db: Db, userId: string, reviewId: string, input: TReviewInput) {
  const current = await existingReview(db, reviewId);
  assertAuthor(current, userId);
  const { result, stats } = await withStoreFigures(db, current.storeId, async (tx) => {
    const row = await repository.updateReview(tx, reviewId, { rating: input.rating, text: input.text });
    if (!row) throw new AppError('NOT_FOUND', ENGAGEMENT_MESSAGES.reviewNotFound);
    return row;
  });
  const [review] = await toReviews(db, [result]);
  return { review: review!, stats };
}

export async function deleteReview(db: Db, userId: string, reviewId: string) {
  const current = await existingReview(db, reviewId);
  assertAuthor(current, userId);
  const { stats } = await withStoreFigures(db, current.storeId, (tx) =>
    repository.deleteReview(tx, reviewId),
  );
  return { stats };
}

export async function getReview(db: Db, reviewId: string): Promise<TReview> {
  const [review] = await toReviews(db, [await existingReview(db, reviewId)]);
  return review!;
}

/**
 * One page of the store's reviews with its stats; `userReview` is the signed-in customer's own review
 * (whatever page it is on), so the panel knows to offer editing instead of a second review.
 */
export async function storeReviews(
  db: Db,
  storeId: string,
  query: TReviewListQuery,
  customerId: string | null = null,
) {
  await assertStore(db, storeId);
  const [{ rows, total }, { average: _average, ...stats }, ownRow, eligibility] = await Promise.all([
    repository.storeReviewPage(db, storeId, query),
    statsOf(db, storeId),
    customerId ? repository.findUserReview(db, customerId, storeId) : undefined,
    reviewEligibility(db, customerId, storeId),
  ]);
  const [reviews, own] = await Promise.all([
    toReviews(db, rows),
    ownRow ? toReviews(db, [ownRow]) : Promise.resolve([]),
  ]);
  return {
    reviews,
    userReview: own[0] ?? null,
    reviewEligibility: eligibility,
    stats,
    pagination: reviewPagination(query.page, query.limit, total),
  };
}

/** The pagination block of both review lists (the seed names the total twice: totalReviews and total). */
function reviewPagination(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    hasNextPage: page < totalPages,
    totalReviews: total,
    page,
    limit,
    total,
  };
}

/** Reviews on the merchant's stores, newest first, with the store's name. */
export async function merchantReviews(db: Db, merchantId: string, page: number, limit: number) {
  const stores = await merchantStores(db, merchantId);
  const names = new Map(stores.map((store) => [store.id, store.name]));
  const { rows, total } = await repository.reviewsOfStoresPage(
    db,
    stores.map((store) => store.id),
    limit,
    (page - 1) * limit,
  );
  const reviews = (await toReviews(db, rows)).map((review) => ({
    ...review,
    storeName: names.get(review.storeId) ?? '',
  }));
  return {
    reviews,
    pagination: reviewPagination(page, limit, total),
  };
}

/** The store's merchant answers (or re-answers) a review; anyone else gets 403. */
export async function respondToReview(db: Db, merchantId: string, reviewId: string, text: string) {
  const current = await existingReview(db, reviewId);
  const store = await assertStore(db, current.storeId);
  if (store.merchantId !== merchantId) throw new AppError('FORBIDDEN');
  const row = await repository.updateReview(db, reviewId, { responseText: text, respondedAt: new Date() });
  if (!row) throw new AppError('NOT_FOUND', ENGAGEMENT_MESSAGES.reviewNotFound);
  // The route publishes review.responded; notifications tells the customer (review_response).
  const [review] = await toReviews(db, [row]);
  return review!;
}

/** Public data only: rating, text, "First L." and the date. */
export async function exportableReviews(db: Db, storeId: string) {
  const store = await assertStore(db, storeId);
  const reviews = await toReviews(db, await repository.allStoreReviews(db, storeId));
  return {
    store,
    reviews: reviews.map((review) => ({
      rating: review.rating,
      text: review.text,
      name: review.name,
      date: review.createdAt,
    })),
  };
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function reviewsCsv(
  reviews: Array<{ rating: number; text: string; name: string; date: string }>,
): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [['rating', 'text', 'name', 'date'].join(',')];
  for (const review of reviews) {
    lines.push([review.rating, review.text, review.name, review.date].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
