import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import {
  ArrowLeft,
  Ban,
  CalendarClock,
  CreditCard,
  Heart,
  Mail,
  MapPin,
  MessageSquareText,
  Phone,
  RefreshCw,
  Share2,
  Star,
  Store,
  Tag,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFormats } from '../../../lib/format';
import { siteText } from '../../../lib/site-i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import type { TBooking } from '../api/booking-types';
import { useBooking } from '../api/get-booking';
import { bookingImage, bookingTitle, StatusBadge, TypeBadge } from '../components/booking-badges';
import { BookingChangeButtons } from '../components/booking-card';
import {
  DetailLoading,
  LoadError,
  loadErrorKind,
  MY_BOOKINGS_PATH,
} from '../components/booking-details-states';
import { BookingLinks, BookingVoucher, hasVoucher } from '../components/booking-voucher';
import { CancelDialog } from '../components/cancel-dialog';
import { FeeStatus } from '../components/fee-status';
import { RescheduleDialog } from '../components/reschedule-dialog';
import { ACCESS_FEE_MESSAGES, DETAIL_MESSAGES } from '../lib/booking-messages';

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

export function BookingDetailsPage() {
  const { bookingId = '' } = useParams();
  const token = useSession()?.token ?? null;
  const query = useBooking(token, bookingId);

  // 'Booking details loaded successfully!' only after a load that needed retries.
  const retried = useRef(false);
  useEffect(() => {
    if (query.failureCount > 0) retried.current = true;
  }, [query.failureCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refetch that succeeds after retries counts too.
  useEffect(() => {
    if (query.isSuccess && retried.current) {
      retried.current = false;
      toastSuccess(DETAIL_MESSAGES.loadedAfterRetry);
    }
  }, [query.isSuccess, query.dataUpdatedAt]);

  if (query.data) {
    return (
      <BookingDetail
        booking={query.data}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
    );
  }
  if (query.isError) {
    return <LoadError kind={loadErrorKind(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <DetailLoading retryAttempt={query.failureCount} />;
}

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

function BookingDetail({
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
  const isOffer = booking.bookingType === 'offer';
  const store = booking.Store;
  const storeId = store?.id ?? booking.storeId;
  const durationMinutes = Math.round(
    (new Date(booking.endTime).getTime() - new Date(booking.startTime).getTime()) / 60_000,
  );

  return (
    <div className="content-width py-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={MY_BOOKINGS_PATH}
          className="focus-ring inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('details.back')}
        </Link>
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
            {t('details.reference')} <span className="font-mono">{booking.id.slice(0, 8).toUpperCase()}</span>
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
          <Link to={`/store/${storeId}#reviews`} className="btn-primary">
            <Star aria-hidden="true" className="size-4" />
            {t('details.leaveReview')}
          </Link>
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
            <p>{t('details.noFee')}</p>
          )}
        </Section>

        <Section
          title={t('details.notes')}
          icon={<MessageSquareText aria-hidden="true" className="size-5" />}
        >
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

      <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
