import { MAX_OPEN_WAITS } from '@d3/shared/bookings/waitlist-schemas';
import { useErrorText, useT } from '@d3/ui';
import { AlarmClock, ListOrdered } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { type TWaitlistEntry, useLeaveWaitlist, useMyWaits } from '../api/waitlist';
import { useNow } from '../lib/use-now';
import { countdownLabel, isOpenWait, offerBookingPath, secondsLeft } from '../lib/waitlist-rules';
import { useSlotWhen, WaitlistLoadFailed } from './waitlist-states';

function WaitRow({ entry, now }: { entry: TWaitlistEntry; now: number }) {
  const t = useT();
  const errorText = useErrorText();
  const leave = useLeaveWaitlist();
  const left = secondsLeft(entry.offerExpiresAt, now);
  const held = entry.status === 'offered' && left > 0;
  const when = useSlotWhen()(entry.startTime);
  return (
    <li className="card p-4">
      <article aria-label={entry.title} className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{entry.title}</h3>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">
            {entry.storeName} · {when}
          </p>
          <p className="mt-1 text-sm font-medium text-slate-800 dark:text-slate-100">
            {held ? (
              <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
                <AlarmClock aria-hidden="true" className="size-4" />
                {t('waitlist.heldFor')}{' '}
                <span role="timer" className="tabular-nums">
                  {countdownLabel(left)}
                </span>
              </span>
            ) : entry.status === 'offered' ? (
              t('waitlist.status.expired')
            ) : (
              t('waitlist.position', { position: entry.position ?? 1 })
            )}
          </p>
          {leave.error && (
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
              {isApiError(leave.error)
                ? errorText(leave.error.code, leave.error.message)
                : t('waitlist.failed')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {held && (
            <Link to={offerBookingPath(entry)} className="btn-primary">
              {t('waitlist.bookNow')}
            </Link>
          )}
          <button
            type="button"
            className="btn-secondary"
            disabled={leave.isPending}
            onClick={() => leave.mutate(entry.id)}
          >
            {leave.isPending ? t('waitlist.leaving') : t('waitlist.leave')}
          </button>
        </div>
      </article>
    </li>
  );
}

/**
 * My Bookings' waitlists (issue 36): the full times the customer waits for, their place in line, a
 * place held for them with the time left and a link to book it, and Leave.
 */
export function MyWaitlist() {
  const t = useT();
  const headingId = useId();
  const token = useSession()?.token ?? null;
  const waits = useMyWaits(token);
  const open = (waits.data ?? []).filter(isOpenWait);
  const now = useNow(
    1000,
    open.some((entry) => entry.status === 'offered'),
  );
  if (token === null) return null;

  let body: ReactNode;
  if (waits.isPending) {
    body = (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t('waitlist.mineLoading')}
      </p>
    );
  } else if (waits.isError) {
    body = (
      <WaitlistLoadFailed
        className="text-sm text-red-800 dark:text-red-300"
        onRetry={() => void waits.refetch()}
      />
    );
  } else if (open.length === 0) {
    body = <p className="text-sm text-slate-600 dark:text-slate-300">{t('waitlist.mineEmpty')}</p>;
  } else {
    body = (
      <ul className="grid gap-3 lg:grid-cols-2">
        {open.map((entry) => (
          <WaitRow key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
        <ListOrdered aria-hidden="true" className="size-5" />
        {t('waitlist.mineTitle')}
        {open.length > 0 && (
          <span className="text-sm font-medium text-slate-600 dark:text-slate-300">
            {t('waitlist.mineCount', { count: open.length, max: MAX_OPEN_WAITS })}
          </span>
        )}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
