import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Star } from 'lucide-react';

interface RatingStarsProps {
  /** The real average, 0–5; 0 without reviews. */
  rating: number;
  /** The real review count; 0 shows 'NEW' instead of stars. */
  reviewCount: number;
  size?: 'sm' | 'md';
  className?: string;
}

/** Five stars filled to the real rating, with the review count, or a 'NEW' badge for a store nobody has reviewed. */
export function RatingStars({ rating, reviewCount, size = 'sm', className }: RatingStarsProps) {
  const t = useT();
  const starClass = size === 'sm' ? 'size-3.5' : 'size-4';
  if (!(reviewCount > 0)) {
    return (
      <span className={clsx('inline-flex items-center gap-1 text-xs', className)}>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-bold tracking-wide text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
          {t('deal.badge.new')}
        </span>
        <span className="sr-only">{t('card.noReviews')}</span>
      </span>
    );
  }
  const value = Math.max(0, Math.min(5, rating));
  const rounded = Math.round(value * 10) / 10;
  return (
    <span className={clsx('inline-flex items-center gap-1', className)}>
      <span aria-hidden="true" className="flex">
        <FilledStars value={value} starClass={starClass} />
      </span>
      <span
        className={clsx(
          'font-medium text-slate-700 dark:text-slate-300',
          size === 'sm' ? 'text-xs' : 'text-sm',
        )}
      >
        {rounded.toFixed(1)}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          {' '}
          ({t('card.reviews', { count: reviewCount })})
        </span>
      </span>
      <span className="sr-only">{t('card.rated', { rating: rounded.toFixed(1) })}</span>
    </span>
  );
}

/** Five stars, each filled to its share of `value` (0–5, fractions allowed). */
export function FilledStars({ value, starClass }: { value: number; starClass: string }) {
  return [1, 2, 3, 4, 5].map((position) => {
    const fill = Math.max(0, Math.min(1, value - (position - 1)));
    return (
      <span key={position} aria-hidden="true" className={clsx('relative', starClass)}>
        <Star className={clsx('absolute inset-0 text-slate-300 dark:text-slate-600', starClass)} />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <Star className={clsx('fill-amber-400 text-amber-400', starClass)} />
        </span>
      </span>
    );
  });
}
