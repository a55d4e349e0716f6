import { useT } from '@d3/ui';
import clsx from 'clsx';
import { FilledStars } from '../../../components/rating-stars';

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;

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
  const starClass = SIZES[size];
  return (
    <span role="img" aria-label={label} className={clsx('inline-flex shrink-0', className)}>
      <FilledStars value={value} starClass={starClass} />
    </span>
  );
}
