import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { MapPin, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { IconText } from '../../../components/icon-text';
import { RatingStars } from '../../../components/rating-stars';
import { StoreFollowButton } from '../../../components/store-card';

/** A store in the search results (seed 000 §2 "Search results"), grid or list, with Follow. */
export function ResultStoreCard({ store, view }: { store: TStore; view: 'grid' | 'list' }) {
  const t = useT();
  const badge =
    store.cashback > 0 ? t('deal.percentOff', { percent: store.cashback }) : t('results.available');
  const description = store.description.trim() || t('results.categoryStore', { category: store.category });
  return (
    <article
      className={clsx(
        'card flex gap-4 p-4 transition-shadow hover:shadow-md',
        view === 'grid' ? 'flex-col' : 'flex-row items-start',
      )}
    >
      <div className="flex items-start gap-3">
        <EntityImage
          src={store.logo_url}
          name={store.name}
          decorative
          className="size-14 shrink-0 rounded-xl border border-slate-200 text-base dark:border-slate-700"
        />
        {view === 'grid' && (
          <span className="ml-auto shrink-0 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
            {badge}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900 dark:text-white">
            <Link
              to={`/store/${store.id}`}
              className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400"
            >
              {store.name}
            </Link>
          </h3>
          {view === 'list' && (
            <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
              {badge}
            </span>
          )}
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{description}</p>
        <div className="mt-2">
          <RatingStars rating={store.rating} reviewCount={store.totalReviews} />
        </div>
        <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <IconText icon={MapPin}>{store.location || t('results.location')}</IconText>
          <IconText icon={Tag}>{store.category || t('results.general')}</IconText>
        </div>
        <div
          className={clsx(
            'mt-auto flex items-center gap-2 pt-4',
            view === 'grid' ? 'flex-col items-stretch' : 'flex-wrap',
          )}
        >
          <Link
            to={`/store/${store.id}`}
            className={clsx('btn-secondary', view === 'grid' ? 'w-full' : 'w-full sm:w-auto')}
          >
            {t('results.viewStore')}
          </Link>
          <StoreFollowButton store={store} className="justify-center" />
        </div>
      </div>
    </article>
  );
}
