import type { TOfferSort } from '@d3/shared/catalogue/catalogue-schemas';

/** Hot Deals sorts with the words shown in the select (seed 000 §2 "Hot Deals"). */
export const HOT_DEALS_SORTS: { value: TOfferSort; label: string }[] = [
  { value: 'latest', label: 'deals.sort.latest' },
  { value: 'price_low_high', label: 'deals.sort.priceLow' },
  { value: 'price_high_low', label: 'deals.sort.priceHigh' },
  { value: 'discount', label: 'deals.sort.discount' },
];
export const DEFAULT_HOT_DEALS_SORT: TOfferSort = 'latest';

export interface HotDealsParams {
  page: number;
  sort: TOfferSort;
  category: string | null;
  view: 'grid' | 'list';
}

/** Reads the page's state from its query string; anything unreadable falls back to the default. */
export function readHotDealsParams(search: URLSearchParams): HotDealsParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const sortParam = search.get('sort');
  const sort = HOT_DEALS_SORTS.some((option) => option.value === sortParam)
    ? (sortParam as TOfferSort)
    : DEFAULT_HOT_DEALS_SORT;
  const category = search.get('category')?.trim() || null;
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sort,
    category: category && category.toLowerCase() !== 'all' ? category : null,
    view: search.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string for a state: defaults are left out so a plain /hotdeals stays plain. */
export function writeHotDealsParams(params: HotDealsParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.sort !== DEFAULT_HOT_DEALS_SORT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.view === 'list') search.set('view', 'list');
  return search;
}
