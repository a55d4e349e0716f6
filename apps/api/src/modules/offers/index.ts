import { UUID_PATTERN } from '@d3/shared/catalogue/catalogue-schemas';
import { offersContract as c } from '@d3/shared/catalogue/offers-contract';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MESSAGES } from '@d3/shared/merchant/image-schemas';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { readUploadedFile } from '../../adapters/images/multipart-upload.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './offers-service.js';

/**
 * Offers (seed 000 §2 "Hot Deals", "Offer detail", home sections; seed 001 §7), registered from
 * `offersContract`. Lists show only active offers whose expiry is in the future.
 */
export default async function offersRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(
    c.list,
    async (request) => {
      const { offers, pagination, categories } = await service.listOffers(app.db, request.query);
      return { success: true as const, offers, data: offers, pagination, categories };
    },
    { config: { publicCache: true } },
  );

  // Issue 13: the merchant's own offers in every state (owner only; never publicly cached).
  route(c.merchantList, async (request) => {
    const result = await service.merchantOffers(app.db, subOf(request), request.query);
    return { success: true as const, ...result, data: result.offers };
  });

  // Offer image upload (issue 13): multipart on its own context, as the store logo.
  const storage = localFileStorage(app.config.dataDir);
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
    contractRoutes(upload)(c.uploadImage, async (request) => ({
      success: true as const,
      message: IMAGE_UPLOAD_MESSAGES.imageUpdated,
      image: await service.uploadOfferImage(app.db, storage, subOf(request), request.params.id, () =>
        readUploadedFile(request, IMAGE_UPLOAD_MAX_BYTES),
      ),
    }));
  });

  route(c.random, async (request) => {
    const offers = await service.randomOffers(app.db, request.query.limit);
    return { success: true as const, offers, data: offers };
  });

  // The home page's hero, FEATURED OFFERS and Top Deals follow the chosen location (issue 15 #5).
  for (const [endpoint, load] of [
    [c.topDeals, service.topDeals],
    [c.featured, service.featuredOffers],
  ] as const) {
    route(endpoint, async (request) => {
      const offers = await load(app.db, request.query.limit, request.query.location);
      return { success: true as const, offers, data: offers };
    });
  }

  route(c.categories, async () => ({
    success: true as const,
    categories: await service.offerCategories(app.db),
  }));

  // The seed's client treats any failure here as "no offers": a bad or unknown id gives [].
  route(c.ofStore, async (request) => {
    const storeId = request.params.storeId.toLowerCase();
    const offers = UUID_PATTERN.test(storeId) ? await service.offersOfStore(app.db, storeId) : [];
    return { success: true as const, offers, data: offers };
  });

  route(c.get, async (request) => ({
    success: true as const,
    offer: await service.getOffer(app.db, request.params.id),
  }));
  route(c.create, async (request, reply) => {
    const offer = await service.createOffer(app.db, subOf(request), request.body);
    return reply.status(201).send({ success: true as const, offer });
  });
  route(c.update, async (request) => ({
    success: true as const,
    offer: await service.updateOffer(app.db, subOf(request), request.params.id, request.body),
  }));
  route(c.remove, async (request) => {
    await service.deleteOffer(app.db, subOf(request), request.params.id);
    return { success: true as const, message: 'Offer deleted successfully' };
  });
}
