import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';

/** The tile's colours, light and dark. */
const TINTS = {
  orange: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300',
  sky: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  emerald: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
} as const;

/** An icon on a tinted rounded square, heading a card (home's invitations, About's values). */
export function IconTile({ icon: Icon, tint }: { icon: LucideIcon; tint: keyof typeof TINTS }) {
  return (
    <span className={clsx('grid size-11 place-items-center rounded-xl', TINTS[tint])}>
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
