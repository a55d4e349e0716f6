import { z } from 'zod';
import {
  OFFER_STATUSES,
  pagedListResponse,
  ZOffer,
  ZPage,
  ZStoreId,
} from '../catalogue/catalogue-schemas.js';

/**
 * A merchant's own offers (issue 13): every state, expired included. An offer past its expiry
 * is 'expired' whatever its stored status; otherwise its state is its status.
 */
export const MERCHANT_OFFER_STATES = [...OFFER_STATUSES, 'expired'] as const;
export type TMerchantOfferState = (typeof MERCHANT_OFFER_STATES)[number];

export const ZMerchantOfferListQuery = z.object({
  storeId: ZStoreId.optional(),
  state: z
    .enum([...MERCHANT_OFFER_STATES, 'all'], {
      error: `state must be one of ${[...MERCHANT_OFFER_STATES, 'all'].join(', ')}`,
    })
    .default('all'),
  page: ZPage,
  limit: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .transform((value) => Math.min(value, 100))
      .default(50),
  ),
});
export type TMerchantOfferListQuery = z.infer<typeof ZMerchantOfferListQuery>;

export const ZMerchantOffer = ZOffer.extend({ state: z.enum(MERCHANT_OFFER_STATES) });
export type TMerchantOffer = z.infer<typeof ZMerchantOffer>;

/** GET /offers/merchant: one page, and how many offers each state has under the same store filter. */
export const ZMerchantOfferListResponse = pagedListResponse('offers', ZMerchantOffer).extend({
  counts: z.object(
    Object.fromEntries(MERCHANT_OFFER_STATES.map((state) => [state, z.number().int()])) as Record<
      (typeof MERCHANT_OFFER_STATES)[number],
      z.ZodNumber
    >,
  ),
});
export type TMerchantOfferListResponse = z.infer<typeof ZMerchantOfferListResponse>;
