import { Navigation, Ticket } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { StoreSocialIcon } from '../../../components/brand-icons';
import { formatDate, formatTime } from '../../../lib/format';
import { directionsUrl, whatsappShareUrl } from '../../../lib/share-links';
import type { TBooking } from '../api/booking-types';
import { bookingTitle } from './booking-badges';

/** A voucher is shown while the visit is ahead and nothing is owed before it (an unpaid fee is not). */
export function hasVoucher(booking: TBooking): boolean {
  const live =
    booking.status === 'pending' || booking.status === 'confirmed' || booking.status === 'checked_in';
  const feeOwed = booking.bookingType === 'offer' && booking.accessFee > 0 && !booking.accessFeePaid;
  return live && !feeOwed;
}

/** The public page a booking is shared by: its offer, else its store (the booking itself is private). */
export function bookingShareLink(booking: TBooking, origin: string): string {
  return booking.offerId ? `${origin}/offer/${booking.offerId}` : `${origin}/store/${booking.storeId}`;
}

export function bookingShareText(booking: TBooking): string {
  const store = booking.Store?.name ?? 'the store';
  return `I've booked ${bookingTitle(booking)} at ${store} on ${formatDate(booking.startTime)} at ${formatTime(booking.startTime)} with D3 Deals:`;
}

/** Ways out of a booking's page: WhatsApp share and Directions to the branch's map pin (issue 15). */
export function BookingLinks({ booking }: { booking: TBooking }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="flex flex-wrap gap-2">
      {booking.mapPin && (
        <a
          href={directionsUrl(booking.mapPin)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          <Navigation aria-hidden="true" className="size-4" />
          Directions
        </a>
      )}
      <a
        href={whatsappShareUrl(bookingShareText(booking), bookingShareLink(booking, origin))}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-secondary"
      >
        <StoreSocialIcon platform="whatsapp" className="size-4 text-emerald-600 dark:text-emerald-400" />
        Share on WhatsApp
      </a>
    </div>
  );
}

/**
 * The booking voucher (issue 15): its code and a QR code of the same text, which the store scans or
 * types into check-in (`POST /merchant/bookings/check-in-by-code`).
 */
export function BookingVoucher({ booking }: { booking: TBooking }) {
  const store = booking.Store?.name ?? 'the store';
  return (
    <section
      aria-labelledby="voucher-heading"
      className="card mt-5 flex flex-col items-center gap-5 p-5 sm:flex-row sm:items-start"
    >
      {/* White quiet zone in dark mode too, so every scanner reads it. */}
      <div className="shrink-0 rounded-lg bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-700">
        <QRCodeSVG
          value={booking.voucherCode}
          size={152}
          level="M"
          role="img"
          aria-label={`QR code of voucher ${booking.voucherCode}`}
          data-testid="voucher-qr"
        />
      </div>
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <h2
          id="voucher-heading"
          className="flex items-center justify-center gap-2 text-base font-semibold text-slate-900 sm:justify-start dark:text-white"
        >
          <Ticket aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />
          Your voucher
        </h2>
        <p className="mt-2 font-mono text-2xl font-bold tracking-wider text-slate-900 dark:text-white">
          {booking.voucherCode}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {booking.status === 'checked_in'
            ? `You are checked in at ${store}.`
            : `Show this at ${store}: staff scan the QR code or type the code to check you in.`}
        </p>
        <div className="mt-4 flex justify-center sm:justify-start">
          <BookingLinks booking={booking} />
        </div>
      </div>
    </section>
  );
}
