import type { ReactNode } from 'react';

/**
 * A card that invites a next step (home's "Need something specific?", About's "For customers"):
 * a figure, a heading, why, and the links at its foot, which line up across cards in one row.
 */
export function ActionCard({
  figure,
  title,
  body,
  actionsClassName = 'mt-6',
  children,
}: {
  figure: ReactNode;
  title: string;
  body: string;
  actionsClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="card flex flex-col p-6 sm:p-8">
      {figure}
      <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">{body}</p>
      <div className={actionsClassName}>{children}</div>
    </div>
  );
}
