import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import {
  UUID_PATTERN,
  ZCreateOfferRequest,
  ZLimitQuery,
  ZLocatedLimitQuery,
  ZOfferIdParams,
  ZOfferListQuery,
  ZOfferListResponse,
  ZOfferResponse,
  ZOffersResponse,
  ZUpdateOfferRequest,
} from '@d3/shared/catalogue/catalogue-schemas';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MESSAGES,
  ZImageUploadResponse,
} from '@d3/shared/merchant/image-schemas';
import { ZMerchantOfferListQuery, ZMerchantOfferListResponse } from '@d3/shared/merchant/offer-schemas';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../adapters/images/multipart-upload.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './offers-service.js';

const ZOfferCategoriesResponse = z.object({
  success: z.literal(true),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

/**
 * Offers (seed 000 §2 "Hot Deals", "Offer detail", home sections; seed 001 §7). Lists show
 * only active offers whose expiry is in the future; a single offer is shown whatever its state.
 */
export default async function offersRoutes(app: FastifyInstance) {
  const { routes, open, merchantOnly, subOf } = routeKit(app, 'offers');

  routes.get(
    '/offers',
    {
      ...open({ querystring: ZOfferListQuery, response: { 200: ZOfferListResponse } }),
      config: { publicCache: true },
    },
    async (request) => {
      const { offers, pagination, categories } = await service.listOffers(app.db, request.query);
      return { success: true as const, offers, data: offers, pagination, categories };
    },
  );

  // Issue 13: the merchant's own offers in every state (owner only; never publicly cached).
  routes.get(
    '/offers/merchant',
    merchantOnly({ querystring: ZMerchantOfferListQuery, response: { 200: ZMerchantOfferListResponse } }),
    async (request) => {
      const result = await service.merchantOffers(app.db, subOf(request), request.query);
      return { success: true as const, ...result, data: result.offers };
    },
  );

  // Offer image upload (issue 13): multipart on its own context, as the store logo.
  const storage = localFileStorage(app.config.dataDir);
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/offers/:id/image',
      merchantOnly({
        summary:
          'Upload an offer image (multipart/form-data, field "file"; JPEG, PNG, WebP or GIF, max 5 MB)',
        consumes: ['multipart/form-data'],
        params: ZOfferIdParams,
        response: { 200: ZImageUploadResponse },
      }),
      async (request) => ({
        success: true as const,
        message: IMAGE_UPLOAD_MESSAGES.imageUpdated,
        image: await service.uploadOfferImage(app.db, storage, subOf(request), request.params.id, () =>
          readUploadedFile(request, IMAGE_UPLOAD_MAX_BYTES),
        ),
      }),
    );
  });

  routes.get(
    '/offers/random',
    open({ querystring: ZLimitQuery, response: { 200: ZOffersResponse } }),
    async (request) => {
      const offers = await service.randomOffers(app.db, request.query.limit);
      return { success: true as const, offers, data: offers };
    },
  );

  // The home page's hero, FEATURED OFFERS and Top Deals follow the chosen location (issue 15 #5).
  for (const [path, load] of [
    ['/offers/top-deals', service.topDeals],
    ['/offers/featured', service.featuredOffers],
  ] as const) {
    routes.get(
      path,
      open({ querystring: ZLocatedLimitQuery, response: { 200: ZOffersResponse } }),
      async (request) => {
        const offers = await load(app.db, request.query.limit, request.query.location);
        return { success: true as const, offers, data: offers };
      },
    );
  }

  routes.get('/offers/categories', open({ response: { 200: ZOfferCategoriesResponse } }), async () => ({
    success: true as const,
    categories: await service.offerCategories(app.db),
  }));

  // The seed's client treats any failure here as "no offers": a bad or unknown id gives [].
  routes.get(
    '/offers/store/:storeId',
    open({ params: z.object({ storeId: z.string() }), response: { 200: ZOffersResponse } }),
    async (request) => {
      const storeId = request.params.storeId.toLowerCase();
      const offers = UUID_PATTERN.test(storeId) ? await service.offersOfStore(app.db, storeId) : [];
      return { success: true as const, offers, data: offers };
    },
  );

  routes.get(
    '/offers/:id',
    open({ params: ZOfferIdParams, response: { 200: ZOfferResponse } }),
    async (request) => ({ success: true as const, offer: await service.getOffer(app.db, request.params.id) }),
  );

  routes.post(
    '/offers',
    merchantOnly({ body: ZCreateOfferRequest, response: { 201: ZOfferResponse } }),
    async (request, reply) => {
      const offer = await service.createOffer(app.db, subOf(request), request.body);
      return reply.status(201).send({ success: true as const, offer });
    },
  );

  routes.put(
    '/offers/:id',
    merchantOnly({ params: ZOfferIdParams, body: ZUpdateOfferRequest, response: { 200: ZOfferResponse } }),
    async (request) => ({
      success: true as const,
      offer: await service.updateOffer(app.db, subOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/offers/:id',
    merchantOnly({ params: ZOfferIdParams, response: { 200: ZMessageResponse } }),
    async (request) => {
      await service.deleteOffer(app.db, subOf(request), request.params.id);
      return { success: true as const, message: 'Offer deleted successfully' };
    },
  );
}
