import { followsContract as c } from '@d3/shared/engagement/engagement-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './follows-service.js';

/** Following stores (seed 000 §2 "Store profile" Follow, "Followed stores"; seed 001 §7). */
export default async function followsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.toggle, async (request) => {
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
  });
  // Every followed store's id (no paging): the Follow buttons on store cards read this once per page.
  route(c.ids, async (request) => {
    const storeIds = await service.followedStoreIds(app.db, subOf(request));
    return { success: true as const, storeIds, count: storeIds.length };
  });
  route(c.list, async (request) => {
    const stores = await service.followedStores(app.db, subOf(request));
    return { success: true as const, followedStores: stores, stores, count: stores.length };
  });
}
