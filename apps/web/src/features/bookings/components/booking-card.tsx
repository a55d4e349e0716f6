import { formatAccessFee } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { CalendarClock, CalendarX2, ChevronRight, MapPin, Repeat, Store, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { useFormats } from '../../../lib/format';
import type { TBooking } from '../api/booking-types';
import { bookingImage, bookingTitle, StatusBadge, TypeBadge } from './booking-badges';

export function bookingDetailPath(id: string): string {
  return `/booking-details/${id}`;
}

interface BookingCardProps {
  booking: TBooking;
  onReschedule: (booking: TBooking) => void;
  onCancel: (booking: TBooking) => void;
}

export function BookingCard({ booking, onReschedule, onCancel }: BookingCardProps) {
  const t = useT();
  const formats = useFormats();
  const title = bookingTitle(booking, t);
  const isOffer = booking.bookingType === 'offer';
  return (
    <article aria-label={title} className="card flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-slate-100 dark:bg-slate-800">
        <EntityImage src={bookingImage(booking)} name={title} decorative className="size-full" />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          <TypeBadge type={booking.bookingType} className="bg-white/95 shadow-sm dark:bg-slate-900/95" />
        </div>
        <div className="absolute top-2 right-2">
          <StatusBadge status={booking.status} className="shadow-sm" />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        {booking.Store && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <Store aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{booking.Store.name}</span>
          </p>
        )}
        <h3 className="mt-1 text-base font-semibold text-slate-900 dark:text-white">
          <Link
            to={bookingDetailPath(booking.id)}
            className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400"
          >
            {title}
          </Link>
        </h3>
        <ul className="mt-3 space-y-1.5 text-sm text-slate-700 dark:text-slate-200">
          <li className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            {formats.date(booking.startTime)} · {formats.time(booking.startTime)}
          </li>
          {booking.Branch && (
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <span className="truncate">{booking.Branch.name}</span>
            </li>
          )}
          {booking.Staff && (
            <li className="flex items-center gap-2">
              <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <span className="truncate">{booking.Staff.name}</span>
            </li>
          )}
        </ul>
        {isOffer && booking.accessFee > 0 && (
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            {t('card.accessFee', { fee: formatAccessFee(booking.accessFeeAmount || booking.accessFee) })} ·{' '}
            {booking.accessFeePaid ? (
              <span className="font-semibold text-emerald-700 dark:text-emerald-400">{t('fee.paid')}</span>
            ) : (
              <span className="font-semibold text-amber-700 dark:text-amber-400">{t('fee.notPaid')}</span>
            )}
          </p>
        )}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
          <Link
            to={bookingDetailPath(booking.id)}
            className="btn-secondary col-span-2"
            aria-label={t('card.viewDetailsOf', { title })}
          >
            {t('card.viewDetails')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
          <BookingChangeButtons
            booking={booking}
            onReschedule={onReschedule}
            onCancel={onCancel}
            cancelLabel={t('card.cancel')}
            loneSpansRow
          />
        </div>
      </div>
    </article>
  );
}

/** Reschedule and Cancel, each shown only when the booking allows it; `loneSpansRow`: one alone fills the card's row. */
export function BookingChangeButtons({
  booking,
  onReschedule,
  onCancel,
  cancelLabel,
  loneSpansRow = false,
}: {
  booking: TBooking;
  onReschedule: (booking: TBooking) => void;
  onCancel: (booking: TBooking) => void;
  cancelLabel: string;
  loneSpansRow?: boolean;
}) {
  const t = useT();
  return (
    <>
      {booking.canReschedule && (
        <button
          type="button"
          className={clsx('btn-secondary', loneSpansRow && !booking.canCancel && 'col-span-2')}
          onClick={() => onReschedule(booking)}
        >
          <Repeat aria-hidden="true" className="size-4" />
          {t('card.reschedule')}
        </button>
      )}
      {booking.canCancel && (
        <button
          type="button"
          className={clsx(
            'btn border border-red-200 bg-white text-red-700 hover:bg-red-50 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-400 dark:hover:bg-red-500/10',
            loneSpansRow && !booking.canReschedule && 'col-span-2',
          )}
          onClick={() => onCancel(booking)}
        >
          <CalendarX2 aria-hidden="true" className="size-4" />
          {cancelLabel}
        </button>
      )}
    </>
  );
}
