import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import type { TMerchantDashboard } from '@d3/shared/merchant/dashboard-schemas';
import { useT } from '@d3/ui';
import { CalendarCheck, CalendarClock, Clock3, Heart, MapPin, Star, Store, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { StoreLogo } from '../../../components/store-logo';
import { buttonClass, ErrorState, StatusBadge } from '../../../components/ui';
import { type TMerchantStoreSummary, useMerchantMe } from '../../../lib/api/get-merchant-me';
import { useMerchantToken } from '../../../lib/auth-token';
import { useMerchantDashboard } from '../api/get-dashboard';

export function DashboardPage() {
  const token = useMerchantToken();
  const me = useMerchantMe(token);
  const stats = useMerchantDashboard(token !== null);
  const firstName = me.data?.merchant.firstName;
  const t = useT();

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <section
        aria-labelledby="greeting"
        className="rounded-2xl bg-gradient-to-br from-orange-600 to-orange-800 p-6 text-white shadow-sm sm:p-8"
      >
        {me.isPending ? (
          <div role="status" className="space-y-3">
            <span className="block h-7 w-56 animate-pulse rounded-lg bg-white/25" />
            <span className="block h-4 w-72 max-w-full animate-pulse rounded bg-white/20" />
            <span className="sr-only">{t('dashboard.loadingAccount')}</span>
          </div>
        ) : (
          <>
            <h2 id="greeting" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {firstName ? t('dashboard.greetingName', { name: firstName }) : t('dashboard.greeting')}
            </h2>
            <p className="mt-2 text-orange-50">{t('dashboard.intro')}</p>
          </>
        )}
      </section>

      <DashboardFigures stats={stats} />

      <section aria-labelledby="stores-heading" className="mt-8">
        <h2 id="stores-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('dashboard.yourStores')}
        </h2>
        {me.isPending ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {[0, 1].map((key) => (
              <li key={key} className="h-24 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
            ))}
          </ul>
        ) : me.isError ? (
          <p
            role="alert"
            className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
          >
            {me.error.message}{' '}
            <button type="button" onClick={() => void me.refetch()} className="font-semibold underline">
              {t('common.tryAgain')}
            </button>
          </p>
        ) : me.data.stores.length === 0 ? (
          <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
            <span className="grid size-12 place-items-center rounded-xl bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-400">
              <Store aria-hidden="true" className="size-6" />
            </span>
            <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{t('dashboard.noStores')}</p>
            <Link to="/stores" className={buttonClass('primary')}>
              {t('dashboard.createStore')}
            </Link>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {me.data.stores.map((store) => (
              <StoreCard key={store.id} store={store} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StoreCard({ store }: { store: TMerchantStoreSummary }) {
  const initials = store.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return (
    <li className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <StoreLogo logoUrl={store.logoUrl} initials={initials} className="size-14 text-lg" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900 dark:text-white">{store.name}</p>
        {store.category && (
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{store.category}</p>
        )}
        {store.location && (
          <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-slate-500 dark:text-slate-400">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            {store.location}
          </p>
        )}
      </div>
    </li>
  );
}

function Figure({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <span aria-hidden="true" className="text-orange-700 dark:text-orange-400">
          {icon}
        </span>
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

/** The eight figures at the top of the dashboard, in their order. */
function dashboardFigures(data: TMerchantDashboard, t: ReturnType<typeof useT>) {
  const reviews = t('dashboard.reviewCount', { count: data.reviewCount });
  return [
    {
      Icon: CalendarCheck,
      label: t('dashboard.today'),
      value: data.bookings.today,
      hint: t('dashboard.bookingsToday'),
    },
    {
      Icon: CalendarClock,
      label: t('dashboard.upcoming'),
      value: data.bookings.upcoming,
      hint: t('dashboard.fromNowOn'),
    },
    {
      Icon: Clock3,
      label: t('dashboard.awaiting'),
      value: data.bookings.awaitingConfirmation,
      hint: t('dashboard.toConfirm'),
    },
    {
      Icon: Star,
      label: t('dashboard.rating'),
      value: data.reviewCount ? data.rating.toFixed(1) : '—',
      hint: reviews,
    },
    {
      Icon: Wallet,
      label: t('dashboard.paidAtStore'),
      value: formatKesShort(data.revenue.atStore),
      hint: t('dashboard.paidAtStoreHint', { month: data.revenue.month }),
    },
    {
      Icon: Wallet,
      label: t('dashboard.accessFees'),
      value: formatKesShort(data.revenue.accessFees),
      hint: t('dashboard.accessFeesHint', { month: data.revenue.month }),
    },
    { Icon: Heart, label: t('dashboard.followers'), value: data.followers, hint: undefined },
    {
      Icon: CalendarCheck,
      label: t('dashboard.thisMonth'),
      value: data.bookings.thisMonth,
      hint: t('dashboard.bookings'),
    },
  ];
}

function DashboardFigures({ stats }: { stats: ReturnType<typeof useMerchantDashboard> }) {
  const t = useT();
  if (stats.isPending) {
    return (
      <div role="status" className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <span key={key} className="h-24 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        ))}
        <span className="sr-only">{t('dashboard.loadingFigures')}</span>
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div className="mt-6">
        <ErrorState message={stats.error.message} onRetry={() => void stats.refetch()} />
      </div>
    );
  }
  const data: TMerchantDashboard = stats.data;
  return (
    <>
      <section aria-label={t('dashboard.figures')} className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {dashboardFigures(data, t).map(({ Icon, label, value, hint }) => (
          <Figure key={label} icon={<Icon className="size-4" />} label={label} value={value} hint={hint} />
        ))}
      </section>
      <section aria-labelledby="next-heading" className="mt-8">
        <div className="flex items-center justify-between gap-3">
          <h2 id="next-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('dashboard.nextBookings')}
          </h2>
          <Link
            to="/bookings"
            className="text-sm font-semibold text-orange-700 hover:underline dark:text-orange-400"
          >
            {t('dashboard.allBookings')}
          </Link>
        </div>
        {data.nextBookings.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
            {t('dashboard.noUpcoming')}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {data.nextBookings.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="w-28 shrink-0 text-sm font-semibold text-slate-900 dark:text-white">
                  {booking.date.slice(5)} {booking.time}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm text-slate-700 dark:text-slate-300">
                  {booking.Offer?.title ?? booking.Service?.name ?? t('dashboard.booking')} ·{' '}
                  {booking.clientInfo.name ?? t('dashboard.customer')}
                </span>
                <StatusBadge status={booking.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
