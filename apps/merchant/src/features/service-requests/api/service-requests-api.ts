import type { TQuoteStatus } from '@d3/shared/service-requests/service-request-rules';
import type {
  TQuote,
  TRequestsListResponse,
  ZCreateQuote,
} from '@d3/shared/service-requests/service-request-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** What the form sends: the shared schema's input (the server parses it again). */
export type TQuoteBody = z.input<typeof ZCreateQuote>;

/** Keyed under 'merchants' so signing out forgets them. */
export const requestKeys = {
  all: ['merchants', 'service-requests'] as const,
  open: (category: string, page: number) =>
    ['merchants', 'service-requests', 'open', category, page] as const,
  quotes: (status: string) => ['merchants', 'service-requests', 'quotes', status] as const,
  categories: ['merchants', 'service-requests', 'categories'] as const,
};

export const OPEN_REQUESTS_PAGE_SIZE = 6;

/** GET /request-service: the open requests customers posted (6 a page, seed 001 §9). */
export function useOpenRequests(category: string, page: number) {
  return useQuery({
    queryKey: requestKeys.open(category, page),
    queryFn: ({ signal }) =>
      apiClient.get<TRequestsListResponse>('/request-service', {
        signal,
        query: { category: category || undefined, page, limit: OPEN_REQUESTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestCategories() {
  return useQuery({
    queryKey: requestKeys.categories,
    queryFn: ({ signal }) =>
      apiClient
        .get<{ categories: Array<{ name: string; count: number }> }>('/request-service/categories', {
          signal,
        })
        .then((body) => body.categories),
    staleTime: 5 * 60_000,
  });
}

/** GET /request-service/offers for a merchant: the quotes its stores sent. */
export function useMyQuotes(status: TQuoteStatus | '') {
  return useQuery({
    queryKey: requestKeys.quotes(status),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ offers: TQuote[] }>('/request-service/offers', {
          signal,
          query: { status: status || undefined, page: 1, limit: 50 },
        })
        .then((body) => body.offers),
  });
}

export function useSendQuote(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuoteBody) =>
      apiClient.post<{ message: string; offer: TQuote }>(`/request-service/${requestId}/offers`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useWithdrawQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) =>
      apiClient.put<{ message: string; offer: TQuote }>(`/marketplace/offers/${quoteId}/withdraw`),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
