import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { CalendarCheck, CheckCircle2, Clock, Search, Tag } from 'lucide-react';
import { ActionLinks } from '../../../components/icon-link';
import { useFormats } from '../../../lib/format';
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
  const t = useT();
  const { locale } = useFormats();
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
        {awaitingStore ? t('confirm.requestSent') : t('confirm.confirmed')}
      </h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        {awaitingStore ? WIZARD_MESSAGES.manualReview : t('confirm.created')}
      </p>

      <dl className="mx-auto mt-6 max-w-md divide-y divide-slate-100 rounded-lg border border-slate-200 text-left text-sm dark:divide-slate-800 dark:border-slate-800">
        <div className="flex justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">{t(isOffer ? 'type.offer' : 'type.service')}</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">
            {bookingTitle(booking, t)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">{t('confirm.when')}</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">
            {t('confirm.whenValue', {
              date: longDayLabel(booking.date, locale),
              time: normalizeTime(booking.time),
            })}
          </dd>
        </div>
        {booking.Branch && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">{t('wizard.location')}</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">{booking.Branch.name}</dd>
          </div>
        )}
        <div className="flex items-center justify-between gap-4 p-3">
          <dt className="text-slate-600 dark:text-slate-300">{t('confirm.status')}</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
        </div>
        {isOffer && booking.accessFeePaid && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">{t('confirm.feePaid')}</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">
              {formatKesShort(booking.Payment?.amount ?? booking.accessFeeAmount)}
              {booking.Payment?.mpesaReceiptNumber ? ` · ${booking.Payment.mpesaReceiptNumber}` : ''}
            </dd>
          </div>
        )}
        {isOffer && priceAtStore !== null && (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600 dark:text-slate-300">{t('summary.payAtStore')}</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">
              {formatKesShort(priceAtStore)}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{WIZARD_MESSAGES.arriveEarly}</p>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ActionLinks
          actions={[
            { to: '/profile/bookings', icon: CalendarCheck, label: t('confirm.viewBookings') },
            isOffer
              ? { to: '/hotdeals', icon: Tag, label: t('confirm.moreOffers') }
              : { to: '/stores', icon: Search, label: t('confirm.moreServices') },
          ]}
        />
      </div>
    </section>
  );
}
