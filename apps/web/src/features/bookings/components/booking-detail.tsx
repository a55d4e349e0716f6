import { ArrowLeft, Ban, CalendarClock, Heart, RefreshCw, Share2, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate, formatTime } from '../../../lib/format';
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
    toastError('Failed to copy link');
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
  const title = bookingTitle(booking);
  useDocumentTitle(`${title} – Booking Details`);
  const [rescheduling, setRescheduling] = useState<TBooking | null>(null);
  const [cancelling, setCancelling] = useState<TBooking | null>(null);
  const store = booking.Store;
  const storeId = store?.id ?? booking.storeId;

  return (
    <div className="content-width py-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={MY_BOOKINGS_PATH}
          className="focus-ring inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to My Bookings
        </Link>
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn-secondary" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            Refresh
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              void shareBooking(title, `${window.location.origin}/booking-details/${booking.id}`)
            }
          >
            <Share2 aria-hidden="true" className="size-4" />
            Share
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
            {formatDate(booking.startTime)} · {formatTime(booking.startTime)}–{formatTime(booking.endTime)}
          </p>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Booking reference <span className="font-mono">{booking.id.slice(0, 8).toUpperCase()}</span>
          </p>
          {(booking.canReschedule || booking.canCancel) && (
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <BookingChangeButtons
                booking={booking}
                onReschedule={setRescheduling}
                onCancel={setCancelling}
                cancelLabel="Cancel Booking"
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
              Thank you for visiting {store?.name ?? 'the store'}!
            </h2>
            <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
              Tell other customers how it went.
            </p>
          </div>
          <Link to={`/store/${storeId}#reviews`} className="btn-primary">
            <Star aria-hidden="true" className="size-4" />
            Leave a Review
          </Link>
        </section>
      )}

      {booking.status === 'cancelled' && (
        <section className="mt-5 flex gap-4 rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-500/30 dark:bg-red-500/10">
          <Ban aria-hidden="true" className="size-7 shrink-0 text-red-600 dark:text-red-400" />
          <div>
            <h2 className="text-base font-semibold text-red-900 dark:text-red-200">
              This booking was cancelled
            </h2>
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">
              Reason: {booking.cancelReason?.trim() ? booking.cancelReason : 'No reason given'}
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
