import { useT } from '@d3/ui';
import clsx from 'clsx';
import { AlertTriangle, ArrowLeft, SearchX } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconLink } from '../../../components/icon-link';
import { CardSkeletons } from '../../../components/page-skeleton';
import { PageMessage } from '../../../components/state-panels';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { userErrorMessage } from '../../../lib/generic-error-message';

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
  return (
    <PageMessage
      figure={<SearchX aria-hidden="true" className="mx-auto size-12 text-slate-400" />}
      title={title}
      message={message}
    >
      <IconLink to={backTo} icon={ArrowLeft} className="btn-primary mt-8">
        {backLabel}
      </IconLink>
    </PageMessage>
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
  const t = useT();
  return (
    <PageMessage
      figure={<AlertTriangle aria-hidden="true" className="mx-auto size-12 text-red-600" />}
      title={title}
      message={message}
      alert
    >
      <button type="button" className="btn-primary mt-8" onClick={onRetry}>
        {t('detail.tryAgain')}
      </button>
    </PageMessage>
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
      <CardSkeletons
        count={3}
        className="content-width grid gap-4 py-8 sm:grid-cols-2 lg:grid-cols-3"
        media="aspect-[4/3]"
      />
    </div>
  );
}

/**
 * A store, offer or service page's load: the skeleton (with the page's title) while pending, the
 * not-found page for a 400/404, a retry for anything else, else the page itself.
 */
export function DetailLoader<T>({
  query,
  loadingTitle,
  loadingLabel,
  notFound,
  unavailableTitle,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  loadingTitle: string;
  loadingLabel: string;
  notFound: NotFoundStateProps;
  unavailableTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingDetail title={loadingTitle} label={loadingLabel} />;
  if (query.error || query.data === undefined) {
    return isMissing(query.error) ? (
      <NotFoundState {...notFound} />
    ) : (
      <LoadErrorState
        title={unavailableTitle}
        message={userErrorMessage(query.error)}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

function LoadingDetail({ title, label }: { title: string; label: string }) {
  useDocumentTitle(title);
  return <DetailSkeleton label={label} />;
}

const crumbLink = 'focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400';

/** The detail pages' trail: links up to the current page, which is named last. */
export function Breadcrumbs({
  trail,
  current,
  currentClassName,
}: {
  trail: Array<{ to: string; label: string }>;
  current: string;
  currentClassName?: string;
}) {
  const t = useT();
  return (
    <nav aria-label={t('common.breadcrumb')} className="mb-5 text-sm text-slate-500 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link to={crumb.to} className={crumbLink}>
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className={clsx('text-slate-700 dark:text-slate-200', currentClassName)}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
