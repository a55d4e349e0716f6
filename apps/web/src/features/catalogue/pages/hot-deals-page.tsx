import { useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { Flame, PlusCircle, Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ChoiceSelect } from '../../../components/choice-select';
import { FirstScreenList } from '../../../components/first-screen-list';
import { IconLink } from '../../../components/icon-link';
import { ListCount, ListLoadError, SkeletonList } from '../../../components/list-states';
import { NewTabLink } from '../../../components/new-tab-link';
import { EAGER_OFFER_PICTURES, OfferCard, OfferCardSkeleton } from '../../../components/offer-card';
import { PageIntro } from '../../../components/page-intro';
import { Pagination } from '../../../components/pagination';
import { ViewToggle } from '../../../components/view-toggle';
import type { PageReads } from '../../../lib/api/server-read';
import { earlyTap } from '../../../lib/early-taps';
import {
  ALL_LOCATIONS,
  isAllLocations,
  locationQueryValue,
  useSelectedLocation,
} from '../../../lib/location';
import { MERCHANT_SIGN_UP_URL } from '../../../lib/site-links';
import { useListParams } from '../../../lib/use-list-params';
import { OFFERS_PAGE_SIZE, offersQuery, useOffers } from '../api/list-offers';
import {
  HOT_DEALS_SORTS,
  type HotDealsParams,
  readHotDealsParams,
  writeHotDealsParams,
} from '../lib/hot-deals-params';
import { catalogueListQuery } from '../lib/list-query';

interface CategoryFilterProps {
  categories: { name: string; count: number }[];
  selected: string | null;
  onSelect: (category: string | null) => void;
  onClear: () => void;
  canClear: boolean;
}

function CategoryFilter({ categories, selected, onSelect, onClear, canClear }: CategoryFilterProps) {
  const t = useT();
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  const item = (active: boolean) =>
    clsx(
      'focus-ring flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm transition-colors',
      active
        ? 'bg-orange-50 font-semibold text-orange-800 dark:bg-orange-500/10 dark:text-orange-200'
        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
    );
  const count =
    'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-400';
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">{t('deals.categories')}</h2>
        {canClear && (
          <button
            type="button"
            onClick={onClear}
            className="focus-ring rounded text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
          >
            {t('deals.clearAll')}
          </button>
        )}
      </div>
      <ul className="mt-3 space-y-0.5" data-testid="category-filter">
        <li>
          <button
            type="button"
            aria-pressed={selected === null}
            onClick={() => onSelect(null)}
            className={item(selected === null)}
          >
            {t('deals.allCategories')}
            <span className={count}>{total}</span>
          </button>
        </li>
        {categories.map((category) => (
          <li key={category.name}>
            <button
              type="button"
              aria-pressed={selected === category.name}
              onClick={() => onSelect(category.name)}
              className={item(selected === category.name)}
            >
              <span className="truncate">{category.name}</span>
              <span className={count}>{category.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PromoLinks() {
  const t = useT();
  return (
    <div className="space-y-3 rounded-xl bg-gradient-to-br from-orange-50 to-rose-50 p-4 ring-1 ring-orange-200 dark:from-orange-500/10 dark:to-rose-500/10 dark:ring-orange-500/20">
      <p className="text-sm font-semibold text-slate-900 dark:text-white">{t('deals.promo')}</p>
      <NewTabLink href={MERCHANT_SIGN_UP_URL} className="btn-primary w-full">
        <PlusCircle aria-hidden="true" className="size-4" />
        {t('deals.addListing')}
      </NewTabLink>
      <IconLink to="/search" icon={Search} className="btn-secondary w-full">
        {t('deals.searchDeal')}
      </IconLink>
    </div>
  );
}

/** What the page reads for its address, in all locations (the server's render: app/router.tsx). */
export const serverReads: PageReads = ({ search }) => [
  offersQuery(
    catalogueListQuery(readHotDealsParams(search), locationQueryValue(ALL_LOCATIONS), OFFERS_PAGE_SIZE),
  ),
];

/** Hot Deals: active offers for the chosen location, with category, sort, view and page kept in the URL. */
export function HotDealsPage() {
  const t = useT();
  const sortId = useId();
  const { params, update } = useListParams(readHotDealsParams, writeHotDealsParams);
  const selectedLocation = useSelectedLocation();
  const location = locationQueryValue(selectedLocation);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const offers = useOffers(catalogueListQuery(params, location, OFFERS_PAGE_SIZE));

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const data = offers.data;
  const categories = data?.categories ?? [];
  const total = data?.pagination.total ?? 0;
  const totalPages = data?.pagination.totalPages ?? 0;
  const canClear = params.category !== null || params.sort !== 'latest' || params.page > 1;
  const clearAll = () => {
    setFiltersOpen(false);
    update({ category: null, sort: 'latest', page: 1 });
  };
  const selectCategory = (category: string | null) => {
    setFiltersOpen(false); // the phone drawer closes on a choice so the results show at once
    update({ category, page: 1 });
  };
  const where = isAllLocations(selectedLocation)
    ? t('deals.fromAll')
    : t('deals.inPlace', { place: selectedLocation.name });
  // While the previous results stay on screen, the count line keeps describing them, not the new request.
  const shown = useRef({ where, category: params.category });
  if (!offers.isPlaceholderData && data) shown.current = { where, category: params.category };

  const filters = (
    <div className="space-y-6">
      <CategoryFilter
        categories={categories}
        selected={params.category}
        onSelect={selectCategory}
        onClear={clearAll}
        canClear={canClear}
      />
      <PromoLinks />
    </div>
  );

  return (
    <>
      <PageIntro
        title={t('deals.title')}
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            <Flame aria-hidden="true" className="size-4" />
            {t('deals.eyebrow')}
          </span>
        }
        lead={t('deals.lead', { where })}
      />
      <div className="content-width grid gap-8 py-6 sm:py-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t('deals.filters')} className="hidden lg:block">
          <div className="sticky top-32">{filters}</div>
        </aside>

        <div className="min-w-0">
          {/* The cards' h3s sit under a heading of their own (issue 32: no skipped level on a phone). */}
          <h2 className="sr-only">{t('deals.deals')}</h2>
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <ListCount testId="deals-count" pending={offers.isPending} pendingText={t('deals.loading')}>
              {t('deals.count', { count: total, where: shown.current.where })}
              {shown.current.category && (
                <>
                  {' '}
                  {t('deals.inCategory')}{' '}
                  <span className="font-semibold text-slate-900 dark:text-white">
                    {shown.current.category}
                  </span>
                </>
              )}
            </ListCount>
            <Dialog.Root open={filtersOpen} onOpenChange={setFiltersOpen}>
              <Dialog.Trigger asChild>
                <button
                  type="button"
                  className="btn-secondary h-10 lg:hidden"
                  {...earlyTap('filters:hotdeals')}
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  {t('deals.filters')}
                  {params.category && <span className="size-2 rounded-full bg-primary" aria-hidden="true" />}
                </button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
                <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-white shadow-xl dark:bg-slate-900">
                  <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
                    <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                      {t('deals.filters')}
                    </Dialog.Title>
                    <Dialog.Close className="focus-ring grid size-9 place-items-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
                      <X aria-hidden="true" className="size-5" />
                      <span className="sr-only">{t('deals.closeFilters')}</span>
                    </Dialog.Close>
                  </div>
                  <Dialog.Description className="sr-only">{t('deals.filtersHint')}</Dialog.Description>
                  <div className="flex-1 overflow-y-auto p-4">{filters}</div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <label htmlFor={sortId} className="flex items-center gap-2 text-sm">
              <span className="sr-only sm:not-sr-only sm:text-slate-600 sm:dark:text-slate-400">
                {t('deals.sortBy')}
              </span>
              <ChoiceSelect
                value={params.sort}
                onChange={(event) => update({ sort: event.target.value as HotDealsParams['sort'], page: 1 })}
                className="field h-10 w-auto! py-0 pr-8"
                id={sortId}
                data-testid="sort-select"
                choices={HOT_DEALS_SORTS.map((sort) => ({ ...sort, label: t(sort.label) }))}
              />
            </label>
            <ViewToggle view={params.view} onChange={(view) => update({ view }, { replace: true })} />
          </div>

          {offers.isError && !data ? (
            <ListLoadError
              error={offers.error}
              onRetry={() => void offers.refetch()}
              retryLabel={t('common.tryAgain')}
            />
          ) : offers.isPending ? (
            <SkeletonList
              count={6}
              className={clsx(
                'mt-6 grid gap-4',
                params.view === 'grid' && 'min-[480px]:grid-cols-2 xl:grid-cols-3',
              )}
            >
              <OfferCardSkeleton view={params.view} />
            </SkeletonList>
          ) : data && data.offers.length === 0 ? (
            <div role="status" className="card mt-6 flex flex-col items-center gap-2 px-6 py-12 text-center">
              <p className="font-semibold text-slate-900 dark:text-white">{t('deals.empty')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('deals.emptyHint')}</p>
              {canClear && (
                <button type="button" className="btn-secondary mt-2" onClick={clearAll}>
                  {t('deals.clearAll')}
                </button>
              )}
            </div>
          ) : (
            <ul
              data-testid="deals-list"
              className={clsx(
                'mt-6 grid gap-4 transition-opacity',
                params.view === 'grid' ? 'min-[480px]:grid-cols-2 xl:grid-cols-3' : '',
                offers.isPlaceholderData && 'opacity-60',
              )}
            >
              {/* Two rows of the widest grid with the page; the rest once it shows (issues 32, 38). */}
              <FirstScreenList count={6}>
                {data?.offers.map((offer, index) => (
                  <li key={offer.id} className="flex">
                    <OfferCard
                      offer={offer}
                      view={params.view}
                      priority={index < EAGER_OFFER_PICTURES}
                      className="w-full"
                    />
                  </li>
                ))}
              </FirstScreenList>
            </ul>
          )}

          <Pagination className="mt-8" page={params.page} totalPages={totalPages} onPageChange={goToPage} />
        </div>
      </div>
    </>
  );
}
