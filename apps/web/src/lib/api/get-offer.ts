import { offersRoutes } from '@d3/shared/api/routes';
import { readById } from './read-by-id';

export const offerQueryKey = (offerId: string) => ['offers', offerId] as const;

/** GET /offers/{id} (400 'Invalid offer ID', 404 'Offer not found'). */
const offerRead = readById(offersRoutes.get, offerQueryKey);

export const getOffer = offerRead.get;
export const offerQuery = offerRead.query;

export function useOffer(offerId: string) {
  return offerRead.useRead(offerId);
}
