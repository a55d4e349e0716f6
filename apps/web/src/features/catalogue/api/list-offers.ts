import { offersRoutes } from '@d3/shared/api/routes';
import type { TOfferSort } from '@d3/shared/catalogue/catalogue-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';

/** Hot Deals page size (seed 000 §9). */
export const OFFERS_PAGE_SIZE = 12;

export interface ListOffersParams {
  search?: string;
  location?: string;
  category?: string;
  sortBy?: TOfferSort;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

export const listOffersQueryKey = (params: ListOffersParams) => ['offers', 'list', params] as const;

/** GET /offers: active, unexpired offers with pagination and the per-category counts. */
export function listOffers(params: ListOffersParams, signal?: AbortSignal) {
  return call(
    offersRoutes.list,
    { query: { status: 'active', limit: OFFERS_PAGE_SIZE, ...params } },
    { signal },
  );
}

/** Seed 000 §4 "Hot deals retry": network errors only, up to 3 times. */
export const MAX_NETWORK_RETRIES = 3;

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT');
}

export function retryNetworkErrors(failureCount: number, error: Error): boolean {
  return isNetworkError(error) && failureCount < MAX_NETWORK_RETRIES;
}

/** 2 s × the retry number: 2 s, 4 s, 6 s. */
export function networkRetryDelay(failureCount: number): number {
  return 2000 * (failureCount + 1);
}

/** The list's key and function (the hook's, and Hot Deals' server read). */
export const offersQuery = (params: ListOffersParams) => ({
  queryKey: listOffersQueryKey(params),
  queryFn: ({ signal }: { signal?: AbortSignal }) => listOffers(params, signal),
});

export function useOffers(params: ListOffersParams) {
  return useQuery({
    ...offersQuery(params),
    placeholderData: keepPreviousData,
    retry: retryNetworkErrors,
    retryDelay: networkRetryDelay,
  });
}
