import type { TReviewStats } from '@d3/shared/engagement/engagement-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { LogIn, MessageSquareText, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { isApiError } from '../../../lib/api-client';
import { decodeTokenClaims } from '../../../lib/auth-token';
import { signInUrlFor } from '../../../lib/sign-in';
import { useSession } from '../../../lib/use-session';
import { useCreateReview } from '../api/create-review';
import { useStoreReviews } from '../api/list-store-reviews';
import { useUpdateReview } from '../api/update-review';
import { reviewWriteError } from '../lib/review-errors';
import { REVIEW_MESSAGES } from '../lib/review-messages';
import { LazyReviewEditor } from './lazy-review-editor';
import { ReviewItem } from './review-item';
import { ReviewStars } from './review-stars';
import { SuccessNotice, useTransientNotice } from './success-notice';

interface ReviewsPanelProps {
  storeId: string;
  storeName: string;
}

/** The signed-in customer's id (JWT `sub`), or null for a visitor. */
function useCustomerId(): string | null {
  const session = useSession();
  if (!session) return null;
  const claims = decodeTokenClaims(session.token);
  if (!claims || claims.role === 'merchant') return null;
  return typeof claims.sub === 'string' ? claims.sub : null;
}

/**
 * The store page's reviews (seed 000 §2 "Reviews panel"): stats, 10 per page newest first, one review per
 * customer with inline editing by its author, merchant responses under the review they answer.
 */
