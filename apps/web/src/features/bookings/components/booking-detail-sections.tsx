import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import {
  CalendarClock,
  CreditCard,
  Mail,
  MapPin,
  MessageSquareText,
  Phone,
  Store,
  Tag,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormats } from '../../../lib/format';
import type { TBooking } from '../api/booking-types';
import { ACCESS_FEE_MESSAGES } from '../lib/booking-messages';
import { bookingTitle } from './booking-badges';
import { FeeStatus } from './fee-status';

/** What happened to the access fee, once it matters (issues 15, 34): being refunded, not charged or used. */
function feeOutcomeText(booking: TBooking): string | null {
  const fee = formatAccessFee(booking.Refund?.amount ?? (booking.accessFeeAmount || booking.accessFee));
  // A refund that landed, or went to support, says so in its status line.
  if (booking.Refund && booking.Refund.status !== 'pending') return null;
  if (booking.accessFeeOutcome === 'refund_due' || booking.Refund) return ACCESS_FEE_MESSAGES.refundDue(fee);
  if (booking.accessFeeOutcome === 'used') return ACCESS_FEE_MESSAGES.used;
  if (booking.status === 'cancelled') return ACCESS_FEE_MESSAGES.notCharged;
  return null;
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <span className="text-orange-600 dark:text-orange-400">{icon}</span>
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-700 dark:text-slate-200">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** The booking details page's facts, one card each: date, place, staff, what was booked, payment, notes, store. */
export function BookingDetailSections({ booking }: { booking: TBooking }) {
  const t = useT();
  const formats = useFormats();
  const title = bookingTitle(booking);
  const isOffer = booking.bookingType === 'offer';
  const store = booking.Store;
  const storeId = store?.id ?? booking.storeId;
  const durationMinutes = Math.round(
    (new Date(booking.endTime).getTime() - new Date(booking.startTime).getTime()) / 60_000,
  );

  return (
    <div className="mt-5 grid gap-4 md:grid-cols-2">
      <Section title={t('details.dateTime')} icon={<CalendarClock aria-hidden="true" className="size-5" />}>
        <dl>
          <Fact label={t('details.date')}>{formats.date(booking.startTime)}</Fact>
          <Fact label={t('details.time')}>
            {formats.time(booking.startTime)}–{formats.time(booking.endTime)}
          </Fact>
          {durationMinutes > 0 && (
            <Fact label={t('details.duration')}>{t('details.minutes', { minutes: durationMinutes })}</Fact>
          )}
        </dl>
      </Section>

      <Section title={t('details.location')} icon={<MapPin aria-hidden="true" className="size-5" />}>
        {booking.Branch ? (
          <>
            <p className="font-medium text-slate-900 dark:text-white">{booking.Branch.name}</p>
            {booking.Branch.address && <p className="mt-0.5">{booking.Branch.address}</p>}
            {booking.Branch.phone && (
              <a
                href={`tel:${booking.Branch.phone}`}
                className="focus-ring mt-1 inline-flex items-center gap-1.5 rounded text-orange-700 hover:underline dark:text-orange-400"
              >
                <Phone aria-hidden="true" className="size-4" />
                {booking.Branch.phone}
              </a>
            )}
          </>
        ) : (
          <p>{store?.location ?? t('details.mainLocation')}</p>
        )}
      </Section>

      <Section title={t('details.staff')} icon={<UserRound aria-hidden="true" className="size-5" />}>
        {booking.Staff ? (
          <p>
            <span className="font-medium text-slate-900 dark:text-white">{booking.Staff.name}</span>
            {booking.Staff.role && (
              <span className="text-slate-600 dark:text-slate-400"> · {booking.Staff.role}</span>
            )}
          </p>
        ) : (
          <p>{t('details.anyStaff')}</p>
        )}
      </Section>

      {isOffer ? (
        <Section title={t('details.offerDetails')} icon={<Tag aria-hidden="true" className="size-5" />}>
          <dl>
            <Fact label={t('details.offer')}>{booking.Offer?.title ?? title}</Fact>
            {booking.Offer && booking.Offer.discount > 0 && (
              <Fact label={t('details.discount')}>
                {t('details.percentOff', { percent: booking.Offer.discount })}
              </Fact>
            )}
            {booking.Offer?.originalPrice != null && (
              <Fact label={t('details.originalPrice')}>{formatKesShort(booking.Offer.originalPrice)}</Fact>
            )}
            {booking.Offer?.discountedPrice != null && (
              <Fact label={t('details.payAtStore')}>{formatKesShort(booking.Offer.discountedPrice)}</Fact>
            )}
          </dl>
        </Section>
      ) : (
        <Section title={t('details.serviceDetails')} icon={<Tag aria-hidden="true" className="size-5" />}>
          <dl>
            <Fact label={t('details.service')}>{booking.Service?.name ?? title}</Fact>
            <Fact label={t('details.price')}>
              {booking.Service?.price != null && booking.Service.type !== 'dynamic'
                ? formatKesShort(booking.Service.price)
                : t('details.customQuote')}
            </Fact>
            {booking.Service?.duration ? (
              <Fact label={t('details.duration')}>
                {t('details.minutes', { minutes: booking.Service.duration })}
              </Fact>
            ) : null}
          </dl>
        </Section>
      )}

      <Section title={t('details.payment')} icon={<CreditCard aria-hidden="true" className="size-5" />}>
        {isOffer && booking.accessFee > 0 ? (
          <>
            <dl>
              <Fact label={t('details.accessFee')}>
                {formatAccessFee(booking.accessFeeAmount || booking.accessFee)}
              </Fact>
              <Fact label={t('details.status')}>
                <FeeStatus booking={booking} />
              </Fact>
              <Fact label={t('details.method')}>M-Pesa</Fact>
              {booking.Payment?.mpesaReceiptNumber && (
                <Fact label={t('details.receipt')}>
                  <span className="font-mono" translate="no">
                    {booking.Payment.mpesaReceiptNumber}
                  </span>
                </Fact>
              )}
            </dl>
            {feeOutcomeText(booking) && (
              <p data-testid="access-fee-outcome" className="mt-2">
                {feeOutcomeText(booking)}{' '}
                <Link
                  to="/terms#access-fee"
                  className="focus-ring rounded font-semibold text-orange-700 underline dark:text-orange-300"
                >
                  {ACCESS_FEE_MESSAGES.policyLink}
                </Link>
              </p>
            )}
          </>
        ) : (
          <p>{t('details.noFee')}</p>
        )}
      </Section>

      <Section title={t('details.notes')} icon={<MessageSquareText aria-hidden="true" className="size-5" />}>
        <dl>
          <div className="py-1.5">
            <dt className="text-slate-600 dark:text-slate-400">{t('details.notesLabel')}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900 dark:text-white">
              {booking.notes?.trim() || t('details.none')}
            </dd>
          </div>
          <div className="py-1.5">
            <dt className="text-slate-600 dark:text-slate-400">{t('details.specialRequests')}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900 dark:text-white">
              {booking.specialRequests?.trim() || t('details.none')}
            </dd>
          </div>
        </dl>
      </Section>

      <Section title={t('details.storeContact')} icon={<Store aria-hidden="true" className="size-5" />}>
        <p className="font-medium text-slate-900 dark:text-white">{store?.name ?? t('details.store')}</p>
        {store?.location && <p className="mt-0.5">{store.location}</p>}
        <ul className="mt-2 space-y-1">
          {store?.phoneNumber && (
            <li>
              <a
                href={`tel:${store.phoneNumber}`}
                className="focus-ring inline-flex items-center gap-1.5 rounded text-orange-700 hover:underline dark:text-orange-400"
              >
                <Phone aria-hidden="true" className="size-4" />
                {store.phoneNumber}
              </a>
            </li>
          )}
          {store?.primaryEmail && (
            <li>
              <a
                href={`mailto:${store.primaryEmail}`}
                className="focus-ring inline-flex items-center gap-1.5 rounded break-all text-orange-700 hover:underline dark:text-orange-400"
              >
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {store.primaryEmail}
              </a>
            </li>
          )}
        </ul>
        <Link to={`/store/${storeId}`} className="btn-secondary mt-4">
          {t('details.viewStore')}
        </Link>
      </Section>
    </div>
  );
}
