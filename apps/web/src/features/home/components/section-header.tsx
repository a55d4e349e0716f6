import { ArrowRight, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const sectionLinkClass =
  'focus-ring inline-flex items-center gap-1 rounded text-sm font-semibold text-orange-700 hover:text-orange-800 dark:text-orange-400 dark:hover:text-orange-300';

export function SectionHeader({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
        {title}
      </h2>
      {children}
    </div>
  );
}

export function SectionMessage({
  title,
  detail,
  action,
  tone = 'neutral',
}: {
  title: string;
  detail?: string;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="card mt-6 flex flex-col items-center gap-2 px-6 py-10 text-center"
    >
      <p
        className={
          tone === 'error'
            ? 'font-semibold text-red-700 dark:text-red-400'
            : 'font-semibold text-slate-900 dark:text-white'
        }
      >
        {title}
      </p>
      {detail && <p className="text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** A home section's link to the whole list it samples ('All Stores', 'All deals'). */
export function SectionLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={sectionLinkClass}>
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** A section message's button that loads the section again ('Retry', 'Refresh'). */
export function ReloadButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" className="btn-secondary" onClick={onClick}>
      <RotateCw aria-hidden="true" className="size-4" />
      {children}
    </button>
  );
}
