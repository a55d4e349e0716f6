import type { TStoreSort } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { RotateCw, Shuffle } from 'lucide-react';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { ChoiceSelect } from '../../../components/choice-select';
import { FirstScreenList } from '../../../components/first-screen-list';
import { ListCount, ListLoadError, SkeletonList } from '../../../components/list-states';
import { PageIntro } from '../../../components/page-intro';
import { Pagination } from '../../../components/pagination';
import { StoreCard, StoreCardSkeleton } from '../../../components/store-card';
import { StoreListSection } from '../../../components/store-list-section';
import { type ListView, ViewToggle } from '../../../components/view-toggle';
import { STORES_PAGE_SIZE, storesQuery, useStores } from '../../../lib/api/list-stores';
import type { PageReads } from '../../../lib/api/server-read';
import {
  ALL_LOCATIONS,
  isAllLocations,
  locationQueryValue,
  useSelectedLocation,
} from '../../../lib/location';
import { useListParams } from '../../../lib/use-list-params';
import { useRandomStores } from '../api/get-random-stores';
import { storeCategoriesQuery, useStoreCategories } from '../api/get-store-categories';
import { catalogueListQuery } from '../lib/list-query';

/** All Stores sorts, with the words shown in the select (seed 000 §2 "Stores page"). */
export const STORE_SORT_OPTIONS: { value: TStoreSort; label: string }[] = [
  { value: 'popular', label: 'stores.sort.popular' },
  { value: 'discount_high', label: 'stores.sort.discountHigh' },
  { value: 'discount_low', label: 'stores.sort.discountLow' },
  { value: 'name_asc', label: 'stores.sort.nameAsc' },
  { value: 'name_desc', label: 'stores.sort.nameDesc' },
];

function readParams(search: URLSearchParams) {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const sortParam = search.get('sort');
  const sort = STORE_SORT_OPTIONS.some((option) => option.value === sortParam)
    ? (sortParam as TStoreSort)
    : 'popular';
  const category = search.get('category')?.trim() || null;
  return { page: Number.isFinite(page) && page > 0 ? page : 1, sort, category };
}

type StoresParams = ReturnType<typeof readParams>;

const WIDE_QUERY = '(min-width: 640px)';

const isWideScreen = () => window.matchMedia?.(WIDE_QUERY).matches ?? true;

/**
 * The grid/list choice is a phone-only control (seed 000 §2): wider screens always show the grid.
 * The page starts in the grid, the same on any screen, so a rendered page reads the browser's answer
 * while it hydrates: a phone then has no second, unsliced render of the whole list (issue 16).
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia?.(WIDE_QUERY);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    isWideScreen,
    () => (typeof window === 'undefined' ? true : isWideScreen()),
  );
}

function writeParams(params: StoresParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.sort !== 'popular') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** What the page reads for its address, in all locations (the server's render: app/router.tsx). */
export const serverReads: PageReads = ({ search }) => [
  storeCategoriesQuery,
  storesQuery(catalogueListQuery(readParams(search), locationQueryValue(ALL_LOCATIONS), STORES_PAGE_SIZE)),
];

