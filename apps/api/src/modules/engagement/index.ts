import type { FastifyInstance } from 'fastify';
import favoritesRoutes from './favorites-routes.js';
import followsRoutes from './follows-routes.js';
import profileRoutes from './profile-routes.js';
import reviewsRoutes from './reviews-routes.js';

/**
 * Engagement (issue 5): favourites, follows, reviews, profile statistics and settings.
 * Owns favorites, store_follows, reviews and notification_settings; keeps the stores' rating,
 * totalReviews and followers through the stores service, in the transaction of each change.
 */
export default async function engagementRoutes(app: FastifyInstance) {
  await app.register(favoritesRoutes);
  await app.register(followsRoutes);
  await app.register(reviewsRoutes);
  await app.register(profileRoutes);
}
