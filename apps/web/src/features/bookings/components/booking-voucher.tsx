import { useT } from '@d3/ui';
import { Navigation, Ticket } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { StoreSocialIcon } from '../../../components/brand-icons';
import { IconHeading } from '../../../components/icon-heading';
import { formatDate, formatTime } from '../../../lib/format';
import { directionsUrl, whatsappShareUrl } from '../../../lib/share-links';
import { siteI18nOrDefault, siteText } from '../../../lib/site-i18n';
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
  const locale = siteI18nOrDefault().locale === 'sw' ? 'sw' : 'en';
  return siteText('voucher.share', {
    title: bookingTitle(booking),
    store: booking.Store?.name ?? siteText('voucher.theStore'),
    date: formatDate(booking.startTime, locale),
    time: formatTime(booking.startTime, locale),
  });
}

/** Ways out of a booking's page: WhatsApp share and Directions to the branch's map pin (issue 15). */
export function BookingLinks({ booking }: { booking: TBooking }) {
  const t = useT();
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
          {t('voucher.directions')}
        </a>
      )}
      <a
        href={whatsappShareUrl(bookingShareText(booking), bookingShareLink(booking, origin))}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-secondary"
      >
        <StoreSocialIcon platform="whatsapp" className="size-4 text-emerald-600 dark:text-emerald-400" />
        {t('voucher.whatsapp')}
      </a>
    </div>
  );
}

/**
 * The booking voucher (issue 15): its code and a QR code of the same text, which the store scans or
 * types into check-in (`POST /merchant/bookings/check-in-by-code`).
 */
export function BookingVoucher({ booking }: { booking: TBooking }) {
  const t = useT();
  const store = booking.Store?.name ?? t('voucher.theStore');
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
          aria-label={t('voucher.qr', { code: booking.voucherCode })}
          data-testid="voucher-qr"
        />
      </div>
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <IconHeading id="voucher-heading" icon={Ticket} className="justify-center sm:justify-start">
          {t('voucher.title')}
        </IconHeading>
        <p
          translate="no"
          className="mt-2 font-mono text-2xl font-bold tracking-wider text-slate-900 dark:text-white"
        >
          {booking.voucherCode}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {booking.status === 'checked_in' ? t('voucher.checkedIn', { store }) : t('voucher.show', { store })}
        </p>
        <div className="mt-4 flex justify-center sm:justify-start">
          <BookingLinks booking={booking} />
        </div>
      </div>
    </section>
  );
}