export function ReviewsPanel({ storeId, storeName }: ReviewsPanelProps) {
  const t = useT();
  const customerId = useCustomerId();
  const [page, setPage] = useState(1);
  const reviews = useStoreReviews(storeId, page);
  const create = useCreateReview(storeId);
  const update = useUpdateReview(storeId);
  const [notice, showNotice] = useTransientNotice();
  const [createError, setCreateError] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [updateError, setUpdateError] = useState<string | null>(null);
  // Remembered once seen on any page or just written: the form stays hidden on the other pages too.
  const [hasOwnReview, setHasOwnReview] = useState(false);
  const listTop = useRef<HTMLDivElement>(null);

  const data = reviews.data;
  const ownOnPage = customerId !== null && (data?.reviews.some((r) => r.userId === customerId) ?? false);
  // The server names the customer's own review whatever page it is on (null for visitors).
  const ownReview = customerId !== null && data?.userReview?.userId === customerId ? data.userReview : null;
  const reviewed = hasOwnReview || ownOnPage || ownReview !== null;

  useEffect(() => {
    if (ownOnPage || ownReview) setHasOwnReview(true);
  }, [ownOnPage, ownReview]);

  // A visitor who signs out (or in as someone else) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the customer changes.
  useEffect(() => {
    setHasOwnReview(false);
    setEditingId(null);
    setCreateError(null);
  }, [customerId]);

  // A page that no longer exists (reviews were deleted meanwhile) falls back to the last one.
  useEffect(() => {
    if (data && page > 1 && data.reviews.length === 0) setPage(Math.max(1, data.pagination.totalPages));
  }, [data, page]);

  function changePage(next: number) {
    setPage(next);
    setEditingId(null);
    listTop.current?.scrollIntoView({ block: 'start' });
  }

  function submitNew(values: { rating: number; text: string }) {
    setCreateError(null);
    create.mutate(values, {
      onSuccess: () => {
        setHasOwnReview(true);
        setPage(1);
        showNotice({ text: REVIEW_MESSAGES.submitted, target: 'form' });
      },
      onError: (error) => {
        const message = reviewWriteError(error, 'submit');
        if (isApiError(error) && error.code === 'REVIEW_EXISTS') {
          // Written elsewhere (another tab or device): read it back, so it shows with its pen.
          setHasOwnReview(true);
          void reviews.refetch();
        }
        setCreateError(message);
      },
    });
  }

  function saveEdit(reviewId: string, values: { rating: number; text: string }) {
    setUpdateError(null);
    update.mutate(
      { reviewId, ...values },
      {
        onSuccess: () => {
          setEditingId(null);
          showNotice({ text: REVIEW_MESSAGES.updated, target: reviewId });
        },
        onError: (error) => setUpdateError(reviewWriteError(error, 'update')),
      },
    );
  }

  /** What a review item needs to be edited in place: its save state, notice and edit steps. */
  function editControls(reviewId: string) {
    return {
      saving: update.isPending,
      saveError: updateError,
      notice: notice?.target === reviewId ? notice.text : null,
      onEdit: () => {
        setUpdateError(null);
        setEditingId(reviewId);
      },
      onCancel: () => {
        setUpdateError(null);
        setEditingId(null);
      },
      onSave: (values: { rating: number; text: string }) => saveEdit(reviewId, values),
      onEditorChange: () => setUpdateError(null),
    };
  }

  const signInTo = signInUrlFor(`/store/${storeId}#reviews`);
  const totalReviews = data?.stats.totalReviews ?? 0;

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <div className="space-y-4">
        {reviews.isPending ? (
          <StatsSkeleton />
        ) : data && data.stats.totalReviews > 0 ? (
          <ReviewStats stats={data.stats} />
        ) : null}

        <div className="card p-4 sm:p-5">
          {customerId === null ? (
            <div className="space-y-3">
              <h3 className="text-base font-bold text-slate-900 dark:text-white">{t('reviews.write')}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{REVIEW_MESSAGES.signInPrompt}</p>
              <Link
                to={signInTo}
                state={{ returnUrl: `/store/${storeId}#reviews` }}
                className="btn-primary w-full sm:w-auto"
              >
                <LogIn aria-hidden="true" className="size-4" />
                {t('reviews.signIn')}
              </Link>
            </div>
          ) : ownReview && !ownOnPage ? (
            // Their review is on another page: shown here, with the same pen and inline editing.
            <div className="space-y-3">
              <h3 className="text-base font-bold text-slate-900 dark:text-white">
                {t('reviews.yourReview')}
              </h3>
              {createError ? (
                <p
                  role="alert"
                  className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
                >
                  {createError}
                </p>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t('reviews.reviewedUsePen', { store: storeName })}
                </p>
              )}
              <ReviewItem
                review={ownReview}
                storeName={storeName}
                isOwn
                editing={editingId === ownReview.id}
                {...editControls(ownReview.id)}
              />
            </div>
          ) : reviewed ? (
            <div className="space-y-3">
              {notice?.target === 'form' && <SuccessNotice text={notice.text} />}
              {createError ? (
                <p
                  role="alert"
                  className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
                >
                  {createError}
                </p>
              ) : (
                <>
                  <h3 className="text-base font-bold text-slate-900 dark:text-white">
                    {t('reviews.thanks')}
                  </h3>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t('reviews.reviewedUsePenOnReview', { store: storeName })}
                  </p>
                </>
              )}
            </div>
          ) : data?.reviewEligibility && !data.reviewEligibility.canReview ? (
            // Issue 14: the server says why this customer may not review (no completed booking yet).
            <div className="space-y-3" data-testid="review-unavailable">
              <h3 className="text-base font-bold text-slate-900 dark:text-white">{t('reviews.write')}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{data.reviewEligibility.message}</p>
            </div>
          ) : (
            <div className="space-y-4">
              <h3 className="text-base font-bold text-slate-900 dark:text-white">{t('reviews.write')}</h3>
              <LazyReviewEditor
                label={t('reviews.write')}
                submitLabel={t('reviews.submit')}
                pendingLabel={t('reviews.submitting')}
                pending={create.isPending}
                serverError={createError}
                onSubmit={submitNew}
                onEdit={() => setCreateError(null)}
                placeholder={t('reviews.placeholder', { store: storeName })}
              />
            </div>
          )}
        </div>
      </div>

      <div ref={listTop} className="min-w-0 scroll-mt-24">
        {reviews.isPending ? (
          <ListSkeleton />
        ) : reviews.isError && !data ? (
          <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
            <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {REVIEW_MESSAGES.loadFailed}
            </p>
            <button type="button" className="btn-primary" onClick={() => void reviews.refetch()}>
              <RefreshCw
                aria-hidden="true"
                className={clsx('size-4', reviews.isFetching && 'animate-spin')}
              />
              {t('reviews.tryAgain')}
            </button>
          </div>
        ) : data && data.reviews.length === 0 && totalReviews === 0 ? (
          <div className="card flex flex-col items-center gap-2 border-dashed px-6 py-10 text-center">
            <MessageSquareText aria-hidden="true" className="size-8 text-slate-400" />
            <p className="text-base font-semibold text-slate-900 dark:text-white">{REVIEW_MESSAGES.empty}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('reviews.beFirst', { store: storeName })}
            </p>
          </div>
        ) : data ? (
          <div aria-busy={reviews.isPlaceholderData || undefined}>
            <ul
              aria-label={t('reviews.of', { store: storeName })}
              className={clsx('space-y-4 transition-opacity', reviews.isPlaceholderData && 'opacity-60')}
            >
              {data.reviews.map((review) => {
                const isOwn = customerId !== null && review.userId === customerId;
                return (
                  <li key={review.id}>
                    <ReviewItem
                      review={review}
                      storeName={storeName}
                      isOwn={isOwn}
                      editing={isOwn && editingId === review.id}
                      {...editControls(review.id)}
                    />
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={data.pagination.currentPage}
              totalPages={data.pagination.totalPages}
              onPageChange={changePage}
              className="mt-6"
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ReviewStats({ stats }: { stats: TReviewStats }) {
  const t = useT();
  const total = stats.totalReviews;
  return (
    <div className="card p-4 sm:p-5" data-testid="review-stats">
      <div className="flex items-center gap-4">
        <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white">
          {stats.averageRating.toFixed(1)}
        </p>
        <div className="min-w-0">
          <ReviewStars rating={stats.averageRating} size="md" />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('reviews.basedOn', { count: total })}
          </p>
        </div>
      </div>
      <dl className="mt-4 space-y-1.5">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = stats.distribution[String(stars)] ?? 0;
          const share = (count / total) * 100;
          return (
            <div key={stars} className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
              <dt className="w-12 shrink-0 tabular-nums">{t('reviews.stars', { count: stars })}</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
                </span>
                <span className="w-6 text-right tabular-nums">{count}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';

function StatsSkeleton() {
  return (
    <div className="card flex items-center gap-4 p-4 sm:p-5" aria-hidden="true">
      <div className={`${bar} h-10 w-14`} />
      <div className="flex-1 space-y-2">
        <div className={`${bar} h-5 w-28`} />
        <div className={`${bar} h-4 w-36`} />
      </div>
    </div>
  );
}

function ListSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{t('reviews.loading')}</span>
      {['a', 'b', 'c'].map((key) => (
        <div key={key} className="card p-4 sm:p-5" aria-hidden="true">
          <div className="flex items-center gap-3">
            <div className={`${bar} size-10 rounded-full`} />
            <div className="flex-1 space-y-2">
              <div className={`${bar} h-4 w-32`} />
              <div className={`${bar} h-3 w-24`} />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className={`${bar} h-3 w-full`} />
            <div className={`${bar} h-3 w-4/5`} />
          </div>
        </div>
      ))}
    </div>
  );
}
