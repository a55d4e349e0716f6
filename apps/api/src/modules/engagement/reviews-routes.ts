import { reviewsContract as c } from '@d3/shared/engagement/engagement-contract';
import { ENGAGEMENT_MESSAGES, type TReview } from '@d3/shared/engagement/engagement-schemas';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './reviews-service.js';

/** After commit: the store's merchant hears of a new review (notifications, issue 11). */
function publishReviewCreated(app: FastifyInstance, review: TReview) {
  app.events.publish('review.created', {
    reviewId: review.id,
    storeId: review.storeId,
    userId: review.userId,
    rating: review.rating,
    reviewerName: review.name,
    at: new Date(),
  });
}

/**
 * Reviews (seed 000 §2 "Reviews panel", §5 "Review"; seed 001 §7 reviews calls; API-CONTRACT
 * POST /reviews/{id}/response). One review per customer per store; the author edits or deletes.
 */
export default async function reviewsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  // Public; a signed-in customer also gets `userReview` (an invalid token reads as signed out).
  route(c.ofStore, async (request) => {
    const session = request.session;
    const customerId = session?.role === 'customer' ? session.sub : null;
    return {
      success: true as const,
      ...(await service.storeReviews(app.db, request.params.id, request.query, customerId)),
    };
  });
  route(c.create, async (request, reply) => {
    const { storeId, ...input } = request.body;
    const result = await service.createReview(app.db, subOf(request), storeId, input);
    publishReviewCreated(app, result.review);
    return reply
      .status(201)
      .send({ success: true as const, message: ENGAGEMENT_MESSAGES.reviewCreated, ...result });
  });
  route(c.createForStore, async (request, reply) => {
    const result = await service.createReview(app.db, subOf(request), request.params.id, request.body);
    publishReviewCreated(app, result.review);
    return reply
      .status(201)
      .send({ success: true as const, message: ENGAGEMENT_MESSAGES.reviewCreated, ...result });
  });

  // Seed 001 §7 lists these two probes; they answer without touching data.
  route(c.probe, async () => ({ success: true as const, message: 'Reviews API is working' }));
  route(c.authProbe, async () => ({ success: true as const, message: 'Authenticated' }));

  route(c.get, async (request) => ({
    success: true as const,
    review: await service.getReview(app.db, request.params.id),
  }));
  route(c.update, async (request) => ({
    success: true as const,
    message: ENGAGEMENT_MESSAGES.reviewUpdated,
    ...(await service.updateReview(app.db, subOf(request), request.params.id, request.body)),
  }));
  route(c.remove, async (request) => ({
    success: true as const,
    message: ENGAGEMENT_MESSAGES.reviewDeleted,
    ...(await service.deleteReview(app.db, subOf(request), request.params.id)),
  }));
  route(c.merchantList, async (request) => {
    const { page, limit } = request.query;
    const { reviews, pagination } = await service.merchantReviews(app.db, subOf(request), page, limit);
    return { success: true as const, reviews, data: reviews, pagination };
  });
  route(c.answer, async (request) => {
    const review = await service.respondToReview(
      app.db,
      subOf(request),
      request.params.id,
      request.body.text,
    );
    // After the write: the reviewer hears of the answer (notifications, issue 11).
    app.events.publish('review.responded', {
      reviewId: review.id,
      storeId: review.storeId,
      userId: review.userId,
      merchantId: subOf(request),
      at: new Date(),
    });
    return { success: true as const, message: ENGAGEMENT_MESSAGES.responseSaved, review };
  });

  // Public data only (rating, text, "First L.", date); CSV for spreadsheets, JSON otherwise.
  route(c.export, async (request, reply) => {
    const { store, reviews } = await service.exportableReviews(app.db, request.params.id);
    if (request.query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reviews-${store.id}.csv"`)
        .send(service.reviewsCsv(reviews));
    }
    return reply.send({ success: true, storeId: store.id, storeName: store.name, reviews });
  });
}
