import { useT } from '@d3/ui';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMessage } from '../../../components/state-panels';
import { useDocumentTitle } from '../../../lib/document-title';

// What the booking wizard shows around its steps: a notice, the loading skeleton, a target that cannot
// be booked.

/** A problem inside a step, dismissible when `onDismiss` is given. */
export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="focus-ring rounded px-1 text-xs font-semibold underline-offset-2 hover:underline"
        >
          {t('wizard.dismiss')}
        </button>
      )}
    </div>
  );
}

export function WizardSkeleton() {
  const t = useT();
  useDocumentTitle(t('wizard.book'));
  const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div className="content-width py-6 sm:py-10" aria-busy="true">
      <span className="sr-only" role="status">
        {t('wizard.loading')}
      </span>
      <div className={`${bar} h-8 w-64`} />
      <div className={`${bar} mt-3 h-4 w-40`} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className={`${bar} h-96`} />
        <div className={`${bar} h-72`} />
      </div>
    </div>
  );
}

export function WizardProblem({
  title,
  message,
  onRetry,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  backTo: string;
  backLabel: string;
}) {
  const t = useT();
  return (
    <PageMessage
      figure={
        <AlertTriangle aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />
      }
      title={title}
      message={message}
      alert
    >
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {onRetry && (
          <button type="button" className="btn-primary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('common.tryAgain')}
          </button>
        )}
        <Link to={backTo} className={onRetry ? 'btn-secondary' : 'btn-primary'}>
          {backLabel}
        </Link>
      </div>
    </PageMessage>
  );
}
