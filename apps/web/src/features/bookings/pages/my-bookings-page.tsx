import { useT } from '@d3/ui';
import * as Tabs from '@radix-ui/react-tabs';
import { CalendarSearch, CalendarX2, Flame, RefreshCw, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ChoiceSelect } from '../../../components/choice-select';
import { PageIntro } from '../../../components/page-intro';
import { CardSkeletons } from '../../../components/page-skeleton';
import { Pagination } from '../../../components/pagination';
import { SearchField } from '../../../components/search-field';
import { EmptyPanel, ErrorPanel } from '../../../components/state-panels';
import { useListParams } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/use-session';
import type { TBooking, TBookingType } from '../api/booking-types';
import { keepVouchersForOffline } from '../api/get-booking';
import { type TBookingsTab, type TUserBookingsParams, useUserBookings } from '../api/user-bookings';
import { BookingCard } from '../components/booking-card';
import { CancelDialog } from '../components/cancel-dialog';
import { MyWaitlist } from '../components/my-waitlist';
import { RescheduleDialog } from '../components/reschedule-dialog';
import { MY_BOOKINGS_MESSAGES } from '../lib/booking-messages';

/** Seed 000 §9: search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

const TABS: readonly { value: TBookingsTab; label: string }[] = [
  { value: 'upcoming', label: 'myBookings.upcoming' },
  { value: 'past', label: 'myBookings.past' },
  { value: 'cancelled', label: 'myBookings.cancelled' },
  { value: 'all', label: 'myBookings.all' },
];

const TYPE_OPTIONS: readonly { value: TBookingType | 'all'; label: string }[] = [
  { value: 'all', label: 'myBookings.allTypes' },
  { value: 'offer', label: 'myBookings.offers' },
  { value: 'service', label: 'myBookings.services' },
];

function readParams(search: URLSearchParams): TUserBookingsParams {
  const tab = search.get('tab');
  const type = search.get('type');
  const page = Number(search.get('page'));
  return {
    tab: TABS.some((entry) => entry.value === tab) ? (tab as TBookingsTab) : 'upcoming',
    bookingType: type === 'offer' || type === 'service' ? type : 'all',
    search: search.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeParams(params: TUserBookingsParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.tab !== 'upcoming') out.set('tab', params.tab);
  if (params.bookingType !== 'all') out.set('type', params.bookingType);
  if (params.search.trim() !== '') out.set('q', params.search.trim());
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

export function MyBookingsPage() {
  const t = useT();
  const token = useSession()?.token ?? null;
  const { params, update: updateParams } = useListParams(readParams, writeParams);
  const query = useUserBookings(token, params);
  const typeId = useId();
  const [searchText, setSearchText] = useState(params.search);
  const [rescheduling, setRescheduling] = useState<TBooking | null>(null);
  const [cancelling, setCancelling] = useState<TBooking | null>(null);

  /** Changes one filter and goes back to page 1 (the old page may not exist under the new filter). */
  const update = (patch: Partial<TUserBookingsParams>) =>
    updateParams({ page: 1, ...patch }, { replace: patch.search !== undefined });

  // The typed search reaches the server 300 ms after the last key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a new search.
  useEffect(() => {
    if (searchText.trim() === params.search.trim()) return;
    const timer = setTimeout(() => update({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Once the list is here, every voucher is kept for a visit with no signal (issue 32).
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded && token && navigator.onLine) void keepVouchersForOffline();
  }, [loaded, token]);

  const data = query.data;
  const bookings = data?.bookings ?? [];
  const summary = data?.summary;
  const filtered = params.search.trim() !== '' || params.bookingType !== 'all';
  const tabCount = (tab: TBookingsTab): number | undefined => {
    if (!summary) return undefined;
    if (tab === 'upcoming') return summary.upcoming;
    if (tab === 'past') return summary.past;
    if (tab === 'cancelled') return summary.cancelled;
    return summary.total;
  };

  let body: ReactNode;
  if (query.isPending && token !== null) {
    body = <ListSkeleton />;
  } else if (query.isError && !data) {
    body = <ErrorPanel title={MY_BOOKINGS_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  } else if (bookings.length === 0) {
    body =
      summary?.total === 0 && !filtered ? (
        <EmptyPanel
          icon={<CalendarX2 aria-hidden="true" className="size-7" />}
          title={MY_BOOKINGS_MESSAGES.emptyTitle}
          message={MY_BOOKINGS_MESSAGES.emptyText}
          actions={[
            { to: '/hotdeals', icon: Flame, label: t('myBookings.browseOffers') },
            { to: '/stores', icon: Sparkles, label: t('myBookings.bookServices') },
          ]}
        />
      ) : (
        <EmptyPanel
          icon={<CalendarSearch aria-hidden="true" className="size-7" />}
          title={MY_BOOKINGS_MESSAGES.noneFoundTitle}
          message={MY_BOOKINGS_MESSAGES.noneFoundText}
        />
      );
  } else {
    body = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isFetching}>
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} onReschedule={setRescheduling} onCancel={setCancelling} />
            </li>
          ))}
        </ul>
        <Pagination
          className="mt-8"
          page={params.page}
          totalPages={data?.pagination.totalPages ?? 1}
          onPageChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageIntro title={MY_BOOKINGS_MESSAGES.title} lead={MY_BOOKINGS_MESSAGES.subtitle}>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200" aria-live="polite">
            {summary ? t('myBookings.total', { count: summary.total }) : ''}
          </p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {t('myBookings.refresh')}
          </button>
        </div>
      </PageIntro>

      <div className="content-width py-6 sm:py-10">
        <MyWaitlist />
        <Tabs.Root value={params.tab} onValueChange={(value) => update({ tab: value as TBookingsTab })}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SearchField
              label={t('myBookings.search')}
              value={searchText}
              onChange={setSearchText}
              placeholder={MY_BOOKINGS_MESSAGES.searchPlaceholder}
              className="flex-1"
            />
            <div className="sm:w-48">
              <label htmlFor={typeId} className="sr-only">
                {t('myBookings.type')}
              </label>
              <ChoiceSelect
                id={typeId}
                value={params.bookingType}
                onChange={(event) => update({ bookingType: event.target.value as TBookingType | 'all' })}
                className="field"
                choices={TYPE_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
              />
            </div>
          </div>

          <Tabs.List
            aria-label={t('myBookings.lists')}
            className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
          >
            {TABS.map(({ value, label }) => {
              const count = tabCount(value);
              return (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="focus-ring -mb-px shrink-0 rounded-t-lg border-b-2 border-transparent px-2 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 sm:px-4 data-[state=active]:border-orange-600 data-[state=active]:text-orange-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:text-orange-400"
                >
                  {t(label)}
                  {count !== undefined && ` (${count})`}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {TABS.map(({ value, label }) => (
            <Tabs.Content key={value} value={value} className="mt-6 focus-visible:outline-none">
              <h2 className="sr-only">{t('myBookings.tabHeading', { tab: t(label) })}</h2>
              {value === params.tab ? body : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>

      <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{MY_BOOKINGS_MESSAGES.loading}</p>
      <div aria-hidden="true">
        <CardSkeletons
          count={3}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          media="aspect-[16/9]"
          lines={['h-4 w-2/3', 'h-3 w-1/2', 'h-10 w-full']}
          body="space-y-3 p-4"
        />
      </div>
    </div>
  );
}
