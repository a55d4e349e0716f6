import { ZOfferIdParams } from '@d3/shared/catalogue/catalogue-schemas';
import {
  ZCountResponse,
  ZFavoriteChangeResponse,
  ZFavoriteIdsResponse,
  ZFavoriteStatusResponse,
  ZFavoritesQuery,
  ZFavoritesResponse,
} from '@d3/shared/engagement/engagement-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './favorites-service.js';

/** Favourites (seed 000 §2 "Favourites", seed 001 §7 users/favorites and offers …/favorite). */
export default async function favoritesRoutes(app: FastifyInstance) {
  const { routes, customerOnly, subOf } = routeKit(app, 'favourites');

  routes.get(
    '/users/favorites',
    customerOnly({ querystring: ZFavoritesQuery, response: { 200: ZFavoritesResponse } }),
    async (request) => {
      const { favorites, pagination } = await service.listFavorites(app.db, subOf(request), request.query);
      return { success: true as const, favorites, data: favorites, pagination };
    },
  );

  // Every favourite's offer id (no paging): the hearts on any list read this once per page.
  routes.get(
    '/users/favorites/ids',
    customerOnly({ response: { 200: ZFavoriteIdsResponse } }),
    async (request) => {
      const offerIds = await service.favoriteOfferIds(app.db, subOf(request));
      return { success: true as const, offerIds, count: offerIds.length };
    },
  );

  routes.get(
    '/users/favorites/count',
    customerOnly({ response: { 200: ZCountResponse } }),
    async (request) => ({
      success: true as const,
      count: await service.countFavorites(app.db, subOf(request)),
    }),
  );

  routes.post(
    '/offers/:id/favorite',
    customerOnly({
      params: ZOfferIdParams,
      response: { 200: ZFavoriteChangeResponse, 201: ZFavoriteChangeResponse },
    }),
    async (request, reply) => {
      const { added, message } = await service.addFavorite(app.db, subOf(request), request.params.id);
      return reply.status(added ? 201 : 200).send({ success: true as const, message, isFavorite: true });
    },
  );

  routes.delete(
    '/offers/:id/favorite',
    customerOnly({ params: ZOfferIdParams, response: { 200: ZFavoriteChangeResponse } }),
    async (request) => {
      const { message } = await service.removeFavorite(app.db, subOf(request), request.params.id);
      return { success: true as const, message, isFavorite: false };
    },
  );

  routes.get(
    '/offers/:id/favorite/status',
    customerOnly({ params: ZOfferIdParams, response: { 200: ZFavoriteStatusResponse } }),
    async (request) => ({
      success: true as const,
      isFavorite: await service.favoriteStatus(app.db, subOf(request), request.params.id),
    }),
  );

  routes.post(
    '/offers/:id/favorite/toggle',
    customerOnly({ params: ZOfferIdParams, response: { 200: ZFavoriteChangeResponse } }),
    async (request) => ({
      success: true as const,
      ...(await service.toggleFavorite(app.db, subOf(request), request.params.id)),
    }),
  );
}
