import type { TSearchSort } from '@d3/shared/catalogue/catalogue-schemas';
import { isPriceRange, PRICE_RANGES } from '@d3/shared/catalogue/price-range-rules';
import { resultCountLabel } from '@d3/shared/catalogue/search-rules';
import { useT } from '@d3/ui';
import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { AlertTriangle, ArrowLeft, LoaderCircle, MapPin, SearchX, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { asChoices, ChoiceSelect } from '../../../components/choice-select';
import { SearchBox } from '../../../components/search-box';
import { TabTrigger } from '../../../components/tab-trigger';
import { ViewToggle } from '../../../components/view-toggle';
import { useSearch } from '../../../lib/api/search-catalogue';
import { useDocumentTitle } from '../../../lib/document-title';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { useSearchFilters } from '../api/get-search-filters';
import { CheckThisOut } from '../components/check-this-out';
import { ResultOfferCard } from '../components/result-offer-card';
import { ResultStoreCard } from '../components/result-store-card';
import { SearchStoreLists } from '../components/store-lists';

/** The page name for a query: the seed's heading, or the landing title when there is no query. */
function searchPageName(t: ReturnType<typeof useT>, query: string): string {
  return query ? t('results.titleFor', { query }) : t('results.landingTitle');
}

// Seed 000 §9 (50 on the results page); kept here so the page does not load zod with the schemas.
const SEARCH_PAGE_LIMIT = 50;
const SEARCH_SORTS: readonly TSearchSort[] = ['relevance', 'rating', 'discount', 'newest'];

/** The sorts' words: `results.sort.<sort>`; the price ranges': `results.price.<range>` (seed 000 §5). */
const SORT_IDS: Record<TSearchSort, string> = {
  relevance: 'results.sort.relevance',
  rating: 'results.sort.rating',
  discount: 'results.sort.discount',
  newest: 'results.sort.newest',
};

const NO_FILTER = new Set(['', 'all', 'all locations', 'all categories']);

function filterValue(value: string | null): string | null {
  return value && !NO_FILTER.has(value.trim().toLowerCase()) ? value.trim() : null;
}

type ResultTab = 'all' | 'stores' | 'offers';

export function SearchPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The site links with `q`; another client links with `query` (API contract decision 4).
  const query = (params.get('q') ?? params.get('query') ?? '').trim();
  const location = filterValue(params.get('location'));
  const category = filterValue(params.get('category'));
  const priceParam = params.get('priceRange');
  const priceRange = isPriceRange(priceParam) ? priceParam : null;
  const sortParam = params.get('sortBy');
  const sortBy: TSearchSort = SEARCH_SORTS.includes(sortParam as TSearchSort)
    ? (sortParam as TSearchSort)
    : 'relevance';
  const [tab, setTab] = useState<ResultTab>('all');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const title = searchPageName(t, query);
  useDocumentTitle(title);

  const search = useSearch({ query, location, category, sortBy, priceRange, limit: SEARCH_PAGE_LIMIT });
  const filters = useSearchFilters(filtersOpen);

  function setParam(name: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  const data = search.data;
  const counts = data?.counts ?? { shops: 0, discounts: 0, total: 0 };
  const shown = tab === 'stores' ? counts.shops : tab === 'offers' ? counts.discounts : counts.total;
  // The server stops counting offers at 1,000 (issue 16): those counts read '1,000+'.
  const capped = data?.counts.capped === true;
  const shownCapped = capped && tab !== 'stores';
  const loading = query !== '' && (search.isPending || (search.isFetching && search.isPlaceholderData));

  // In place of the results while searching, on an error and with no results, in whichever tab is open.
  const statusPanel = loading ? (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600 dark:text-slate-300">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-orange-600" />
      {t('results.searching')}
    </div>
  ) : search.isError ? (
    <div role="alert" className="card mx-auto max-w-lg p-8 text-center">
      <AlertTriangle aria-hidden="true" className="mx-auto size-8 text-red-600" />
      <p className="mt-3 text-base font-semibold text-slate-900 dark:text-white">
        {userErrorMessage(search.error)}
      </p>
      <button type="button" className="btn-primary mt-5" onClick={() => search.refetch()}>
        {t('common.tryAgain')}
      </button>
    </div>
  ) : counts.total === 0 ? (
    <NoResults />
  ) : null;

  // Each list shows in the All tab and in its own.
  const storeGrid = (
    <ResultGrid view={view}>
      {data?.shops.map((store) => (
        <ResultStoreCard key={store.id} store={store} view={view} />
      ))}
    </ResultGrid>
  );
  const offerGrid = (
    <ResultGrid view={view}>
      {data?.discounts.map((offer) => (
        <ResultOfferCard key={offer.id} offer={offer} view={view} />
      ))}
    </ResultGrid>
  );

  return (
    <>
      <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="content-width py-6 sm:py-10">
          {query && (
            <button
              type="button"
              onClick={() => navigate(-1)}
              className="focus-ring mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('results.back')}
            </button>
          )}
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {!query && (
            <p className="mt-3 text-base text-slate-600 sm:text-lg dark:text-slate-300">
              {t('results.lead')}
            </p>
          )}
          {location && (
            <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
              <MapPin aria-hidden="true" className="size-4 text-orange-600 dark:text-orange-400" />
              {t('results.searchingIn', { place: location })}
            </p>
          )}
          <SearchBox size="lg" dropdown={false} className="mt-6 max-w-2xl" />
        </div>
      </div>

      <div className="content-width py-8 sm:py-10">
        {query && (
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ResultTab)}>
            <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
              <p aria-live="polite" className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {loading
                  ? t('results.searchingShort')
                  : t('results.found', { count: shown, label: resultCountLabel(shown, shownCapped) })}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor="search-sort">
                  {t('results.sortBy')}
                </label>
                <select
                  id="search-sort"
                  value={sortBy}
                  onChange={(event) =>
                    setParam('sortBy', event.target.value === 'relevance' ? null : event.target.value)
                  }
                  className="field h-10 w-auto py-0 pr-8"
                >
                  {SEARCH_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(SORT_IDS[sort])}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-expanded={filtersOpen}
                  aria-controls="search-filters"
                  onClick={() => setFiltersOpen((open) => !open)}
                  className={clsx(
                    'btn-secondary',
                    (category || location || priceRange) && 'border-orange-500',
                  )}
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  {t('results.filters')}
                </button>
                <ViewToggle view={view} onChange={setView} />
              </div>
            </div>

            {filtersOpen && (
              <div id="search-filters" className="card mt-4 grid gap-4 p-4 sm:grid-cols-4 sm:items-end">
                {(
                  [
                    [
                      'category',
                      t('results.category'),
                      t('results.allCategories'),
                      category,
                      filters.data?.categories,
                    ],
                    ['location', t('results.location'), t('location.all'), location, filters.data?.locations],
                  ] as const
                ).map(([param, label, blank, value, options]) => (
                  <FilterSelect
                    key={param}
                    id={`search-${param}`}
                    label={label}
                    blank={blank}
                    value={value}
                    names={options?.map((option) => option.name) ?? []}
                    onChange={(next) => setParam(param, next)}
                  />
                ))}
                <div>
                  <label
                    htmlFor="search-price"
                    className="text-sm font-medium text-slate-700 dark:text-slate-300"
                  >
                    {t('results.priceRange')}
                  </label>
                  <ChoiceSelect
                    id="search-price"
                    value={priceRange ?? ''}
                    onChange={(event) => setParam('priceRange', event.target.value || null)}
                    className="field mt-1"
                    blank={t('results.anyPrice')}
                    choices={asChoices(PRICE_RANGES, (range) => t(`results.price.${range}`))}
                  />
                </div>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={!category && !location && !priceRange}
                  onClick={() => {
                    const next = new URLSearchParams(params);
                    next.delete('category');
                    next.delete('location');
                    next.delete('priceRange');
                    setParams(next, { replace: true });
                  }}
                >
                  {t('results.clearFilters')}
                </button>
              </div>
            )}

            <Tabs.List
              aria-label={t('results.types')}
              className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
            >
              <TabTrigger value="all">
                {t('results.all', { count: resultCountLabel(counts.total, capped) })}
              </TabTrigger>
              <TabTrigger value="stores">{t('search.stores', { count: counts.shops })}</TabTrigger>
              <TabTrigger value="offers">
                {t('search.offers', { count: resultCountLabel(counts.discounts, capped) })}
              </TabTrigger>
            </Tabs.List>

            {/* Every tab has its panel, also while searching, on an error and with no results. */}
            <div className="mt-6">
              <Tabs.Content value="all" className="space-y-10">
                {statusPanel ?? (
                  <>
                    {(data?.shops.length ?? 0) > 0 && (
                      <ResultSection title={t('search.stores', { count: counts.shops })}>
                        {storeGrid}
                      </ResultSection>
                    )}
                    {(data?.discounts.length ?? 0) > 0 && (
                      <ResultSection
                        title={t('search.offers', { count: resultCountLabel(counts.discounts, capped) })}
                      >
                        {offerGrid}
                      </ResultSection>
                    )}
                  </>
                )}
              </Tabs.Content>
              <Tabs.Content value="stores">
                {statusPanel ?? (counts.shops === 0 ? <NoResults /> : storeGrid)}
              </Tabs.Content>
              <Tabs.Content value="offers">
                {statusPanel ?? (counts.discounts === 0 ? <NoResults /> : offerGrid)}
              </Tabs.Content>
            </div>
          </Tabs.Root>
        )}

        {!query && <SearchStoreLists />}
        <CheckThisOut />
      </div>
    </>
  );
}

function ResultSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function ResultGrid({ view, children }: { view: 'grid' | 'list'; children: React.ReactNode }) {
  return (
    <div
      className={clsx('grid gap-4', view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : '')}
    >
      {children}
    </div>
  );
}

function NoResults() {
  const t = useT();
  return (
    <div className="card mx-auto max-w-xl p-8 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-xl font-bold text-slate-900 dark:text-white">{t('results.noResults')}</h2>
      <ul className="mx-auto mt-4 max-w-sm list-disc space-y-1.5 pl-5 text-left text-sm text-slate-600 dark:text-slate-300">
        <li>{t('results.tipSpelling')}</li>
        <li>{t('results.tipGeneral')}</li>
        <li>{t('results.tipLocation')}</li>
        <li>
          <Link
            to="/stores"
            className="focus-ring rounded font-medium text-orange-700 underline underline-offset-2 dark:text-orange-400"
          >
            {t('results.browseCategories')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** One filter of the search: a chosen value the filter list does not hold (yet) stays listed. */
function FilterSelect({
  id,
  label,
  blank,
  value,
  names,
  onChange,
}: {
  id: string;
  label: string;
  blank: string;
  value: string | null;
  names: readonly string[];
  onChange: (value: string | null) => void;
}) {
  const listed = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <ChoiceSelect
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className="field mt-1"
        blank={blank}
        choices={asChoices(listed)}
      />
    </div>
  );
}
