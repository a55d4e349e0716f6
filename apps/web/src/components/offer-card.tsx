import { dealLabel as dealLabelFor, offerTag } from '@d3/shared/catalogue/deal-rules';
import { discountedPrice, formatKesShort, savings } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Clock, Flame, MapPin } from 'lucide-react';
import type { TOffer } from '../lib/api/catalogue-types';
import { useDealTexts } from '../lib/deal-texts';
import { imageSources } from '../lib/image-sources';
import { CardLink } from './card-link';
import { FavoriteButton } from './favorite-button';
import { StoreLogo } from './store-logo';

export type OfferCardView = 'grid' | 'list';

/** How many of a list's first offer cards load their picture with the page: the first screen's (issue 32). */
export const EAGER_OFFER_PICTURES = 3;

interface OfferCardProps {
  offer: TOffer;
  view?: OfferCardView;
  /** Eager-load the image (the first cards above the fold). */
  priority?: boolean;
  className?: string;
}

export function offerPath(offer: Pick<TOffer, 'id' | 'storeId'>): string {
  return offer.storeId ? `/store/${offer.storeId}/offer/${offer.id}` : `/offer/${offer.id}`;
}

/** Prices shown on a card: the real ones, or nothing when the offer has no original price. */
export function offerPrices(offer: Pick<TOffer, 'original_price' | 'discounted_price' | 'discount'>) {
  const original = offer.original_price;
  if (original === null || original === undefined || !(original > 0)) return null;
  const price = offer.discounted_price ?? discountedPrice(original, offer.discount);
  return { original, price, saved: savings(original, offer.discount) };
}

const TAG_STYLES: Record<string, string> = {
  Featured: 'bg-violet-600 text-white',
  'Hot Deal': 'bg-red-600 text-white',
  Bestseller: 'bg-amber-400 text-amber-950',
  'Limited Time': 'bg-slate-900/85 text-white dark:bg-slate-950/85',
};

/**
 * An offer in a grid or a list: 4:3 image, discount and tag badges, store, title, real prices and the
 * time left. The whole card opens the offer; the heart is a separate button above the link.
 */
