import type { EndpointOutput } from '@d3/shared/api/contract';
import type { offersContract } from '@d3/shared/catalogue/offers-contract';

/** Shapes of the catalogue lists, read from the contracts (type-only: no zod reaches the browser bundle). */
export type TOffersResponse = EndpointOutput<typeof offersContract.topDeals>;

export type { TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';
