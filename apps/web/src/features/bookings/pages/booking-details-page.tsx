import { AlertTriangle, ArrowLeft, Lock, RefreshCw, SearchX, ServerCrash, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../../components/state-panels';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { DETAIL_MAX_RETRIES, useBooking } from '../api/get-booking';
import { BookingDetail, MY_BOOKINGS_PATH } from '../components/booking-detail';
import { BOOKING_API_MESSAGES, DETAIL_MESSAGES } from '../lib/booking-messages';

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

export function BookingDetailsPage() {
  const { bookingId = '' } = useParams();
  const token = useSession()?.token ?? null;
  const query = useBooking(token, bookingId);

  // 'Booking details loaded successfully!' only after a load that needed retries.
  const retried = useRef(false);
  useEffect(() => {
    if (query.failureCount > 0) retried.current = true;
  }, [query.failureCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refetch that succeeds after retries counts too.
  useEffect(() => {
    if (query.isSuccess && retried.current) {
      retried.current = false;
      toastSuccess(DETAIL_MESSAGES.loadedAfterRetry);
    }
  }, [query.isSuccess, query.dataUpdatedAt]);

  if (query.data) {
    return (
      <BookingDetail
        booking={query.data}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
    );
  }
  if (query.isError) {
    return <LoadError kind={loadErrorKind(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <DetailLoading retryAttempt={query.failureCount} />;
}

function DetailLoading({ retryAttempt }: { retryAttempt: number }) {
  useDocumentTitle('Booking Details');
  const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div className="content-width py-6 sm:py-10">
      <div role="status" aria-live="polite" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        {retryAttempt > 0
          ? `${DETAIL_MESSAGES.server}. Retry attempt ${Math.min(retryAttempt, DETAIL_MAX_RETRIES)}/${DETAIL_MAX_RETRIES}`
          : 'Loading booking details...'}
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

const ERROR_SCREENS: Record<
  TLoadErrorKind,
  { title: string; message: string; icon: ReactNode; action: 'retry' | 'all' | 'back' }
> = {
  notFound: {
    title: 'Booking Not Found',
    message: DETAIL_MESSAGES.notFoundHelp,
    icon: <SearchX aria-hidden="true" className="size-7" />,
    action: 'all',
  },
  permission: {
    title: 'Access Denied',
    message: DETAIL_MESSAGES.forbidden,
    icon: <Lock aria-hidden="true" className="size-7" />,
    action: 'back',
  },
  server: {
    title: 'Server Error',
    message: BOOKING_API_MESSAGES.server,
    icon: <ServerCrash aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
  network: {
    title: 'Connection Problem',
    message: DETAIL_MESSAGES.network,
    icon: <WifiOff aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
  general: {
    title: 'Something Went Wrong',
    message: DETAIL_MESSAGES.general,
    icon: <AlertTriangle aria-hidden="true" className="size-7" />,
    action: 'retry',
  },
};

function LoadError({ kind, onRetry }: { kind: TLoadErrorKind; onRetry: () => void }) {
  const screen = ERROR_SCREENS[kind];
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
            Try Again
          </button>
        )}
        {screen.action === 'all' ? (
          <Link to={MY_BOOKINGS_PATH} className="btn-primary">
            View All Bookings
          </Link>
        ) : (
          <Link to={MY_BOOKINGS_PATH} className={screen.action === 'back' ? 'btn-primary' : 'btn-secondary'}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to My Bookings
          </Link>
        )}
      </div>
    </PageMessage>
  );
}
