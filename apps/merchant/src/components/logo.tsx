import { useT } from '@d3/ui';
import { clsx } from 'clsx';
import { Link } from 'react-router';

type TLogoProps = {
  className?: string;
};

/** The D3 Deals mark with the "Merchant" badge that tells this site apart from the customer site. */
export function Logo({ className }: TLogoProps) {
  const t = useT();
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      {/* The mark's "D3" is the first word of the link's text, which its label must contain (axe
          label-content-name-mismatch counts it, hidden or not): the word beside it is "Deals" alone.
          White on orange-700 (5.2:1): on orange-600 it was 3.6:1 for 14 px text. */}
      <span className="grid size-9 place-items-center rounded-xl bg-orange-700 text-sm font-extrabold tracking-tight text-white shadow-sm">
        D3
      </span>{' '}
      {/* The spaces keep the words apart in the link's text. */}
      <span className="text-lg font-bold tracking-tight text-orange-700 dark:text-orange-400">Deals</span>{' '}
      <span className="rounded-md bg-orange-100 px-1.5 py-0.5 text-[0.65rem] font-semibold uppercase tracking-wider text-orange-700 dark:bg-orange-500/15 dark:text-orange-400">
        {t('layout.merchantBadge')}
      </span>
    </span>
  );
}

/** The logo as the link home; `label` is its accessible name. */
export function LogoLink({ label, className = 'rounded-xl' }: { label: string; className?: string }) {
  return (
    <Link to="/" aria-label={label} className={className}>
      <Logo />
    </Link>
  );
}
