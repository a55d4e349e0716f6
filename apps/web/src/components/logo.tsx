import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Link } from 'react-router';

/**
 * The D3 mark with its DEALS badge; links home. `inverted` is for dark backgrounds such as the footer.
 * Its name is its visible text and then "home" (WCAG 2.5.3, issue 32: "tap D3 Deals" works by voice).
 */
export function Logo({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  const t = useT();
  return (
    <Link
      to="/"
      className={clsx('focus-ring inline-flex shrink-0 items-center gap-1.5 rounded-lg', className)}
    >
      <span className="grid size-9 place-items-center rounded-lg bg-primary-strong text-lg font-black tracking-tight text-white shadow-sm">
        D3
      </span>{' '}
      <span
        className={clsx(
          'rounded-md px-1.5 py-0.5 text-xs font-extrabold tracking-widest',
          inverted
            ? 'bg-white/10 text-orange-300'
            : 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300',
        )}
      >
        DEALS
      </span>
      <span className="sr-only"> {t('common.logoHome')}</span>
    </Link>
  );
}
