import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { readById } from './read-by-id';

export const offerQueryKey = (offerId: string) => ['offers', offerId] as const;

/** GET /offers/{id} (400 'Invalid offer ID', 404 'Offer not found'). */
const offerRead = readById<{ offer: TOffer }>((id) => `/offers/${id}`, offerQueryKey);

export const getOffer = offerRead.get;

export function useOffer(offerId: string) {
  return offerRead.useRead(offerId);
}
