import type { TService, TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { Clock } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { FirstScreenList } from '../../../components/first-screen-list';
import { EAGER_OFFER_PICTURES, OfferCard, OfferCardSkeleton } from '../../../components/offer-card';
import { TabTrigger } from '../../../components/tab-trigger';
import { ViewToggle } from '../../../components/view-toggle';
import { useStore, useStoreOffers, useStoreServices } from '../../../lib/api/get-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { DetailLoader } from '../components/detail-states';
import { StoreHeader } from '../components/store-header';
import { StoreOutlets } from '../components/store-outlets';

// Leaflet and its CSS load only when the Map tab opens.
const StoreMap = lazy(async () => ({ default: (await import('../components/store-map')).StoreMap }));

type StoreTab = 'offers' | 'services' | 'map' | 'outlets';

/** What the store page shows in its Reviews section; app/ fills it in (reviews is a feature of its own). */
export type StoreReviewsSlot = (store: { id: string; name: string }) => ReactNode;

export function StorePage({ reviews }: { reviews?: StoreReviewsSlot }) {
  const t = useT();
  const { storeId = '' } = useParams();
  // Asked for beside the store, not after it (issue 38): the browser reads all three at once, and the
  // server's render finds them in its first pass (one render fewer per page: 3 passes were 2 full renders).
  useStoreOffers(storeId);
  useStoreServices(storeId);
  return (
    <DetailLoader
      query={useStore(storeId)}
      loadingTitle={t('store.loadingTitle')}
      loadingLabel={t('store.loading')}
      notFound={{
        title: t('store.notFound'),
        message: t('store.notFoundMessage'),
        backTo: '/stores',
        backLabel: t('store.back'),
      }}
      unavailableTitle={t('store.unavailable')}
    >
      {(data) => <StoreProfile store={data.store} reviews={reviews} />}
    </DetailLoader>
  );
}

function StoreProfile({ store, reviews }: { store: TStoreDetail; reviews?: StoreReviewsSlot }) {
  useDocumentTitle(store.name);
  const t = useT();
  const { hash } = useLocation();
  const [tab, setTab] = useState<StoreTab>('offers');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const offers = useStoreOffers(store.id);
  const services = useStoreServices(store.id);

  // /store/{id}#reviews (and the /stores/{id}/reviews redirect) lands on the reviews once the page is drawn.
  useEffect(() => {
    if (hash === '#reviews') document.getElementById('reviews')?.scrollIntoView();
  }, [hash]);

  const offerCount = offers.data?.offers.length ?? store.deals;
  const serviceCount = services.data?.services.length ?? store.services;

  return (
    <>
      <StoreHeader store={store} />
      <div className="content-width py-8 sm:py-10">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as StoreTab)}>
          <Tabs.List
            aria-label={t('store.sections')}
            className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
          >
            <TabTrigger value="offers">{t('store.tabOffers', { count: offerCount })}</TabTrigger>
            <TabTrigger value="services">{t('store.tabServices', { count: serviceCount })}</TabTrigger>
            <TabTrigger value="map">{t('store.tabMap')}</TabTrigger>
            <TabTrigger value="outlets">{t('store.tabOutlets', { count: store.branches.length })}</TabTrigger>
          </Tabs.List>

          <Tabs.Content value="offers" className="pt-6 focus-visible:outline-none">
            <div className="mb-4 flex items-center justify-between gap-3">
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">Active Offers</h2>
              <ViewToggle view={view} onChange={setView} />
            </div>
            <div
              className={clsx(
                'grid gap-4',
                view === 'grid' && 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
              )}
            >
              {offers.isPending ? (
                ['a', 'b', 'c'].map((key) => <OfferCardSkeleton key={key} view={view} />)
              ) : (offers.data?.offers.length ?? 0) === 0 ? (
                <Empty>{t('store.noOffers')}</Empty>
              ) : (
                // A row of the widest grid with the page, below the store's header; the rest once it
                // shows (issue 38: the server rendered all of a store's offers, ~80 % of the page).
                <FirstScreenList count={4}>
                  {offers.data?.offers.map((offer, index) => (
                    // The first cards' pictures are on the first screen (on a phone the first card is the
                    // page's largest paint): loaded with the page, not when layout finds them visible.
                    <OfferCard
                      key={offer.id}
                      offer={offer}
                      view={view}
                      priority={index < EAGER_OFFER_PICTURES}
                    />
                  ))}
                </FirstScreenList>
              )}
            </div>
          </Tabs.Content>

          <Tabs.Content value="services" className="pt-6 focus-visible:outline-none">
            <h2 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">Services</h2>
            {services.isPending ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">Loading services…</p>
            ) : (services.data?.services.length ?? 0) === 0 ? (
              <Empty>{t('store.noServices')}</Empty>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {services.data?.services.map((service) => (
                  <ServiceCard key={service.id} service={service} />
                ))}
              </div>
            )}
          </Tabs.Content>

          <Tabs.Content value="map" className="pt-6 focus-visible:outline-none">
            <h2 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">Map</h2>
            <Suspense
              fallback={
                <div className="h-80 animate-shimmer rounded-xl bg-slate-200 sm:h-[28rem] dark:bg-slate-800" />
              }
            >
              <StoreMap
                name={store.name}
                latitude={store.latitude}
                longitude={store.longitude}
                branches={store.branches}
              />
            </Suspense>
          </Tabs.Content>

          <Tabs.Content value="outlets" className="pt-6 focus-visible:outline-none">
            <h2 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">Outlets</h2>
            <StoreOutlets branches={store.branches} />
          </Tabs.Content>
        </Tabs.Root>

        <section id="reviews" aria-labelledby="reviews-heading" className="below-fold mt-12 scroll-mt-24">
          <h2 id="reviews-heading" className="text-xl font-bold text-slate-900 dark:text-white">
            {t('store.reviews')}
          </h2>
          {reviews?.(store)}
        </section>
      </div>
    </>
  );
}

function ServiceCard({ service }: { service: TService }) {
  const t = useT();
  const price =
    service.type === 'dynamic' || service.price === null
      ? (service.price_range ?? t('store.customQuote'))
      : formatKesShort(service.price);
  const path = `/store/${service.storeId}/service/${service.id}`;
  return (
    <article className="card flex flex-col overflow-hidden">
      <div className="aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        <EntityImage
          src={service.image_url ?? service.images[0] ?? null}
          name={service.name}
          decorative
          className="size-full text-2xl"
        />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">
          <Link to={path} className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400">
            {service.name}
          </Link>
        </h3>
        {service.description && (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
            {service.description}
          </p>
        )}
        <div className="mt-3 flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold text-slate-900 dark:text-white">{price}</span>
          <span className="inline-flex items-center gap-1 text-slate-500 dark:text-slate-400">
            <Clock aria-hidden="true" className="size-4" />
            {t('store.minutes', { minutes: service.duration })}
          </span>
        </div>
        <Link to={path} className="btn-secondary mt-4 w-full">
          {t('store.viewService')}
        </Link>
      </div>
    </article>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="col-span-full rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}
