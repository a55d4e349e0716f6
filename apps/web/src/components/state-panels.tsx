import { useT } from '@d3/ui';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';
import { ActionLinks, type TLinkAction } from './icon-link';

/** A page's own content failed to load: what happened and a retry. */
export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title?: string;
  message?: ReactNode;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div role="alert" className="card mx-auto max-w-lg px-6 py-10 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
        {title ?? t('common.somethingWrong')}
      </h2>
      {message && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>}
      <button type="button" onClick={onRetry} className="btn-primary mt-6">
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

/** Nothing to list yet: an icon, why, and where to go instead. */
export function EmptyPanel({
  icon,
  title,
  message,
  actions,
}: {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  actions?: TLinkAction[];
}) {
  return (
    <section className="card mx-auto max-w-xl px-6 py-12 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
        {icon}
      </span>
      <h2 className="mt-5 text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{message}</p>
      {actions && (
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ActionLinks actions={actions} />
        </div>
      )}
    </section>
  );
}

/**
 * A page that is only a message (not found, could not load): a figure, the page's h1 (also its
 * document title), why, and what to do next. `alert` announces it when it reports a failure.
 */
export function PageMessage({
  figure,
  title,
  message,
  alert = false,
  children,
}: {
  figure: ReactNode;
  title: string;
  message: ReactNode;
  alert?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="content-width grid place-items-center py-16 sm:py-24">
      <div role={alert ? 'alert' : undefined} className="max-w-md text-center">
        {figure}
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{message}</p>
        {children}
      </div>
    </div>
  );
}
