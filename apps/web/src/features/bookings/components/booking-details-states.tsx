import { useT } from '@d3/ui';
import { AlertTriangle, ArrowLeft, Lock, RefreshCw, SearchX, ServerCrash, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconLink } from '../../../components/icon-link';
import { PageMessage } from '../../../components/state-panels';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { siteText } from '../../../lib/site-i18n';
import { DETAIL_MAX_RETRIES } from '../api/get-booking';
import { BOOKING_API_MESSAGES, DETAIL_MESSAGES } from '../lib/booking-messages';
import { MY_BOOKINGS_PATH } from './booking-detail';

// The booking details page while it loads and when it cannot (seed 001 §4 "Booking load errors").

export type TLoadErrorKind = 'network' | 'server' | 'notFound' | 'permission' | 'general';

/** Seed 001 §4 "Booking load errors": the five kinds the page tells apart. */
export function loadErrorKind(error: unknown): TLoadErrorKind {
  if (!isApiError(error)) return 'general';
  if (error.status === 0) return 'network';
  if (error.status === 404 || error.status === 400) return 'notFound';
  if (error.status === 403) return 'permission';
  if (error.status >= 500) return 'server';
  return 'general';
}

export function DetailLoading({ retryAttempt }: { retryAttempt: number }) {
  const t = useT();
  useDocumentTitle(t('details.title'));
  const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div className="content-width py-6 sm:py-10">
      <div role="status" aria-live="polite" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        {retryAttempt > 0
          ? t('details.retrying', {
              error: DETAIL_MESSAGES.server,
              attempt: Math.min(retryAttempt, DETAIL_MAX_RETRIES),
              max: DETAIL_MAX_RETRIES,
            })
          : t('details.loading')}
      </div>
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-40`} />
        <div className="grid gap-4 md:grid-cols-2">
          <div className={`${bar} h-32`} />
          <div className={`${bar} h-32`} />
        </div>
      </div>
    </div>
  );
}

/** Read when shown, so each says it in the page's language. */
const errorScreens = (): Record<
  TLoadErrorKind,
  { title: string; message: string; icon: ReactNode; action: 'retry' | 'all' | 'back' }
> => ({
  notFound: {
    title: siteText('details.notFound'),
    message: DETAIL_MESSAGES.notFoundHelp,
    icon: <SearchX aria-hidden="true" className="size-7" />,
    action: 'all',
  },
  permission: {
    title: siteText('details.denied'),
    message: DETAIL_MESSAGES.forbidden,
    icon: <Lock aria-hidden="true" className="size-7" />,
    action: 'back',
  },
  server: {
    title: siteText('details.serverError'),
    message: BOOKING_API_MESSAGES.server,
    icon: <ServerCrash aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
  network: {
    title: siteText('details.connection'),
    message: DETAIL_MESSAGES.network,
    icon: <WifiOff aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
  general: {
    title: siteText('details.wrong'),
    message: DETAIL_MESSAGES.general,
    icon: <AlertTriangle aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
});

export function LoadError({ kind, onRetry }: { kind: TLoadErrorKind; onRetry: () => void }) {
  const t = useT();
  const screen = errorScreens()[kind];
  return (
    <PageMessage
      figure={
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300">
          {screen.icon}
        </span>
      }
      title={screen.title}
      message={screen.message}
      alert
    >
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {screen.action === 'retry' && (
          <button type="button" className="btn-primary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('details.tryAgain')}
          </button>
        )}
        {screen.action === 'all' ? (
          <Link to={MY_BOOKINGS_PATH} className="btn-primary">
            {t('details.viewAll')}
          </Link>
        ) : (
          <IconLink
            to={MY_BOOKINGS_PATH}
            icon={ArrowLeft}
            className={screen.action === 'back' ? 'btn-primary' : 'btn-secondary'}
          >
            {t('details.back')}
          </IconLink>
        )}
      </div>
    </PageMessage>
  );
}
