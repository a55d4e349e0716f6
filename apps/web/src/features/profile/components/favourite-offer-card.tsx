import { formatKesShort, savings } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { CalendarClock, MapPin, Tag, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { IconText } from '../../../components/icon-text';
import { StoreLogo } from '../../../components/store-logo';
import { useFormats } from '../../../lib/format';
import type { TFavoriteOffer } from '../api/profile-api';

export function offerPath(offer: TFavoriteOffer): string {
  const storeId = offer.store?.id ?? offer.storeId;
  return storeId ? `/store/${storeId}/offer/${offer.id}` : `/offer/${offer.id}`;
}

export function FavouriteOfferCard({
  offer,
  onRemove,
  removing,
}: {
  offer: TFavoriteOffer;
  onRemove: () => void;
  removing: boolean;
}) {
  const t = useT();
  const formats = useFormats();
  const expired = offer.isExpired;
  const original = offer.original_price;
  const saved = original !== null && original > 0 ? savings(original, offer.discount) : 0;
  return (
    <article className="card flex flex-col overflow-hidden" aria-label={offer.title}>
      <div className="relative aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        <EntityImage src={offer.image_url} name={offer.title} decorative className="size-full" />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          {offer.featured && (
            <span className="rounded-full bg-violet-600 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
              {t('profile.favourites.featured')}
            </span>
          )}
          {offer.discount > 0 && (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
              {t('deal.percentOff', { percent: offer.discount })}
            </span>
          )}
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={t('profile.favourites.removeOffer', { title: offer.title })}
          className="focus-ring absolute top-2 right-2 grid size-10 place-items-center rounded-full bg-white/95 text-red-600 shadow hover:bg-red-50 disabled:opacity-60 dark:bg-slate-900/95 dark:text-red-400 dark:hover:bg-slate-800"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
        {expired && (
          <div className="absolute inset-0 grid place-items-center bg-slate-950/60">
            <span className="rounded-lg bg-white px-3 py-1 text-sm font-bold text-slate-900">
              {t('deal.expired')}
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {offer.store && (
          <div className="mb-3 flex items-center gap-2">
            <StoreLogo name={offer.store.name} logoUrl={offer.store.logo_url} size="xs" />
            <div className="min-w-0 text-xs">
              <p className="truncate font-semibold text-slate-800 dark:text-slate-100">{offer.store.name}</p>
              {offer.store.location && (
                <p className="flex items-center gap-1 truncate text-slate-500 dark:text-slate-400">
                  <MapPin aria-hidden="true" className="size-3" />
                  {offer.store.location}
                </p>
              )}
            </div>
          </div>
        )}
        <h2 className="line-clamp-2 font-bold text-slate-900 dark:text-white">{offer.title}</h2>
        {offer.description && (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{offer.description}</p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {offer.category && (
            <IconText icon={Tag} iconClassName="size-3">
              {offer.category}
            </IconText>
          )}
          {offer.expiration_date && (
            <IconText icon={CalendarClock} iconClassName="size-3">
              {t('profile.favourites.expires', { date: formats.date(offer.expiration_date) })}
            </IconText>
          )}
        </div>
        {offer.discounted_price !== null && original !== null && (
          <div className="mt-3 flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold text-slate-900 dark:text-white">
              {formatKesShort(offer.discounted_price)}
            </span>
            <span className="text-sm text-slate-500 line-through dark:text-slate-400">
              {formatKesShort(original)}
            </span>
            {saved > 0 && (
              <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
                {t('deal.save', { amount: formatKesShort(saved) })}
              </span>
            )}
          </div>
        )}
        <div className="mt-auto pt-4">
          {expired ? (
            <button type="button" disabled className="btn-secondary w-full">
              {t('deal.expired')}
            </button>
          ) : (
            <Link to={offerPath(offer)} className="btn-primary w-full">
              {t('profile.favourites.viewOffer')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
