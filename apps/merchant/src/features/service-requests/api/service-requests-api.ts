import type { EndpointInput } from '@d3/shared/api/contract';
import { serviceRequestsRoutes } from '@d3/shared/api/routes';
import type { TQuoteStatus } from '@d3/shared/service-requests/service-request-rules';
import type { serviceRequestsContract } from '@d3/shared/service-requests/service-requests-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** What the form sends: the contract's body input (the server parses it again). */
export type TQuoteBody = EndpointInput<typeof serviceRequestsContract.quote>['body'];

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
      call(
        serviceRequestsRoutes.list,
        { query: { category: category || undefined, page, limit: OPEN_REQUESTS_PAGE_SIZE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRequestCategories() {
  return useQuery({
    queryKey: requestKeys.categories,
    queryFn: ({ signal }) =>
      call(serviceRequestsRoutes.categories, {}, { signal }).then((body) => body.categories),
    staleTime: 5 * 60_000,
  });
}

/** GET /request-service/offers for a merchant: the quotes its stores sent. */
export function useMyQuotes(status: TQuoteStatus | '') {
  return useQuery({
    queryKey: requestKeys.quotes(status),
    queryFn: ({ signal }) =>
      call(
        serviceRequestsRoutes.myQuotes,
        { query: { status: status || undefined, page: 1, limit: 50 } },
        { signal },
      ).then((body) => body.offers),
  });
}

export function useSendQuote(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuoteBody) => call(serviceRequestsRoutes.quote, { params: { id: requestId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useWithdrawQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => call(serviceRequestsRoutes.withdrawQuote, { params: { id: quoteId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
