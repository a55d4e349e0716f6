import type { TReview } from '@d3/shared/engagement/engagement-schemas';
import { useT } from '@d3/ui';
import { MessageSquareReply, Pencil } from 'lucide-react';
import { useFormats } from '../../../lib/format';
import { LazyReviewEditor } from './lazy-review-editor';
import type { TReviewValues } from './review-editor';
import { ReviewStars } from './review-stars';
import { SuccessNotice } from './success-notice';

interface ReviewItemProps {
  review: TReview;
  storeName: string;
  isOwn: boolean;
  editing: boolean;
  saving: boolean;
  saveError: string | null;
  notice: string | null;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (values: TReviewValues) => void;
  onEditorChange: () => void;
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase('en-KE') ?? '?';
}

/** One review: stars, author, date, text; the store's response under it; the author's pen opens inline editing. */
export function ReviewItem({
  review,
  storeName,
  isOwn,
  editing,
  saving,
  saveError,
  notice,
  onEdit,
  onCancel,
  onSave,
  onEditorChange,
}: ReviewItemProps) {
  const t = useT();
  const formats = useFormats();
  const headingId = `review-${review.id}-author`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="review"
      data-own={isOwn || undefined}
      className="card p-4 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-orange-100 text-base font-bold text-orange-800 dark:bg-orange-500/15 dark:text-orange-300"
        >
          {initialOf(review.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h3
            id={headingId}
            className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900 dark:text-white"
          >
            <span className="break-words">{review.name}</span>
            {isOwn && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t('reviews.yourReview')}
              </span>
            )}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <ReviewStars rating={review.rating} />
            <time dateTime={review.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
              {formats.date(review.createdAt)}
            </time>
          </div>
        </div>
        {isOwn && !editing && (
          <button
            type="button"
            onClick={onEdit}
            aria-label={t('reviews.edit')}
            title={t('reviews.edit')}
            className="focus-ring -mt-1 -mr-1 grid size-10 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-orange-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-orange-400"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
        )}
      </header>

      {editing ? (
        <div className="mt-4">
          <LazyReviewEditor
            label={t('reviews.edit')}
            initial={{ rating: review.rating, text: review.text }}
            submitLabel={t('reviews.save')}
            pendingLabel={t('reviews.saving')}
            pending={saving}
            serverError={saveError}
            onSubmit={onSave}
            onCancel={onCancel}
            onEdit={onEditorChange}
            autoFocus
          />
        </div>
      ) : (
        <p
          data-testid="review-text"
          className="mt-3 text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300"
        >
          {review.text}
        </p>
      )}

      {notice && !editing && (
        <div className="mt-3">
          <SuccessNotice text={notice} />
        </div>
      )}

      {review.response && (
        <div
          data-testid="review-response"
          className="mt-4 rounded-lg border-l-4 border-orange-400 bg-slate-50 px-4 py-3 dark:border-orange-500/70 dark:bg-slate-800/60"
        >
          <p className="flex items-start gap-2 text-xs font-semibold text-slate-800 dark:text-slate-100">
            <MessageSquareReply
              aria-hidden="true"
              className="size-4 shrink-0 text-orange-600 dark:text-orange-400"
            />
            <span className="min-w-0">
              {t('reviews.responseFrom', { store: storeName })}
              <time
                dateTime={review.response.respondedAt}
                className="block font-normal text-slate-500 sm:ml-2 sm:inline dark:text-slate-400"
              >
                {formats.date(review.response.respondedAt)}
              </time>
            </span>
          </p>
          <p className="mt-1.5 text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
            {review.response.text}
          </p>
        </div>
      )}
    </article>
  );
}
