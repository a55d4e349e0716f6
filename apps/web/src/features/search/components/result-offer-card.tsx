import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Flame, MapPin, Store, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { FavoriteButton } from '../../../components/favorite-button';
import { IconText } from '../../../components/icon-text';
import { offerPrices, PriceWas } from '../../../components/offer-card';

function discountText(t: ReturnType<typeof useT>, discount: number, view: 'grid' | 'list'): string {
  if (discount > 0) return t('deal.percentOff', { percent: Number(discount.toFixed(2)) });
  return view === 'grid' ? t('results.specialPrice') : t('results.special');
}

/** Issue 15: every card shows its price, or 'Custom quote' when the store prices it on request. */
function OfferPriceLine({ offer }: { offer: TOffer }) {
  const t = useT();
  const prices = offerPrices(offer);
  if (!prices) {
    return <p className="mt-3 text-base font-bold text-slate-900 dark:text-white">{t('deal.customQuote')}</p>;
  }
  return (
    <PriceWas
      price={prices.price}
      original={prices.original}
      priceClassName="text-base font-bold text-slate-900 dark:text-white"
      className="mt-3"
    />
  );
}

/** An offer in the search results (seed 000 §2 "Search results"), grid or list, with the shared heart. */
export function ResultOfferCard({ offer, view }: { offer: TOffer; view: 'grid' | 'list' }) {
  const t = useT();
  const title = offer.title.trim() || offer.service?.name || t('deal.specialOffer');
  const description = offer.description.trim() || t('results.greatDeal');
  const image = offer.image_url ?? offer.images[0] ?? null;
  return (
    <article
      className={clsx(
        'card flex overflow-hidden transition-shadow hover:shadow-md',
        view === 'grid' ? 'flex-col' : 'flex-row',
      )}
    >
      <div
        className={clsx(
          'relative shrink-0 overflow-hidden bg-slate-100 dark:bg-slate-800',
          view === 'grid' ? 'aspect-[4/3] w-full' : 'aspect-[4/3] w-32 self-start sm:w-48',
        )}
      >
        <EntityImage src={image} name={title} decorative className="size-full text-2xl" />
        <span className="absolute top-2 left-2 rounded-full bg-primary-strong px-2.5 py-1 text-xs font-bold text-white shadow">
          {discountText(t, offer.discount, view)}
        </span>
        {offer.isHot && (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-1 text-xs font-bold text-white shadow">
            <Flame aria-hidden="true" className="size-3" />
            {t('results.hot')}
          </span>
        )}
        <FavoriteButton offerId={offer.id} offerTitle={title} className="absolute top-2 right-2" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4">
        <h3 className="line-clamp-2 text-base font-semibold text-slate-900 dark:text-white">
          <Link
            to={`/offer/${offer.id}`}
            className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400"
          >
            {title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{description}</p>
        <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <IconText icon={Store}>{offer.store?.name || t('results.store')}</IconText>
          <IconText icon={MapPin}>{offer.store?.location || t('results.location')}</IconText>
          <IconText icon={Tag}>{offer.category || t('results.general')}</IconText>
        </div>
        <OfferPriceLine offer={offer} />
        <div className="mt-auto pt-4">
          <Link to={`/offer/${offer.id}`} className="btn-primary w-full sm:w-auto">
            {t('results.viewOffer')}
          </Link>
        </div>
      </div>
    </article>
  );
}
