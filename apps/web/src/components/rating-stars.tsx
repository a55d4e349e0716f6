import { useT } from '@d3/ui';
import clsx from 'clsx';

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
      <FilledStars value={value} height={size === 'sm' ? 'h-3.5' : 'h-4'} />
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

/**
 * Five stars filled to `value` (0–5, fractions allowed), one star as tall as `height` (a Tailwind
 * `h-*` class): two elements, a row of grey stars (a mask of the star repeated) with amber drawn over
 * it to the rating's share. It was five icons of six elements each: on /stores half a store card's
 * elements and the biggest part of the page's HTML (issue 32: its parse and layout were its long tasks).
 */
export function FilledStars({ value, height }: { value: number; height: `h-${string}` }) {
  const share = Math.max(0, Math.min(5, value)) / 5;
  return (
    <span aria-hidden="true" className={clsx('star-row bg-slate-300 dark:bg-slate-600', height)}>
      <span className="block h-full bg-amber-400" style={{ width: `${Math.round(share * 1000) / 10}%` }} />
    </span>
  );
}
