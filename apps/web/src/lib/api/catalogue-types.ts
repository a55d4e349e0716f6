import type { TCategoryCount, TListPagination, TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';

/** Response shapes of the catalogue lists (type-only: no zod reaches the browser bundle). */

export interface TOfferListResponse {
  success: true;
  offers: TOffer[];
  pagination: TListPagination;
  categories: { name: string; count: number }[];
}

export interface TOffersResponse {
  success: true;
  offers: TOffer[];
}

export interface TStoreListResponse {
  success: true;
  stores: TStore[];
  pagination: TListPagination;
}

export interface TStoreCategoriesResponse {
  success?: true;
  categories: TCategoryCount[];
}

export type { TCategoryCount, TListPagination, TOffer, TStore };
