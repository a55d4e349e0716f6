import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { dealLabel, isExpired, isOfferBookable, offerTag } from '@d3/shared/catalogue/deal-rules';
import {
  discountedPrice,
  formatAccessFee,
  formatKesShort,
  savings,
} from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, Clock, Info, MapPin, Store as StoreIcon, Tag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FavoriteButton } from '../../../components/favorite-button';
import { IconText } from '../../../components/icon-text';
import { RatingStars } from '../../../components/rating-stars';
import { offerQuery, useOffer } from '../../../lib/api/get-offer';
import { serviceQuery, useService } from '../../../lib/api/get-service';
import type { PageReads } from '../../../lib/api/server-read';
import { useDealTexts } from '../../../lib/deal-texts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFormats } from '../../../lib/format';
import { useGoToSignIn } from '../../../lib/sign-in';
import { toastError } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { Breadcrumbs, DetailLoader } from '../components/detail-states';
import { OfferGallery } from '../components/offer-gallery';
import { ShareMenu } from '../components/share-menu';

/**
 * The truthful fee line (API contract decisions 5 and 8): the access fee, rounded up to the shilling as
 * M-Pesa charges it, is paid when booking; the discounted price is paid at the store.
 */
export function accessFeeLine(
  offer: Pick<TOffer, 'accessFee' | 'discounted_price'>,
  t: (id: string, values?: Record<string, unknown>) => string,
): string {
  const fee = formatAccessFee(offer.accessFee);
  if (offer.discounted_price === null) return t('offer.feeLineRest', { fee });
  return t('offer.feeLine', { fee, price: formatKesShort(offer.discounted_price) });
}

/** What the page reads: the offer, then the service it books (the server's render: app/router.tsx). */
export const serverReads: PageReads = ({ params }) => [
  {
    ...offerQuery(params.offerId ?? ''),
    next: ({ offer }: { offer: TOffer }) => (offer.serviceId ? [serviceQuery(offer.serviceId)] : []),
  },
];

export function OfferDetailPage() {
  const t = useT();
  const { offerId = '' } = useParams();
  return (
    <DetailLoader
      query={useOffer(offerId)}
      loadingTitle={t('offer.loadingTitle')}
      loadingLabel={t('offer.loading')}
      notFound={{
        title: t('offer.notFound'),
        message: t('offer.notFoundMessage'),
        backTo: '/hotdeals',
        backLabel: t('offer.browseHotDeals'),
      }}
      unavailableTitle={t('offer.unavailableTitle')}
    >
      {(data) => <OfferDetail offer={data.offer} />}
    </DetailLoader>
  );
}

export const RESUME_BOOK_PARAM = 'book';

/**
 * Where sign-in returns a visitor who pressed Book (issue 15): the booking wizard for this offer; an offer
 * that needs a consultation first returns to its page with ?book=1, which reopens the confirm dialog.
 */
export function bookReturnPath(offer: Pick<TOffer, 'id' | 'offer_type' | 'requires_consultation'>): string {
  if (offer.offer_type === 'dynamic' && offer.requires_consultation) {
    return `/offer/${offer.id}?${RESUME_BOOK_PARAM}=1`;
  }
  return `/booking/offer/${offer.id}`;
}

