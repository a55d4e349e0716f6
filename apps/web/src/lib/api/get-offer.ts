import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** GET /offers/{id} (400 'Invalid offer ID', 404 'Offer not found'). */
export function getOffer(offerId: string, signal?: AbortSignal): Promise<{ offer: TOffer }> {
  return apiFetch<{ offer: TOffer }>(`/offers/${encodeURIComponent(offerId)}`, { signal });
}

export const offerQueryKey = (offerId: string) => ['offers', offerId] as const;

export function useOffer(offerId: string) {
  return useQuery({
    queryKey: offerQueryKey(offerId),
    queryFn: ({ signal }) => getOffer(offerId, signal),
    enabled: offerId !== '',
  });
}
