import { useT } from '@d3/ui';
import { ArrowLeft, Ban, CalendarClock, Heart, RefreshCw, Share2, Star } from 'lucide-react';
import { useState } from 'react';
import { EntityImage } from '../../../components/entity-image';
import { IconLink } from '../../../components/icon-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFormats } from '../../../lib/format';
import { siteText } from '../../../lib/site-i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { TBooking } from '../api/booking-types';
import { DETAIL_MESSAGES } from '../lib/booking-messages';
import { bookingImage, bookingTitle, StatusBadge, TypeBadge } from './booking-badges';
import { BookingChangeButtons } from './booking-card';
import { BookingDetailSections } from './booking-detail-sections';
import { BookingLinks, BookingVoucher, hasVoucher } from './booking-voucher';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';

export const MY_BOOKINGS_PATH = '/profile/bookings';

async function shareBooking(title: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess(DETAIL_MESSAGES.linkCopied);
  } catch {
    toastError(siteText('details.copyFailed'));
  }
}

/** One loaded booking: the toolbar, its header card, voucher, outcome banner, facts and change dialogs. */
export function BookingDetail({
  booking,
  refreshing,
  onRefresh,
}: {
  booking: TBooking;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const t = useT();
  const formats = useFormats();
  const title = bookingTitle(booking, t);
  useDocumentTitle(t('details.docTitle', { title }));
  const [rescheduling, setRescheduling] = useState<TBooking | null>(null);
  const [cancelling, setCancelling] = useState<TBooking | null>(null);
  const store = booking.Store;
  const storeId = store?.id ?? booking.storeId;

  return (
    <div className="content-width py-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <IconLink
          to={MY_BOOKINGS_PATH}
          icon={ArrowLeft}
          className="focus-ring inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
        >
          {t('details.back')}
        </IconLink>
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn-secondary" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            {t('details.refresh')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              void shareBooking(title, `${window.location.origin}/booking-details/${booking.id}`)
            }
          >
            <Share2 aria-hidden="true" className="size-4" />
            {t('details.share')}
          </button>
        </div>
      </div>

      <header className="card mt-5 overflow-hidden sm:flex">
        <div className="aspect-[16/9] bg-slate-100 sm:aspect-auto sm:w-64 sm:shrink-0 dark:bg-slate-800">
          <EntityImage
            src={bookingImage(booking)}
            name={title}
            decorative
            className="size-full sm:min-h-44"
          />
        </div>
        <div className="p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={booking.bookingType} />
            <StatusBadge status={booking.status} />
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {store && <p className="mt-1 text-base text-slate-600 dark:text-slate-300">{store.name}</p>}
          <p className="mt-3 flex items-center gap-2 text-base font-medium text-slate-900 dark:text-white">
            <CalendarClock aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />
            {formats.date(booking.startTime)} · {formats.time(booking.startTime)}–
            {formats.time(booking.endTime)}
          </p>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            {t('details.reference')}{' '}
            <span className="font-mono" translate="no">
              {booking.id.slice(0, 8).toUpperCase()}
            </span>
          </p>
          {(booking.canReschedule || booking.canCancel) && (
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <BookingChangeButtons
                booking={booking}
                onReschedule={setRescheduling}
                onCancel={setCancelling}
                cancelLabel={t('details.cancelBooking')}
              />
            </div>
          )}
        </div>
      </header>

      {hasVoucher(booking) ? (
        <BookingVoucher booking={booking} />
      ) : (
        <div className="mt-5">
          <BookingLinks booking={booking} />
        </div>
      )}

      {booking.status === 'completed' && (
        <section className="mt-5 flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center dark:border-emerald-500/30 dark:bg-emerald-500/10">
          <Heart aria-hidden="true" className="size-8 shrink-0 text-emerald-600 dark:text-emerald-400" />
          <div className="flex-1">
            <h2 className="text-base font-semibold text-emerald-900 dark:text-emerald-200">
              {t('details.thanks', { store: store?.name ?? t('voucher.theStore') })}
            </h2>
            <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">{t('details.tellOthers')}</p>
          </div>
          <IconLink to={`/store/${storeId}#reviews`} icon={Star} className="btn-primary">
            {t('details.leaveReview')}
          </IconLink>
        </section>
      )}

      {booking.status === 'cancelled' && (
        <section className="mt-5 flex gap-4 rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-500/30 dark:bg-red-500/10">
          <Ban aria-hidden="true" className="size-7 shrink-0 text-red-600 dark:text-red-400" />
          <div>
            <h2 className="text-base font-semibold text-red-900 dark:text-red-200">
              {t('details.cancelledTitle')}
            </h2>
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">
              {t('details.reason', {
                reason: booking.cancelReason?.trim() ? booking.cancelReason : t('details.noReason'),
              })}
            </p>
          </div>
        </section>
      )}

      <BookingDetailSections booking={booking} />

      <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
