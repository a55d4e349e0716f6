import clsx from 'clsx';
import { Star } from 'lucide-react';

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
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const label = `Rated ${Number.isInteger(value) ? value : value.toFixed(1)} out of 5`;
  const starClass = SIZES[size];
  return (
    <span role="img" aria-label={label} className={clsx('inline-flex shrink-0', className)}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, value - (position - 1)));
        return (
          <span key={position} aria-hidden="true" className={clsx('relative', starClass)}>
            <Star className={clsx('absolute inset-0 text-slate-300 dark:text-slate-600', starClass)} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className={clsx('fill-amber-400 text-amber-400', starClass)} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