/** All Stores: category pills, sorts and pages in the URL; a new location goes back to page 1. */
export function StoresPage() {
  const t = useT();
  const sortId = useId();
  const { params, update } = useListParams(readParams, writeParams);
  const [view, setView] = useState<ListView>('grid');
  const wide = useWideScreen();
  const selectedLocation = useSelectedLocation();
  const location = locationQueryValue(selectedLocation);
  const categories = useStoreCategories();
  const stores = useStores(catalogueListQuery(params, location, STORES_PAGE_SIZE));

  const data = stores.data;
  const total = data?.pagination.total ?? 0;
  const totalPages = data?.pagination.totalPages ?? 0;
  const filtered = params.category !== null || params.sort !== 'popular';
  const where = isAllLocations(selectedLocation)
    ? ''
    : ` ${t('stores.inPlace', { place: selectedLocation.name })}`;
  // While the previous results stay on screen, the count line keeps describing them.
  const shownWhere = useRef(where);
  if (!stores.isPlaceholderData && data) shownWhere.current = where;
  const refresh = () => {
    void categories.refetch();
    void stores.refetch();
  };
  const pill = (active: boolean) =>
    clsx(
      'focus-ring inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
      active
        ? 'border-primary-strong bg-primary-strong text-white'
        : 'border-slate-200 bg-white text-slate-700 hover:border-orange-300 hover:text-orange-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-orange-500/60 dark:hover:text-orange-300',
    );

  return (
    <>
      <PageIntro title={t('stores.title')} lead={t('stores.lead')} />
      <div className="content-width py-6 sm:py-8">
        <div
          role="toolbar"
          aria-label={t('stores.categories')}
          data-testid="category-pills"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
        >
          <button
            type="button"
            aria-pressed={params.category === null}
            onClick={() => update({ category: null, page: 1 })}
            className={pill(params.category === null)}
          >
            {t('stores.all')}
          </button>
          {(categories.data ?? []).map((category) => (
            <button
              key={category.id ?? category.name}
              type="button"
              aria-pressed={params.category === category.name}
              onClick={() => update({ category: category.name, page: 1 })}
              className={pill(params.category === category.name)}
            >
              {category.name}
              <span
                className={clsx(
                  'text-xs',
                  params.category === category.name ? 'text-white/80' : 'text-slate-500 dark:text-slate-400',
                )}
              >
                {category.count}
              </span>
            </button>
          ))}
        </div>

        {/* The cards' h3s sit under a heading of their own (issue 32: no skipped level). */}
        <h2 className="sr-only">{t('stores.stores')}</h2>
        <div className="mt-4 flex flex-wrap items-center gap-2 sm:gap-3">
          <ListCount testId="stores-count" pending={stores.isPending} pendingText={t('stores.loading')}>
            {t('stores.count', { count: total, where: shownWhere.current })}
          </ListCount>
          {filtered && (
            <button
              type="button"
              onClick={() => update({ category: null, sort: 'popular', page: 1 })}
              className="focus-ring rounded px-1 text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
            >
              {t('stores.clear')}
            </button>
          )}
          <label htmlFor={sortId} className="flex flex-1 items-center gap-2 text-sm sm:flex-none">
            <span className="sr-only sm:not-sr-only sm:text-slate-600 sm:dark:text-slate-400">
              {t('stores.sortBy')}
            </span>
            <ChoiceSelect
              value={params.sort}
              onChange={(event) => update({ sort: event.target.value as TStoreSort, page: 1 })}
              className="field h-10 py-0 pr-8 sm:w-auto!"
              id={sortId}
              data-testid="store-sort"
              choices={STORE_SORT_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
            />
          </label>
          <ViewToggle view={view} onChange={setView} className="sm:hidden" />
        </div>

        {stores.isError && !data ? (
          <ListLoadError error={stores.error} onRetry={refresh} retryLabel={t('stores.refreshPage')} />
        ) : stores.isPending ? (
          <SkeletonList count={8} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            <StoreCardSkeleton />
          </SkeletonList>
        ) : data && data.stores.length === 0 ? (
          <div role="status" className="card mt-6 flex flex-col items-center gap-2 px-6 py-12 text-center">
            <p className="font-semibold text-slate-900 dark:text-white">{t('stores.empty')}</p>
            <div className="mt-2 flex flex-wrap justify-center gap-3">
              {filtered && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => update({ category: null, sort: 'popular', page: 1 })}
                >
                  {t('stores.clear')}
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={refresh}>
                <RotateCw aria-hidden="true" className="size-4" />
                {t('stores.refreshPage')}
              </button>
            </div>
          </div>
        ) : (
          <ul
            data-testid="stores-list"
            className={clsx(
              'mt-6 grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
              stores.isPlaceholderData && 'opacity-60',
            )}
          >
            {/* Two rows of the widest grid with the page; the rest once it shows (issues 32, 38). */}
            <FirstScreenList count={8}>
              {data?.stores.map((store) => (
                <li key={store.id} className="flex">
                  <StoreCard store={store} view={wide ? 'grid' : view} className="w-full" />
                </li>
              ))}
            </FirstScreenList>
          </ul>
        )}

        <Pagination
          className="mt-8"
          page={params.page}
          totalPages={totalPages}
          showNumbers={false}
          onPageChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
        {/* Below the list (issue 32): built once the reader nears it, so neither the server's page (it
            held 41 store cards, half of them these) nor a phone's first seconds pay for them, and the
            random stores are asked for then. */}
        <AfterFirstPaint whenNear placeholderClassName="h-96">
          <DiscoverStores />
        </AfterFirstPaint>
      </div>
    </>
  );
}

/** Seed 000 §9 "Random stores 21": a fresh mix of stores below the list, whatever its filters. */
function DiscoverStores() {
  const t = useT();
  const random = useRandomStores();
  if (random.isError) return null;
  return (
    <div className="mt-12">
      <StoreListSection
        id="discover-stores"
        title={t('stores.discover')}
        icon={Shuffle}
        stores={random.data?.stores}
        loading={random.isPending}
      />
    </div>
  );
}
