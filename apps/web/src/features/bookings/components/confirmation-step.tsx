import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { CalendarCheck, CheckCircle2, Clock, Search, Tag } from 'lucide-react';
import { IconLink } from '../../../components/icon-link';
import type { TBooking } from '../api/booking-types';
import { longDayLabel, normalizeTime } from '../lib/booking-dates';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
import { bookingTitle, StatusBadge } from './booking-badges';

export function ConfirmationStep({
  booking,
  priceAtStore,
}: {
  booking: TBooking;
  priceAtStore: number | null;
}) {
  const isOffer = booking.bookingType === 'offer';
  const awaitingStore = booking.status === 'pending';
  return (
    <section aria-labelledby="confirmation-title" className="py-4 text-center">
      <span
        className={
          awaitingStore
            ? 'mx-auto grid size-16 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300'
            : 'mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
        }
      >
        {awaitingStore ? (
          <Clock aria-hidden="true" className="size-9" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-9" />
        )}
      </span>
      <h2 id="confirmation-title" className="mt-5 text-2xl font-bold text-slate-900 dark:text-white">
        {awaitingStore ? 'Booking Request Sent!' : 'Booking Confirmed!'}
      </h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        {awaitingStore ? WIZARD_MESSAGES.manualReview : 'Your booking has been successfully created.'}
      </p>

      <dl className="mx-auto mt-6 max-w-md divide-y divide-slate-100 rounded-lg border border-slate-200 text-left text-sm dark:divide-slate-800 dark:border-slate-800">
        <div className="flex justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">{isOffer ? 'Offer' : 'Service'}</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">{bookingTitle(booking)}</dd>
        </div>
        <div className="flex justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">When</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">
            {longDayLabel(booking.date)} · {normalizeTime(booking.time)}
          </dd>
        </div>
        {booking.Branch && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">Location</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">{booking.Branch.name}</dd>
          </div>
        )}
        <div className="flex items-center justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">Status</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
        </div>
        {isOffer && booking.accessFeePaid && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">Access fee paid</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">
              {formatKesShort(booking.Payment?.amount ?? booking.accessFeeAmount)}
              {booking.Payment?.mpesaReceiptNumber ? ` · ${booking.Payment.mpesaReceiptNumber}` : ''}
            </dd>
          </div>
        )}
        {isOffer && priceAtStore !== null && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">Pay at the store</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">
              {formatKesShort(priceAtStore)}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{WIZARD_MESSAGES.arriveEarly}</p>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <IconLink to="/profile/bookings" icon={CalendarCheck} className="btn-primary">
          View My Bookings
        </IconLink>
        {isOffer ? (
          <IconLink to="/hotdeals" icon={Tag} className="btn-secondary">
            Browse More Offers
          </IconLink>
        ) : (
          <IconLink to="/stores" icon={Search} className="btn-secondary">
            Browse More Services
          </IconLink>
        )}
      </div>
    </section>
  );
}
