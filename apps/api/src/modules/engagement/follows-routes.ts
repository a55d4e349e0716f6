import { ZStoreIdParams } from '@d3/shared/catalogue/catalogue-schemas';
import {
  ZFollowedStoreIdsResponse,
  ZFollowedStoresResponse,
  ZToggleFollowResponse,
} from '@d3/shared/engagement/engagement-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './follows-service.js';

/** Following stores (seed 000 §2 "Store profile" Follow, "Followed stores"; seed 001 §7). */
export default async function followsRoutes(app: FastifyInstance) {
  const { routes, customerOnly, subOf } = routeKit(app, 'follows');

  routes.post(
    '/stores/:id/toggle-follow',
    customerOnly({ params: ZStoreIdParams, response: { 200: ZToggleFollowResponse } }),
    async (request) => {
      const result = await service.toggleFollow(app.db, subOf(request), request.params.id);
      // After commit: the store's merchant hears of a new follower (notifications, issue 11).
      if (result.following) {
        app.events.publish('store.followed', {
          storeId: request.params.id,
          userId: subOf(request),
          followers: result.followers,
          at: new Date(),
        });
      }
      return { success: true as const, ...result };
    },
  );

  // Every followed store's id (no paging): the Follow buttons on store cards read this once per page.
  routes.get(
    '/users/followed-stores/ids',
    customerOnly({ response: { 200: ZFollowedStoreIdsResponse } }),
    async (request) => {
      const storeIds = await service.followedStoreIds(app.db, subOf(request));
      return { success: true as const, storeIds, count: storeIds.length };
    },
  );

  for (const path of ['/users/followed-stores', '/stores/followed']) {
    routes.get(path, customerOnly({ response: { 200: ZFollowedStoresResponse } }), async (request) => {
      const stores = await service.followedStores(app.db, subOf(request));
      return { success: true as const, followedStores: stores, stores, count: stores.length };
    });
  }
}
