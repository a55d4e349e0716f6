import { reviewsRoutes } from '@d3/shared/api/routes';
import {
  type TReview,
  type TReviewStats,
  ZReviewResponseRequest,
} from '@d3/shared/engagement/engagement-schemas';
import { INTL_LOCALES, type Locale } from '@d3/shared/i18n/locale';
import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { useLocale, useT } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply, Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { QueryList } from '../../../components/resource-crud';
import { StorePage } from '../../../components/store-picker';
import { buttonClass, Card, EmptyState, FormActions, TextareaField } from '../../../components/ui';
import { call } from '../../../lib/api-client';
import { serverErrors, validateWith } from '../../../lib/form-validation';

type TStoreReviews = { reviews: TReview[]; stats: TReviewStats };

/** The review's day in the reader's language ('3 Nov 2026' / '3 Nov 2026' in sw-KE's CLDR). */
function reviewDate(iso: string, locale: Locale): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: NAIROBI_TIME_ZONE,
  }).format(time);
}

const reviewsKey = (storeId: string) => ['merchant', 'reviews', storeId] as const;

export function ReviewsPage() {
  const t = useT();
  return <StorePage title={t('reviews.title')} description={t('reviews.description')} board={StoreReviews} />;
}

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span role="img" aria-label={t('reviews.stars', { rating })} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={
            n <= Math.round(rating) ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'
          }
        />
      ))}
    </span>
  );
}

function StoreReviews({ storeId }: { storeId: string }) {
  const t = useT();
  const reviews = useQuery({
    queryKey: reviewsKey(storeId),
    queryFn: ({ signal }) =>
      call(
        reviewsRoutes.ofStore,
        { params: { id: storeId }, query: { limit: 50, sortBy: 'newest' } },
        { signal },
      ),
  });
  return (
    <QueryList query={reviews} loadingLabel={t('reviews.loading')}>
      {(data) => <ReviewList storeId={storeId} data={data} />}
    </QueryList>
  );
}

function ReviewList({ storeId, data }: { storeId: string; data: TStoreReviews }) {
  const t = useT();
  const { stats } = data;
  return (
    <>
      <Card className="mb-5 flex flex-wrap items-center gap-4">
        <p className="text-4xl font-bold text-slate-900 dark:text-white">{stats.averageRating.toFixed(1)}</p>
        <div>
          <Stars rating={stats.averageRating} />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('dashboard.reviewCount', { count: stats.totalReviews })}
          </p>
        </div>
      </Card>
      {data.reviews.length === 0 ? (
        <EmptyState title={t('reviews.emptyTitle')}>{t('reviews.emptyBody')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} storeId={storeId} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ReviewItem({ review, storeId }: { review: TReview; storeId: string }) {
  const t = useT();
  const locale = useLocale();
  const [replying, setReplying] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">{review.name}</p>
        <span className="flex items-center gap-2 text-xs text-slate-500">
          <Stars rating={review.rating} /> {reviewDate(review.createdAt, locale)}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{review.text}</p>
      {review.response && !replying ? (
        <div className="mt-3 rounded-lg border-l-4 border-orange-600 bg-orange-50 px-3 py-2 text-sm dark:bg-orange-500/10">
          <p className="font-semibold text-slate-900 dark:text-white">{t('reviews.yourReply')}</p>
          <p className="text-slate-700 dark:text-slate-300">{review.response.text}</p>
        </div>
      ) : null}
      {replying ? (
        <ReplyForm review={review} storeId={storeId} onDone={() => setReplying(false)} />
      ) : (
        <button
          type="button"
          className={`${buttonClass('secondary', true)} mt-3`}
          onClick={() => setReplying(true)}
        >
          <MessageSquareReply aria-hidden="true" className="size-4" />{' '}
          {review.response ? t('reviews.editReply') : t('reviews.reply')}
        </button>
      )}
    </Card>
  );
}

function ReplyForm({ review, storeId, onDone }: { review: TReview; storeId: string; onDone: () => void }) {
  const t = useT();
  const [text, setText] = useState(review.response?.text ?? '');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { text: string }) => call(reviewsRoutes.answer, { params: { id: review.id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewsKey(storeId) });
      onDone();
    },
    onError: (failure) => {
      const { fields, message } = serverErrors(failure);
      setError(fields.text ?? message ?? undefined);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWith(ZReviewResponseRequest, { text });
    if (!checked.ok) return setError(checked.errors.text);
    setError(undefined);
    save.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3">
      <TextareaField
        label={t('reviews.replyTo', { name: review.name })}
        value={text}
        onChange={setText}
        error={error}
      />
      <FormActions pending={save.isPending} submitLabel={t('reviews.send')} onCancel={onDone} />
    </form>
  );
}
