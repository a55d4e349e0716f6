import type { EndpointInput } from '@d3/shared/api/contract';
import { merchantAccountsRoutes, serviceRequestsRoutes } from '@d3/shared/api/routes';
import type { TQuote, TServiceRequest } from '@d3/shared/service-requests/service-request-schemas';
import type { serviceRequestsContract } from '@d3/shared/service-requests/service-requests-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, merchantCall, merchantToken } from '../../../lib/api-client';

type TRequestBody = EndpointInput<typeof serviceRequestsContract.create>['body'];
type TQuoteBody = EndpointInput<typeof serviceRequestsContract.quote>['body'];

export type { TQuote, TServiceRequest };

/** Seed 000 §9: the public list shows 6 a page; own requests and offers 10. */
export const PUBLIC_PAGE_SIZE = 6;
export const OWN_PAGE_SIZE = 10;

/** Seed 001 §8 "Generic" service-request messages by status. */
export { genericErrorMessage as serviceRequestErrorMessage } from '../../../lib/generic-error-message';

export interface PublicListParams {
  page: number;
  category: string;
  budget: string;
  timeline: string;
  search: string;
}

export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  list: (token: string | null, params: PublicListParams) =>
    ['service-requests', token, 'list', params] as const,
  detail: (token: string | null, id: string) => ['service-requests', token, 'detail', id] as const,
  categories: ['service-requests', 'categories'] as const,
  mine: (token: string | null, status: string, search: string, pages: number) =>
    ['users', 'service-requests', token, 'mine', status, search, pages] as const,
  offers: (token: string | null, status: string, search: string, pages: number) =>
    ['users', 'service-requests', token, 'offers', status, search, pages] as const,
};

/** The public list's key and function (the hook's, and the page's server read, signed out). */
export const publicRequestsQuery = (token: string | null, params: PublicListParams) => ({
  queryKey: serviceRequestKeys.list(token, params),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    call(serviceRequestsRoutes.list, { query: { ...params, limit: PUBLIC_PAGE_SIZE } }, { signal }),
});

export function usePublicRequests(token: string | null, params: PublicListParams) {
  return useQuery({ ...publicRequestsQuery(token, params), placeholderData: keepPreviousData });
}

/** The categories' key and function (the hook's, and the page's server read). */
export const requestCategoriesQuery = {
  queryKey: serviceRequestKeys.categories,
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(serviceRequestsRoutes.categories, {}, { signal }),
};

export function useRequestCategories() {
  return useQuery({ ...requestCategoriesQuery, staleTime: 5 * 60_000 });
}

export function useRequestDetail(token: string | null, id: string | undefined) {
  return useQuery({
    queryKey: serviceRequestKeys.detail(token, id ?? ''),
    queryFn: ({ signal }) => call(serviceRequestsRoutes.get, { params: { id: id ?? '' } }, { signal }),
    enabled: Boolean(id),
  });
}

type TOwnQuery = { status: string; search: string; page: number; limit: number };
type TPage<T> = { data: T[]; pagination: { total: number; hasNextPage: boolean } };

/** Loads `pages` pages of 10 and joins them (Load More asks for one more page). */
async function loadPages<T>(
  read: (query: TOwnQuery, signal?: AbortSignal) => Promise<TPage<T>>,
  filters: { status: string; search: string },
  pages: number,
  signal?: AbortSignal,
) {
  const items: T[] = [];
  let total = 0;
  let hasNextPage = false;
  for (let page = 1; page <= pages; page++) {
    const response = await read({ ...filters, page, limit: OWN_PAGE_SIZE }, signal);
    items.push(...response.data);
    total = response.pagination.total;
    hasNextPage = response.pagination.hasNextPage;
    if (!hasNextPage) break;
  }
  return { items, total, hasNextPage };
}

/** Where each of a signed-in customer's own lists is read (its query key is `serviceRequestKeys[list]`). */
const OWN_LISTS = {
  mine: (query: TOwnQuery, signal?: AbortSignal) => call(serviceRequestsRoutes.mine, { query }, { signal }),
  offers: (query: TOwnQuery, signal?: AbortSignal) =>
    call(serviceRequestsRoutes.myQuotes, { query }, { signal }),
};

/** What an own-list hook is asked: the token, the status and search filters, how many pages, whether to load. */
type TOwnListArgs = [token: string | null, status: string, search: string, pages: number, enabled?: boolean];

/** A signed-in customer's own list (requests or quotes), `pages` pages deep, kept while the next loads. */
function useOwnPages<T>(
  read: (query: TOwnQuery, signal?: AbortSignal) => Promise<TPage<T>>,
  list: keyof typeof OWN_LISTS,
  ...[token, status, search, pages, enabled = true]: TOwnListArgs
) {
  return useQuery({
    queryKey: serviceRequestKeys[list](token, status, search, pages),
    queryFn: ({ signal }) => loadPages<T>(read, { status, search }, pages, signal),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMyRequests(...args: TOwnListArgs) {
  return useOwnPages<TServiceRequest>(OWN_LISTS.mine, 'mine', ...args);
}

export function useMyOffers(...args: TOwnListArgs) {
  return useOwnPages<TQuote>(OWN_LISTS.offers, 'offers', ...args);
}

export function postServiceRequest(body: TRequestBody) {
  return call(serviceRequestsRoutes.create, { body });
}

export function acceptOffer(requestId: string, offerId: string) {
  return call(serviceRequestsRoutes.acceptQuote, { params: { requestId, offerId } });
}

export function rejectOffer(requestId: string, offerId: string) {
  return call(serviceRequestsRoutes.rejectQuote, { params: { requestId, offerId }, body: {} });
}

export function cancelServiceRequest(id: string) {
  return call(serviceRequestsRoutes.cancel, { params: { id } });
}

export function completeServiceRequest(id: string) {
  return call(serviceRequestsRoutes.complete, { params: { id } });
}

export function reviewProvider(id: string, body: { rating: number; review: string }) {
  return call(serviceRequestsRoutes.review, { params: { id }, body });
}

// --- the merchant's side, when a merchant session exists on this origin ------------------------

export { merchantToken };

export function useMerchantStores(enabled: boolean) {
  return useQuery({
    queryKey: ['merchant-session', 'stores', merchantToken()],
    queryFn: () => merchantCall(merchantAccountsRoutes.me),
    enabled,
  });
}

export function submitQuote(requestId: string, body: TQuoteBody) {
  return merchantCall(serviceRequestsRoutes.quote, { params: { id: requestId }, body });
}
