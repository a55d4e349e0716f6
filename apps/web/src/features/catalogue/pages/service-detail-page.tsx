import type { TService } from '@d3/shared/catalogue/catalogue-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Check, Clock, Info, MapPin, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { HeadedSection } from '../../../components/headed-section';
import { IconText } from '../../../components/icon-text';
import { RatingStars } from '../../../components/rating-stars';
import { useService } from '../../../lib/api/get-service';
import { useDocumentTitle } from '../../../lib/document-title';
import { siteText } from '../../../lib/site-i18n';
import { Breadcrumbs, DetailLoader } from '../components/detail-states';
import { ImageCarousel } from '../components/image-carousel';

export const SERVICE_MESSAGES = {
  get bookingDisabled() {
    return siteText('service.bookingDisabled');
  },
  get manualConfirm() {
    return siteText('service.manualConfirm');
  },
  get noFee() {
    return siteText('service.noFee');
  },
};

/** The price line: the fixed price, or for a quote-based service 'Custom quote' (with its range when given). */
export function servicePrice(service: Pick<TService, 'type' | 'price' | 'price_range'>): {
  main: string;
  note: string | null;
} {
  if (service.type === 'dynamic' || service.price === null) {
    return { main: siteText('service.customQuote'), note: service.price_range };
  }
  return { main: formatKesShort(service.price), note: null };
}

export function ServiceDetailPage() {
  const t = useT();
  const { serviceId = '' } = useParams();
  return (
    <DetailLoader
      query={useService(serviceId)}
      loadingTitle={t('service.loadingTitle')}
      loadingLabel={t('service.loading')}
      notFound={{
        title: t('service.notFound'),
        message: t('service.notFoundMessage'),
        backTo: '/stores',
        backLabel: t('store.back'),
      }}
      unavailableTitle={t('service.unavailable')}
    >
      {(data) => <ServiceDetail service={data.service} />}
    </DetailLoader>
  );
}

/** A note under the price (manual confirmation, no fee), its icon tinted by the caller. */
const NOTE = { as: 'li', className: 'flex gap-2' } as const;

function ServiceDetail({ service }: { service: TService }) {
  const t = useT();
  useDocumentTitle(service.name);
  const images = service.images.length > 0 ? service.images : service.image_url ? [service.image_url] : [];
  const price = servicePrice(service);
  const store = service.store;

  return (
    <div className="content-width py-6 sm:py-10">
      <Breadcrumbs
        trail={[
          { to: '/stores', label: t('offer.stores') },
          { to: `/store/${service.storeId}`, label: store.name },
        ]}
        current={service.name}
      />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="min-w-0">
          <ImageCarousel title={service.name} images={images} />
          <p className="mt-6 text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
            {service.category}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {service.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-base">
            <span className="font-bold text-slate-900 dark:text-white">{price.main}</span>
            {price.note && <span className="text-slate-600 dark:text-slate-300">{price.note}</span>}
            <Duration minutes={service.duration} />
          </div>
          {service.description && (
            <p className="mt-5 text-base whitespace-pre-line text-slate-700 dark:text-slate-300">
              {service.description}
            </p>
          )}

          <div className="mt-8 space-y-8 border-t border-slate-200 pt-6 dark:border-slate-800">
            {service.features.length > 0 && (
              <DetailList title={t('service.included')} items={service.features} />
            )}
            {service.requirements.length > 0 && (
              <DetailList title={t('service.beforeYouCome')} items={service.requirements} />
            )}
            <section>
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">
                {t('service.cancellation')}
              </h2>
              <p className="mt-2 text-base text-slate-700 dark:text-slate-300">
                {service.cancellation_policy ||
                  t('service.cancelBefore', { hours: service.min_cancellation_hours })}
              </p>
            </section>
          </div>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <HeadedSection id="book-service" title={t('service.bookThis')} className="card p-5">
            <p className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">{price.main}</p>
            {price.note && <p className="text-sm text-slate-600 dark:text-slate-300">{price.note}</p>}
            <Duration minutes={service.duration} className="mt-1 text-sm" as="p" />
            {service.booking_enabled ? (
              <Link
                to={`/booking/service/${service.id}`}
                className="btn-primary mt-5 min-h-12 w-full text-base"
              >
                {t('service.bookNow')}
              </Link>
            ) : (
              <>
                <button type="button" disabled className="btn-primary mt-5 min-h-12 w-full text-base">
                  {t('service.bookNow')}
                </button>
                <p role="note" className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-300">
                  {SERVICE_MESSAGES.bookingDisabled}
                </p>
              </>
            )}
            <ul className="mt-4 space-y-2 text-sm text-slate-600 dark:text-slate-300">
              {service.booking_enabled && !service.auto_confirm_bookings && (
                <IconText icon={Info} {...NOTE} iconClassName="mt-0.5 size-4 shrink-0 text-sky-600">
                  {SERVICE_MESSAGES.manualConfirm}
                </IconText>
              )}
              <IconText icon={ShieldCheck} {...NOTE} iconClassName="mt-0.5 size-4 shrink-0 text-emerald-600">
                {SERVICE_MESSAGES.noFee}
              </IconText>
            </ul>
          </HeadedSection>

          <section aria-labelledby="service-store" className="card p-5">
            <h2 id="service-store" className="sr-only">
              {t('service.store')}
            </h2>
            <div className="flex items-center gap-3">
              <EntityImage
                src={store.logo_url}
                name={store.name}
                decorative
                className="size-12 shrink-0 rounded-xl border border-slate-200 text-sm dark:border-slate-700"
              />
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900 dark:text-white">{store.name}</p>
                <RatingStars rating={store.rating} reviewCount={store.totalReviews} />
              </div>
            </div>
            {store.location && (
              <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
                <MapPin aria-hidden="true" className="size-4" />
                {store.location}
              </p>
            )}
            <Link to={`/store/${service.storeId}`} className="btn-secondary mt-4 w-full">
              {t('service.viewStore')}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** The service's length: a clock, then 'N min' (in the page's facts line and in the booking box). */
function Duration({
  minutes,
  className,
  as: Tag = 'span',
}: {
  minutes: number;
  className?: string;
  as?: 'span' | 'p';
}) {
  const t = useT();
  return (
    <Tag className={clsx('inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-300', className)}>
      <Clock aria-hidden="true" className="size-4" />
      {t('service.minutes', { minutes })}
    </Tag>
  );
}

function DetailList({ title, items }: { title: string; items: readonly string[] }): ReactNode {
  return (
    <section>
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-base text-slate-700 dark:text-slate-300">
            <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-emerald-600" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
