import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** How large a section's heading stands: a page section (`lg`) or a card's own heading (`md`). */
const SIZES = { lg: 'text-xl font-bold', md: 'text-base font-semibold' } as const;

/**
 * A section's <h2> led by its orange icon; `id` is what the section's `aria-labelledby` names.
 * `className` adds to the row (the voucher centres it on a phone).
 */
export function IconHeading({
  id,
  icon: Icon,
  size = 'md',
  className,
  children,
}: {
  id: string;
  icon: LucideIcon | null;
  size?: keyof typeof SIZES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2
      id={id}
      className={clsx('flex items-center gap-2 text-slate-900 dark:text-white', SIZES[size], className)}
    >
      {Icon && <Icon aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />}
      {children}
    </h2>
  );
}