export function OfferCard({ offer, view = 'grid', priority = false, className }: OfferCardProps) {
  const t = useT();
  const texts = useDealTexts();
  const badge = texts.discountBadge(offer.discount);
  const tag = offer.tag || offerTag(offer);
  const label = offer.dealLabel || dealLabelFor(offer.expiration_date, new Date());
  const prices = offerPrices(offer);
  const image = offer.image_url ?? offer.images[0] ?? null;
  const list = view === 'list';

  return (
    <article
      data-testid="offer-card"
      data-category={offer.category}
      data-discount={offer.discount}
      className={clsx(
        'card group relative flex overflow-hidden transition hover:-translate-y-0.5 hover:shadow-md focus-within:shadow-md',
        list ? 'flex-row' : 'flex-col',
        className,
      )}
    >
      <div
        className={clsx(
          'relative aspect-[4/3] shrink-0 overflow-hidden bg-slate-100 dark:bg-slate-800',
          list ? 'w-32 sm:w-56' : 'w-full',
        )}
      >
        {image ? (
          <img
            loading={priority ? 'eager' : 'lazy'}
            {...imageSources(
              image,
              list ? 'auto, (min-width: 640px) 224px, 128px' : 'auto, (min-width: 640px) 50vw, 100vw',
            )}
            alt=""
            width={400}
            height={300}
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="grid size-full place-items-center bg-gradient-to-br from-orange-100 to-rose-100 text-3xl font-black text-orange-700/70 dark:from-orange-500/20 dark:to-rose-500/20 dark:text-orange-300/70">
            {offer.title.charAt(0)}
          </div>
        )}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {badge && (
            <span className="rounded-md bg-primary-strong px-2 py-0.5 text-xs font-extrabold text-white shadow-sm">
              {badge}
            </span>
          )}
          {!list && tag && (
            <span
              className={clsx(
                'inline-flex items-center gap-0.5 rounded-md px-2 py-0.5 text-[0.6875rem] font-bold shadow-sm',
                TAG_STYLES[tag] ?? TAG_STYLES['Limited Time'],
              )}
            >
              {tag === 'Hot Deal' && <Flame aria-hidden="true" className="size-3" />}
              {texts.tag(tag)}
            </span>
          )}
        </div>
      </div>

      <div className={clsx('flex min-w-0 flex-1 flex-col', list ? 'gap-1.5 p-3 sm:p-4' : 'gap-2 p-4')}>
        <div className="flex items-center gap-2 pr-9">
          <StoreLogo name={offer.store.name} logoUrl={offer.store.logo_url} size="xs" />
          <span className="truncate text-xs font-medium text-slate-600 dark:text-slate-400">
            {offer.store.name}
          </span>
        </div>
        <h3
          className={clsx(
            'font-semibold text-slate-900 dark:text-white',
            list ? 'line-clamp-2 text-sm sm:text-base' : 'line-clamp-2 text-base leading-snug',
          )}
        >
          <CardLink to={offerPath(offer)}>{offer.title}</CardLink>
        </h3>
        {list && offer.description && (
          <p className="line-clamp-2 hidden text-sm text-slate-600 sm:block dark:text-slate-400">
            {offer.description}
          </p>
        )}
        <div className="mt-auto space-y-1.5 pt-1">
          {!prices && (
            <p className="text-lg font-extrabold text-slate-900 dark:text-white">{t('deal.customQuote')}</p>
          )}
          {prices && (
            <div>
              <PriceWas
                price={prices.price}
                original={prices.original}
                priceClassName="text-lg font-extrabold text-slate-900 dark:text-white"
              />
              {prices.saved > 0 && (
                <p className="text-xs font-semibold text-saving dark:text-emerald-400">
                  {t('deal.save', { amount: formatKesShort(prices.saved) })}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span
              className={clsx(
                'inline-flex items-center gap-1 font-medium',
                label === 'Expired' || label === 'Ending soon' || label.endsWith('h left')
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-slate-600 dark:text-slate-300',
              )}
            >
              <Clock aria-hidden="true" className="size-3.5" />
              {texts.timeLeft(label)}
            </span>
            {offer.store.location && (
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{offer.store.location}</span>
              </span>
            )}
          </div>
        </div>
      </div>

      <FavoriteButton offerId={offer.id} offerTitle={offer.title} className="absolute z-10 top-2 right-2" />
    </article>
  );
}

/** The card's shape while loading, same size so nothing moves when the data arrives. */
export function OfferCardSkeleton({ view = 'grid' }: { view?: OfferCardView }) {
  const bar = 'animate-shimmer rounded bg-slate-200 dark:bg-slate-800';
  return (
    <div
      aria-hidden="true"
      className={clsx('card flex overflow-hidden', view === 'list' ? 'flex-row' : 'flex-col')}
    >
      <div
        className={clsx(
          'aspect-[4/3] shrink-0 animate-shimmer bg-slate-200 dark:bg-slate-800',
          view === 'list' ? 'w-32 sm:w-56' : 'w-full',
        )}
      />
      <div className="flex-1 space-y-2.5 p-4">
        <div className={`${bar} h-3 w-1/2`} />
        <div className={`${bar} h-4 w-5/6`} />
        <div className={`${bar} h-4 w-2/3`} />
        <div className={`${bar} mt-4 h-5 w-1/3`} />
      </div>
    </div>
  );
}

/** An offer's price and, struck through, what it was. */
export function PriceWas({
  price,
  original,
  priceClassName,
  className,
}: {
  price: number;
  original: number;
  priceClassName: string;
  className?: string;
}) {
  const t = useT();
  return (
    <p className={clsx('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={priceClassName}>{formatKesShort(price)}</span>
      <span className="text-sm text-slate-500 line-through dark:text-slate-400">
        <span className="sr-only">{t('deal.was')} </span>
        {formatKesShort(original)}
      </span>
    </p>
  );
}
