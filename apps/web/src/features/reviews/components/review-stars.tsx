import { useT } from '@d3/ui';
import clsx from 'clsx';
import { FilledStars } from '../../../components/rating-stars';

/** One star's height (the row is five stars wide). */
const SIZES = { sm: 'h-4', md: 'h-5', lg: 'h-6' } as const;

/** Five stars filled to `rating` (0–5, fractions allowed), read out as 'Rated x out of 5'. */
export function ReviewStars({
  rating,
  size = 'sm',
  className,
}: {
  rating: number;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const t = useT();
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const label = t('reviews.rated', { rating: Number.isInteger(value) ? value : value.toFixed(1) });
  return (
    <span role="img" aria-label={label} className={clsx('inline-flex shrink-0', className)}>
      <FilledStars value={value} height={SIZES[size]} />
    </span>
  );
}
