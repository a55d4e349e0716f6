import type {
  TQuote,
  TRequestDetailResponse,
  TRequestsListResponse,
  TServiceRequest,
} from '@d3/shared/service-requests/service-request-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, buildApiUrl, toApiError } from '../../../lib/api-client';

export type { TQuote, TServiceRequest };

/** Seed 000 §9: the public list shows 6 a page; own requests and offers 10. */
export const PUBLIC_PAGE_SIZE = 6;
export const OWN_PAGE_SIZE = 10;
/** The merchant site keeps its session here (same origin, /merchant/). */
export const MERCHANT_TOKEN_KEY = 'merchant_token';

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

export function usePublicRequests(token: string | null, params: PublicListParams) {
  return useQuery({
    queryKey: serviceRequestKeys.list(token, params),
    queryFn: ({ signal }) =>
      apiFetch<TRequestsListResponse>('/request-service', {
        signal,
        query: { ...params, limit: PUBLIC_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestCategories() {
  return useQuery({
    queryKey: serviceRequestKeys.categories,
    queryFn: ({ signal }) =>
      apiFetch<{ categories: { name: string; count: number }[] }>('/request-service/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRequestDetail(token: string | null, id: string | undefined) {
  return useQuery({
    queryKey: serviceRequestKeys.detail(token, id ?? ''),
    queryFn: ({ signal }) => apiFetch<TRequestDetailResponse>(`/request-service/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Loads `pages` pages of 10 and joins them (Load More asks for one more page). */
async function loadPages<T>(
  path: string,
  query: Record<string, string>,
  pages: number,
  signal?: AbortSignal,
) {
  const items: T[] = [];
  let total = 0;
  let hasNextPage = false;
  for (let page = 1; page <= pages; page++) {
    const response = await apiFetch<{ data: T[]; pagination: { total: number; hasNextPage: boolean } }>(
      path,
      {
        signal,
        query: { ...query, page, limit: OWN_PAGE_SIZE },
      },
    );
    items.push(...response.data);
    total = response.pagination.total;
    hasNextPage = response.pagination.hasNextPage;
    if (!hasNextPage) break;
  }
  return { items, total, hasNextPage };
}

/** Where each of a signed-in customer's own lists is read (its query key is `serviceRequestKeys[list]`). */
const OWN_LIST_PATHS = {
  mine: '/request-service/my-requests',
  offers: '/request-service/offers',
} as const;

/** What an own-list hook is asked: the token, the status and search filters, how many pages, whether to load. */
type TOwnListArgs = [token: string | null, status: string, search: string, pages: number, enabled?: boolean];

/** A signed-in customer's own list (requests or quotes), `pages` pages deep, kept while the next loads. */
function useOwnPages<T>(
  list: keyof typeof OWN_LIST_PATHS,
  ...[token, status, search, pages, enabled = true]: TOwnListArgs
) {
  return useQuery({
    queryKey: serviceRequestKeys[list](token, status, search, pages),
    queryFn: ({ signal }) => loadPages<T>(OWN_LIST_PATHS[list], { status, search }, pages, signal),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMyRequests(...args: TOwnListArgs) {
  return useOwnPages<TServiceRequest>('mine', ...args);
}

export function useMyOffers(...args: TOwnListArgs) {
  return useOwnPages<TQuote>('offers', ...args);
}

export function postServiceRequest(body: Record<string, unknown>) {
  return apiFetch<{ message: string; request: TServiceRequest }>('/request-service', {
    method: 'POST',
    body,
  });
}

export function acceptOffer(requestId: string, offerId: string) {
  return apiFetch<{ message: string; offer: TQuote }>(
    `/request-service/${requestId}/accept-offer/${offerId}`,
    {
      method: 'PUT',
    },
  );
}

export function rejectOffer(requestId: string, offerId: string) {
  return apiFetch<{ message: string; offer: TQuote }>(
    `/request-service/${requestId}/reject-offer/${offerId}`,
    {
      method: 'PUT',
      body: {},
    },
  );
}

export function cancelServiceRequest(id: string) {
  return apiFetch<{ message: string }>(`/request-service/${id}/cancel`, { method: 'PUT' });
}

export function completeServiceRequest(id: string) {
  return apiFetch<{ message: string }>(`/request-service/${id}/complete`, { method: 'PUT' });
}

export function reviewProvider(id: string, body: { rating: number; review: string }) {
  return apiFetch<{ message: string }>(`/request-service/${id}/review`, { method: 'POST', body });
}

// --- the merchant's side, when a merchant session exists on this origin ------------------------

export function merchantToken(): string | null {
  try {
    return window.localStorage.getItem(MERCHANT_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A call with the merchant's token (the customer token apiFetch would attach is not the one). */
async function merchantFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = merchantToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path), {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        'x-api-key': import.meta.env.VITE_API_KEY ?? 'd3-dev-key',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your internet connection.', 'NETWORK_ERROR');
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

export function useMerchantStores(enabled: boolean) {
  return useQuery({
    queryKey: ['merchant-session', 'stores', merchantToken()],
    queryFn: () => merchantFetch<{ stores: { id: string; name: string }[] }>('/merchants/me'),
    enabled,
  });
}

export function submitQuote(requestId: string, body: Record<string, unknown>) {
  return merchantFetch<{ message: string; offer: TQuote }>(`/request-service/${requestId}/offers`, {
    method: 'POST',
    body,
  });
}
