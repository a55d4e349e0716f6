import { AlertTriangle, ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';

/** A 400 (malformed id) or 404 (unknown id) means the thing does not exist; anything else may pass. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

interface NotFoundStateProps {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}

/** The page's h1 when its store, offer or service does not exist. */
export function NotFoundState({ title, message, backTo, backLabel }: NotFoundStateProps) {
  useDocumentTitle(title);
  return (
    <div className="content-width grid place-items-center py-16 sm:py-24">
      <div className="max-w-md text-center">
        <SearchX aria-hidden="true" className="mx-auto size-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{message}</p>
        <Link to={backTo} className="btn-primary mt-8">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLabel}
        </Link>
      </div>
    </div>
  );
}

/** A failure that a retry may fix (network, 5xx). */
export function LoadErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  useDocumentTitle(title);
  return (
    <div className="content-width grid place-items-center py-16 sm:py-24">
      <div role="alert" className="max-w-md text-center">
        <AlertTriangle aria-hidden="true" className="mx-auto size-12 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{message}</p>
        <button type="button" className="btn-primary mt-8" onClick={onRetry}>
          Try Again
        </button>
      </div>
    </div>
  );
}

const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';

/** The detail pages' loading look: a heading band and a content block, no spinner. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="content-width flex gap-6 py-8 sm:py-10">
          <div className={`${bar} size-20 shrink-0 rounded-2xl sm:size-24`} />
          <div className="flex-1 space-y-3">
            <div className={`${bar} h-8 w-3/4 max-w-sm`} />
            <div className={`${bar} h-4 w-1/2 max-w-xs`} />
            <div className={`${bar} h-4 w-full max-w-xl`} />
          </div>
        </div>
      </div>
      <div className="content-width grid gap-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="card overflow-hidden">
            <div className={`${bar} aspect-[4/3] rounded-none`} />
            <div className="space-y-2 p-4">
              <div className={`${bar} h-4 w-3/4`} />
              <div className={`${bar} h-4 w-1/2`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
