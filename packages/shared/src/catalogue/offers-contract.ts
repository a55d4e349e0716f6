import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ZMessageResponse } from '../api/envelope-schemas.js';
import { imageUploadEndpoint } from '../merchant/image-schemas.js';
import { ZMerchantOfferListQuery, ZMerchantOfferListResponse } from '../merchant/offer-schemas.js';
import { ZCreateOfferRequest, ZUpdateOfferRequest } from './catalogue-requests.js';
import {
  ZLimitQuery,
  ZLocatedLimitQuery,
  ZOfferIdParams,
  ZOfferListQuery,
  ZOfferListResponse,
  ZOfferResponse,
  ZOffersResponse,
} from './catalogue-schemas.js';

export const ZOfferCategoriesResponse = z.object({
  success: z.literal(true),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
/** Any text: a bad or unknown store id answers an empty list (the seed's client reads failure as none). */
export const ZOffersOfStoreParams = z.object({ storeId: z.string() });

/**
 * Offers (seed 000 §2 "Hot Deals", "Offer detail", home sections; seed 001 §7). Lists show only
 * active offers whose expiry is in the future; a single offer is shown whatever its state.
 */
export const offersContract = defineContract('offers', {
  list: {
    method: 'GET',
    path: '/offers',
    operationId: 'listOffers',
    summary: 'Active offers, filtered, sorted and paged',
    access: 'open',
    query: ZOfferListQuery,
    responses: { 200: ZOfferListResponse },
  },
  merchantList: {
    method: 'GET',
    path: '/offers/merchant',
    operationId: 'listMerchantOffers',
    summary: "The signed-in merchant's offers in every state",
    access: 'merchant',
    query: ZMerchantOfferListQuery,
    responses: { 200: ZMerchantOfferListResponse },
  },
  uploadImage: imageUploadEndpoint({
    path: '/offers/:id/image',
    operationId: 'uploadOfferImage',
    what: 'an offer image',
    params: ZOfferIdParams,
  }),
  random: {
    method: 'GET',
    path: '/offers/random',
    operationId: 'listRandomOffers',
    summary: 'A random handful of active offers',
    access: 'open',
    query: ZLimitQuery,
    responses: { 200: ZOffersResponse },
  },
  topDeals: {
    method: 'GET',
    path: '/offers/top-deals',
    operationId: 'listTopDeals',
    summary: 'The Top Deals section (in the chosen location)',
    access: 'open',
    query: ZLocatedLimitQuery,
    responses: { 200: ZOffersResponse },
  },
  featured: {
    method: 'GET',
    path: '/offers/featured',
    operationId: 'listFeaturedOffers',
    summary: 'The FEATURED OFFERS section and hero (in the chosen location)',
    access: 'open',
    query: ZLocatedLimitQuery,
    responses: { 200: ZOffersResponse },
  },
  categories: {
    method: 'GET',
    path: '/offers/categories',
    operationId: 'listOfferCategories',
    summary: 'Offer categories with their offer counts',
    access: 'open',
    responses: { 200: ZOfferCategoriesResponse },
  },
  ofStore: {
    method: 'GET',
    path: '/offers/store/:storeId',
    operationId: 'listStoreOffers',
    summary: "A store's active offers (an unknown id gives an empty list)",
    access: 'open',
    params: ZOffersOfStoreParams,
    responses: { 200: ZOffersResponse },
  },
  get: {
    method: 'GET',
    path: '/offers/:id',
    operationId: 'getOffer',
    summary: 'One offer, whatever its state',
    access: 'open',
    params: ZOfferIdParams,
    responses: { 200: ZOfferResponse },
  },
  create: {
    method: 'POST',
    path: '/offers',
    operationId: 'createOffer',
    summary: "Create an offer for one of the merchant's stores",
    access: 'merchant',
    body: ZCreateOfferRequest,
    responses: { 201: ZOfferResponse },
    errors: [404],
  },
  update: {
    method: 'PUT',
    path: '/offers/:id',
    operationId: 'updateOffer',
    summary: 'Change an offer (its store owner)',
    access: 'merchant',
    params: ZOfferIdParams,
    body: ZUpdateOfferRequest,
    responses: { 200: ZOfferResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/offers/:id',
    operationId: 'deleteOffer',
    summary: 'Delete an offer (its store owner)',
    access: 'merchant',
    params: ZOfferIdParams,
    responses: { 200: ZMessageResponse },
    errors: [409],
  },
});
