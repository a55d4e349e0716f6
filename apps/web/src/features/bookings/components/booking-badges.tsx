import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Sparkles, Tag } from 'lucide-react';
import { StatusPill } from '../../../components/status-pill';
import { siteText } from '../../../lib/site-i18n';
import type { TBooking, TBookingStatus, TBookingType } from '../api/booking-types';

/** Each status's message id (locales/booking). */
export const STATUS_LABELS: Record<TBookingStatus, string> = {
  pending: 'status.pending',
  confirmed: 'status.confirmed',
  checked_in: 'status.checkedIn',
  completed: 'status.completed',
  cancelled: 'status.cancelled',
};

const STATUS_CLASSES: Record<TBookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  confirmed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  checked_in: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  completed: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  cancelled: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

export function StatusBadge({ status, className }: { status: TBookingStatus; className?: string }) {
  const t = useT();
  const label = STATUS_LABELS[status];
  return (
    <StatusPill tone={STATUS_CLASSES[status] ?? STATUS_CLASSES.pending} className={className}>
      {label ? t(label) : status}
    </StatusPill>
  );
}

export function TypeBadge({ type, className }: { type: TBookingType; className?: string }) {
  const t = useT();
  const Icon = type === 'offer' ? Tag : Sparkles;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(type === 'offer' ? 'type.offer' : 'type.service')}
    </span>
  );
}

/** What the customer booked: the offer's title or the service's name (`t` says a nameless one). */
export function bookingTitle(
  booking: Pick<TBooking, 'Offer' | 'Service' | 'bookingType'>,
  t: (id: string) => string = siteText,
): string {
  return (
    booking.Offer?.title ??
    booking.Service?.name ??
    t(booking.bookingType === 'offer' ? 'type.offerBooking' : 'type.serviceBooking')
  );
}

export function bookingImage(booking: Pick<TBooking, 'Offer' | 'Service'>): string | null {
  return booking.Offer?.imageUrl ?? booking.Service?.imageUrl ?? null;
}
