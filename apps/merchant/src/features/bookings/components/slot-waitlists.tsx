import { waitlistRoutes } from '@d3/shared/api/routes';
import type { TMerchantWaitlistSlot } from '@d3/shared/bookings/waitlist-schemas';
import { formatDate, formatTime } from '@d3/ui';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ListOrdered } from 'lucide-react';
import { useId } from 'react';
import { Card, ErrorState } from '../../../components/ui';
import { call } from '../../../lib/api-client';

/** Minutes left on an offer's hold at `now`, rounded up (0 once it lapsed). */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

function SlotLine({ slot, now }: { slot: TMerchantWaitlistSlot; now: number }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h3 className="text-sm font-semibold break-words text-slate-900 dark:text-white">
        {slot.title} · {formatDate(slot.startTime)}, {formatTime(slot.startTime)}
      </h3>
      <ol className="mt-2 space-y-1.5 text-sm">
        {slot.waiting.map((wait, index) => {
          const offered = wait.status === 'offered' && wait.offerExpiresAt !== null;
          return (
            <li key={wait.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="w-6 shrink-0 text-right font-semibold tabular-nums text-slate-500 dark:text-slate-400">
                {index + 1}.
              </span>
              <span className="min-w-0 break-words text-slate-900 dark:text-slate-100">
                {wait.customerName}
              </span>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  offered
                    ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200'
                    : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
                )}
              >
                {offered
                  ? `Offered a place · held until ${formatTime(wait.offerExpiresAt!)} (${minutesLeft(wait.offerExpiresAt!, now)} min left)`
                  : 'Waiting'}
              </span>
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/**
 * The store's waitlists (issue 36): each upcoming full slot with people waiting for it, in line
 * order, and the place offered to the first of them with its expiry.
 */
export function SlotWaitlists({ storeId }: { storeId: string }) {
  const headingId = useId();
  const lines = useQuery({
    queryKey: ['merchant', 'waitlist', storeId],
    queryFn: ({ signal }) => call(waitlistRoutes.merchant, { query: { storeId } }, { signal }),
    refetchInterval: 30_000,
  });
  const now = lines.dataUpdatedAt || Date.now();
  const slots = lines.data?.slots ?? [];
  return (
    <Card className="mb-5">
      <section id="waitlists" aria-labelledby={headingId}>
        <h2
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
        >
          <ListOrdered aria-hidden="true" className="size-5 text-orange-700 dark:text-orange-400" />
          Waitlists
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Customers waiting for a full time. A freed place is offered to the first in line for 15 minutes.
        </p>
        <div className="mt-3">
          {lines.isPending ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              Loading waitlists…
            </p>
          ) : lines.isError ? (
            <ErrorState message={lines.error.message} onRetry={() => void lines.refetch()} />
          ) : slots.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No one is waiting for a full time.</p>
          ) : (
            <ul className="space-y-3">
              {slots.map((slot) => (
                <SlotLine key={`${slot.branchId}|${slot.startTime}|${slot.title}`} slot={slot} now={now} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
