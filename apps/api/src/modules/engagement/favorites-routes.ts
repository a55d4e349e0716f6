import { favoritesContract as c } from '@d3/shared/engagement/engagement-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './favorites-service.js';

/** Favourites (seed 000 §2 "Favourites", seed 001 §7 users/favorites and offers …/favorite). */
export default async function favoritesRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.list, async (request) => {
    const { favorites, pagination } = await service.listFavorites(app.db, subOf(request), request.query);
    return { success: true as const, favorites, data: favorites, pagination };
  });
  // Every favourite's offer id (no paging): the hearts on any list read this once per page.
  route(c.ids, async (request) => {
    const offerIds = await service.favoriteOfferIds(app.db, subOf(request));
    return { success: true as const, offerIds, count: offerIds.length };
  });
  route(c.count, async (request) => ({
    success: true as const,
    count: await service.countFavorites(app.db, subOf(request)),
  }));
  route(c.add, async (request, reply) => {
    const { added, message } = await service.addFavorite(app.db, subOf(request), request.params.id);
    return reply.status(added ? 201 : 200).send({ success: true as const, message, isFavorite: true });
  });
  route(c.remove, async (request) => {
    const { message } = await service.removeFavorite(app.db, subOf(request), request.params.id);
    return { success: true as const, message, isFavorite: false };
  });
  route(c.status, async (request) => ({
    success: true as const,
    isFavorite: await service.favoriteStatus(app.db, subOf(request), request.params.id),
  }));
  route(c.toggle, async (request) => ({
    success: true as const,
    ...(await service.toggleFavorite(app.db, subOf(request), request.params.id)),
  }));
}