function OfferDetail({ offer }: { offer: TOffer }) {
  useDocumentTitle(offer.title);
  const t = useT();
  const texts = useDealTexts();
  const formats = useFormats();
  const session = useSession();
  const navigate = useNavigate();
  const goToSignIn = useGoToSignIn();
  const { pathname, search } = useLocation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The service behind the offer says whether the store takes bookings for it (booking_enabled).
  const bookingEnabled = useService(offer.serviceId ?? '').data?.service?.booking_enabled ?? true;
  const now = new Date();
  const expired = offer.isExpired || isExpired(offer.expiration_date, now);
  const bookable =
    !expired && isOfferBookable({ status: offer.status, expirationDate: offer.expiration_date }, now);
  const images = offer.images.length > 0 ? offer.images : offer.image_url ? [offer.image_url] : [];
  const original = offer.original_price;
  const price =
    original !== null ? (offer.discounted_price ?? discountedPrice(original, offer.discount)) : null;
  const saved = original !== null ? (offer.savings ?? savings(original, offer.discount)) : null;
  const label = offer.dealLabel || dealLabel(offer.expiration_date, now);
  const tag = offer.tag || offerTag(offer);
  const shareUrl = typeof window === 'undefined' ? pathname : `${window.location.origin}/offer/${offer.id}`;

  function startBooking() {
    navigate(`/booking/offer/${offer.id}`, {
      state: { offerData: offer, bookingType: 'offer', storeId: offer.storeId },
    });
  }

  // Seed 000 §4 "Booking click on offer", in the seed's order.
  function onBook() {
    if (!session) {
      goToSignIn(bookReturnPath(offer));
      return;
    }
    if (expired) {
      toastError(t('offer.expired'));
      return;
    }
    if (!bookable) {
      toastError(t('offer.unavailable', { status: offer.status }));
      return;
    }
    if (!bookingEnabled) {
      toastError(t('offer.bookingDisabled'));
      return;
    }
    if (offer.offer_type === 'dynamic' && offer.requires_consultation) {
      setConfirmOpen(true);
      return;
    }
    startBooking();
  }

  // Back from sign-in with ?book=1 (a consultation offer): the click the visitor made goes on, once.
  const resumeBook = session && new URLSearchParams(search).get(RESUME_BOOK_PARAM) === '1';
  const onBookRef = useRef(onBook);
  onBookRef.current = onBook;
  useEffect(() => {
    if (!resumeBook) return;
    navigate(pathname, { replace: true });
    onBookRef.current();
  }, [resumeBook, navigate, pathname]);

  return (
    <div className="content-width py-6 sm:py-10">
      <Breadcrumbs
        trail={[
          { to: '/stores', label: t('offer.stores') },
          ...(offer.storeId ? [{ to: `/store/${offer.storeId}`, label: offer.store.name }] : []),
        ]}
        current={offer.title}
        currentClassName="max-w-full truncate"
      />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="relative">
          <OfferGallery title={offer.title} images={images} expired={expired} />
          <div className="absolute top-3 right-3">
            <FavoriteButton offerId={offer.id} offerTitle={offer.title} />
          </div>
        </div>

        <div>
          <div className="flex flex-wrap items-center gap-2">
            {offer.discount > 0 && (
              <span className="rounded-full bg-primary-strong px-3 py-1 text-sm font-bold text-white">
                {texts.discountBadge(offer.discount)}
              </span>
            )}
            {tag && (
              <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {texts.tag(tag)}
              </span>
            )}
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
              <Clock aria-hidden="true" className="size-3.5" />
              {texts.timeLeft(label)}
            </span>
          </div>

          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {offer.title}
          </h1>

          <Link
            to={`/store/${offer.storeId}`}
            className="focus-ring mt-3 inline-flex items-center gap-2 rounded text-sm text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
          >
            <StoreIcon aria-hidden="true" className="size-4" />
            <span className="font-medium">{offer.store.name}</span>
            {offer.store.location && (
              <IconText
                icon={MapPin}
                className="inline-flex items-center gap-1 text-slate-500 dark:text-slate-400"
              >
                {offer.store.location}
              </IconText>
            )}
          </Link>
          <div className="mt-2">
            <RatingStars rating={offer.store.rating} reviewCount={offer.store.totalReviews} />
          </div>

          {price !== null && original !== null && (
            <div className="mt-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-3xl font-bold text-slate-900 dark:text-white">
                {formatKesShort(price)}
              </span>
              {offer.discount > 0 && (
                <span className="text-lg text-slate-500 line-through dark:text-slate-400">
                  <span className="sr-only">{t('deal.was')} </span>
                  {formatKesShort(original)}
                </span>
              )}
              {saved !== null && saved > 0 && (
                <span className="w-full text-sm font-semibold text-saving dark:text-emerald-400">
                  {t('offer.save', { amount: formatKesShort(saved) })}
                </span>
              )}
            </div>
          )}

          {!bookable && !expired && (
            <p
              role="status"
              className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
            >
              {t('offer.unavailable', { status: offer.status })}
            </p>
          )}

          {bookable && (
            <p className="mt-5 flex gap-2 rounded-lg bg-orange-50 px-4 py-3 text-sm text-orange-950 dark:bg-orange-500/10 dark:text-orange-100">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {accessFeeLine(offer, t)}
            </p>
          )}

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {bookable ? (
              // A real link (issue 32): before the page is live it still opens the booking (the wizard
              // sends a signed-out visitor to sign-in and back); once live, onBook checks first.
              <a
                href={bookReturnPath(offer)}
                onClick={(event) => {
                  event.preventDefault();
                  onBook();
                }}
                className="btn-primary min-h-12 flex-1 text-base"
              >
                {t('offer.book')}
              </a>
            ) : (
              <button type="button" disabled className="btn-primary min-h-12 flex-1 text-base">
                {t('offer.unavailableButton')}
              </button>
            )}
            <Link to={`/store/${offer.storeId}`} className="btn-secondary min-h-12 flex-1 text-base">
              {t('offer.viewStore')}
            </Link>
          </div>

          <div className="mt-6">
            <ShareMenu url={shareUrl} title={offer.title} />
          </div>

          {/* Two description lists: a <dl> holds only dt/dd groups, each group in at most one <div>. */}
          <div className="mt-8 space-y-6 border-t border-slate-200 pt-6 dark:border-slate-800">
            {(offer.description || offer.discount_explanation) && (
              <dl className="space-y-6">
                {offer.description && (
                  <div>
                    <dt className="text-base font-semibold text-slate-900 dark:text-white">
                      {t('offer.about')}
                    </dt>
                    <dd className="mt-2 text-base whitespace-pre-line text-slate-700 dark:text-slate-300">
                      {offer.description}
                    </dd>
                  </div>
                )}
                {offer.discount_explanation && (
                  <div>
                    <dt className="text-base font-semibold text-slate-900 dark:text-white">
                      {t('offer.howDiscount')}
                    </dt>
                    <dd className="mt-2 text-base text-slate-700 dark:text-slate-300">
                      {offer.discount_explanation}
                    </dd>
                  </div>
                )}
              </dl>
            )}
            <dl className="grid gap-4 sm:grid-cols-2">
              {offer.service && (
                <Fact icon={<Clock aria-hidden="true" className="size-4" />} label={t('offer.service')}>
                  {t('offer.serviceLine', { name: offer.service.name, minutes: offer.service.duration })}
                </Fact>
              )}
              <Fact icon={<Tag aria-hidden="true" className="size-4" />} label={t('offer.category')}>
                {offer.category || t('offer.general')}
              </Fact>
              <Fact
                icon={<CalendarClock aria-hidden="true" className="size-4" />}
                label={expired ? t('offer.expiredLabel') : t('offer.validUntil')}
              >
                {formats.date(offer.expiration_date)}
              </Fact>
            </dl>
          </div>
        </div>
      </div>

      <Dialog.Root open={confirmOpen} onOpenChange={setConfirmOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 p-6">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
              {t('offer.consultationTitle')}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t('offer.consultation')}
            </Dialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close className="btn-secondary">{t('common.cancel')}</Dialog.Close>
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  setConfirmOpen(false);
                  startBooking();
                }}
              >
                {t('common.continue')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

function Fact({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  // dl > div > dt + dd: the icon sits in the dt (a dl's groups may hold nothing else).
  return (
    <div className="relative rounded-lg bg-white py-3 pr-3 pl-10 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-800">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <span className="absolute top-3.5 left-3 text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="text-sm font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
