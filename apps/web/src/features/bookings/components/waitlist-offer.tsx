import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClock, CalendarClock, TimerOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSession } from '../../../lib/use-session';
import { type TWaitlistEntry, useMyWaits, waitlistKeys } from '../api/waitlist';
import { useNow } from '../lib/use-now';
import { countdownLabel, secondsLeft } from '../lib/waitlist-rules';
import { useSlotWhen, WaitlistLoadFailed } from './waitlist-states';

const tone = {
  held: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-100',
  info: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100',
  over: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100',
} as const;

function Banner({
  kind,
  icon,
  title,
  children,
}: {
  kind: keyof typeof tone;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={`mt-4 rounded-lg border p-4 text-sm ${tone[kind]}`}>
      <div className="flex items-start gap-2">
        <span className="mt-0.5 shrink-0">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">{title}</h2>
          {children}
        </div>
      </div>
    </section>
  );
}

/**
 * The booking wizard opened from a waitlist offer (`?waitlist={id}`, the link of the bell, push and
 * SMS; issue 36): the place held for the customer, the time left to book it (15 minutes from the
 * offer), and a clear word once it lapsed. The held slot is chosen for them once (`onHeld`).
 */
export function WaitlistOffer({
  waitId,
  onHeld,
}: {
  waitId: string;
  onHeld: (entry: TWaitlistEntry) => void;
}) {
  const t = useT();
  const when = useSlotWhen();
  const token = useSession()?.token ?? null;
  const waits = useMyWaits(token);
  const queryClient = useQueryClient();
  const entry = waits.data?.find((candidate) => candidate.id === waitId);
  const holding = entry?.status === 'offered' && entry.offerExpiresAt !== null;
  const now = useNow(1000, holding);
  const left = holding ? secondsLeft(entry.offerExpiresAt, now) : 0;
  const lapsed = holding && left === 0;

  const chosen = useRef(false);
  useEffect(() => {
    if (entry?.status !== 'offered' || chosen.current) return;
    chosen.current = true;
    onHeld(entry);
  }, [entry, onHeld]);

  // The hold lapsed while the page was open: the slot is someone else's now.
  useEffect(() => {
    if (!lapsed) return;
    void queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] });
    void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
  }, [lapsed, queryClient]);

  if (token === null) return null;
  if (waits.isPending) {
    return (
      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {t('waitlist.offerChecking')}
      </p>
    );
  }
  if (waits.isError) {
    return (
      <WaitlistLoadFailed
        className={`mt-4 rounded-lg border p-4 text-sm ${tone.over}`}
        onRetry={() => void waits.refetch()}
      />
    );
  }
  const icon = (Icon: typeof AlarmClock) => <Icon aria-hidden="true" className="size-5" />;
  if (entry && holding && !lapsed) {
    return (
      <Banner kind="held" icon={icon(AlarmClock)} title={t('waitlist.offerTitle')}>
        <p className="mt-1">
          {t('waitlist.offerLead', {
            title: entry.title,
            store: entry.storeName,
            when: when(entry.startTime),
          })}
        </p>
        <p className="mt-2 text-base font-semibold">
          {t('waitlist.timeLeftLabel')}{' '}
          <span role="timer" className="tabular-nums">
            {countdownLabel(left)}
          </span>
        </p>
      </Banner>
    );
  }
  if (entry?.status === 'waiting') {
    return (
      <Banner kind="info" icon={icon(CalendarClock)} title={t('waitlist.stillWaitingTitle')}>
        <p className="mt-1">
          {t('waitlist.stillWaiting', { when: when(entry.startTime), position: entry.position ?? 1 })}
        </p>
      </Banner>
    );
  }
  if (entry?.status === 'booked') {
    return (
      <Banner kind="info" icon={icon(CalendarClock)} title={t('waitlist.bookedTitle')}>
        <p className="mt-1">{t('waitlist.booked', { when: when(entry.startTime) })}</p>
      </Banner>
    );
  }
  return (
    <Banner kind="over" icon={icon(TimerOff)} title={t('waitlist.expiredTitle')}>
      <p className="mt-1">
        {entry?.status === 'cancelled' ? t('waitlist.cancelled') : t('waitlist.expired')}
      </p>
    </Banner>
  );
}
