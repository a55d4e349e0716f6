import { MapPin, Store } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { useMerchantToken } from '../../../lib/auth-token';
import { type TMerchantStoreSummary, useMerchantMe } from '../api/get-merchant-me';

export const NO_STORES_MESSAGE = 'You have no stores yet. Store management is coming soon.';

export function DashboardPage() {
  const token = useMerchantToken();
  const me = useMerchantMe(token);
  const firstName = me.data?.merchant.firstName;

  return (
    <>
      <PageHeader title="Dashboard" description="Your business at a glance." />
      <section
        aria-labelledby="greeting"
        className="rounded-2xl bg-gradient-to-br from-orange-600 to-orange-800 p-6 text-white shadow-sm sm:p-8"
      >
        {me.isPending ? (
          <div role="status" className="space-y-3">
            <span className="block h-7 w-56 animate-pulse rounded-lg bg-white/25" />
            <span className="block h-4 w-72 max-w-full animate-pulse rounded bg-white/20" />
            <span className="sr-only">Loading your account</span>
          </div>
        ) : (
          <>
            <h2 id="greeting" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {firstName ? `Karibu, ${firstName}!` : 'Karibu!'}
            </h2>
            <p className="mt-2 text-orange-50">
              Here you will manage your stores, offers, bookings and chats with customers.
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="stores-heading" className="mt-8">
        <h2 id="stores-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your stores
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
              Try again
            </button>
          </p>
        ) : me.data.stores.length === 0 ? (
          <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
            <span className="grid size-12 place-items-center rounded-xl bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-400">
              <Store aria-hidden="true" className="size-6" />
            </span>
            <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{NO_STORES_MESSAGE}</p>
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
      {store.logoUrl ? (
        <img src={store.logoUrl} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-orange-500 to-rose-500 text-lg font-bold text-white"
        >
          {initials}
        </span>
      )}
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
