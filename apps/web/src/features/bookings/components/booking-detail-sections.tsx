import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
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
import { formatDate, formatTime } from '../../../lib/format';
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
  const title = bookingTitle(booking);
  const isOffer = booking.bookingType === 'offer';
  const store = booking.Store;
  const storeId = store?.id ?? booking.storeId;
  const durationMinutes = Math.round(
    (new Date(booking.endTime).getTime() - new Date(booking.startTime).getTime()) / 60_000,
  );

  return (
    <div className="mt-5 grid gap-4 md:grid-cols-2">
      <Section title="Date & time" icon={<CalendarClock aria-hidden="true" className="size-5" />}>
        <dl>
          <Fact label="Date">{formatDate(booking.startTime)}</Fact>
          <Fact label="Time">
            {formatTime(booking.startTime)}–{formatTime(booking.endTime)}
          </Fact>
          {durationMinutes > 0 && <Fact label="Duration">{durationMinutes} min</Fact>}
        </dl>
      </Section>

      <Section title="Location" icon={<MapPin aria-hidden="true" className="size-5" />}>
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
          <p>{store?.location ?? 'The store’s main location'}</p>
        )}
      </Section>

      <Section title="Staff" icon={<UserRound aria-hidden="true" className="size-5" />}>
        {booking.Staff ? (
          <p>
            <span className="font-medium text-slate-900 dark:text-white">{booking.Staff.name}</span>
            {booking.Staff.role && (
              <span className="text-slate-600 dark:text-slate-400"> · {booking.Staff.role}</span>
            )}
          </p>
        ) : (
          <p>Any available staff</p>
        )}
      </Section>

      {isOffer ? (
        <Section title="Offer details" icon={<Tag aria-hidden="true" className="size-5" />}>
          <dl>
            <Fact label="Offer">{booking.Offer?.title ?? title}</Fact>
            {booking.Offer && booking.Offer.discount > 0 && (
              <Fact label="Discount">{booking.Offer.discount}% off</Fact>
            )}
            {booking.Offer?.originalPrice != null && (
              <Fact label="Original price">{formatKesShort(booking.Offer.originalPrice)}</Fact>
            )}
            {booking.Offer?.discountedPrice != null && (
              <Fact label="Pay at the store">{formatKesShort(booking.Offer.discountedPrice)}</Fact>
            )}
          </dl>
        </Section>
      ) : (
        <Section title="Service details" icon={<Tag aria-hidden="true" className="size-5" />}>
          <dl>
            <Fact label="Service">{booking.Service?.name ?? title}</Fact>
            <Fact label="Price">
              {booking.Service?.price != null && booking.Service.type !== 'dynamic'
                ? formatKesShort(booking.Service.price)
                : 'Custom quote'}
            </Fact>
            {booking.Service?.duration ? <Fact label="Duration">{booking.Service.duration} min</Fact> : null}
          </dl>
        </Section>
      )}

      <Section title="Payment" icon={<CreditCard aria-hidden="true" className="size-5" />}>
        {isOffer && booking.accessFee > 0 ? (
          <>
            <dl>
              <Fact label="Access fee">{formatAccessFee(booking.accessFeeAmount || booking.accessFee)}</Fact>
              <Fact label="Status">
                <FeeStatus booking={booking} />
              </Fact>
              <Fact label="Method">M-Pesa</Fact>
              {booking.Payment?.mpesaReceiptNumber && (
                <Fact label="M-Pesa receipt">
                  <span className="font-mono">{booking.Payment.mpesaReceiptNumber}</span>
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
          <p>No access fee. You pay the store for the service.</p>
        )}
      </Section>

      <Section
        title="Notes & special requests"
        icon={<MessageSquareText aria-hidden="true" className="size-5" />}
      >
        <dl>
          <div className="py-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Notes</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900 dark:text-white">
              {booking.notes?.trim() || 'None'}
            </dd>
          </div>
          <div className="py-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Special requests</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900 dark:text-white">
              {booking.specialRequests?.trim() || 'None'}
            </dd>
          </div>
        </dl>
      </Section>

      <Section title="Store contact" icon={<Store aria-hidden="true" className="size-5" />}>
        <p className="font-medium text-slate-900 dark:text-white">{store?.name ?? 'Store'}</p>
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
          View Store
        </Link>
      </Section>
    </div>
  );
}
