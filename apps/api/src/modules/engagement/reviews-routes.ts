import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import { ZStoreIdParams } from '@d3/shared/catalogue/catalogue-schemas';
import {
  ENGAGEMENT_MESSAGES,
  type TReview,
  ZCreateReviewRequest,
  ZMerchantReviewsResponse,
  ZReviewChangeResponse,
  ZReviewDeleteResponse,
  ZReviewExportQuery,
  ZReviewForm,
  ZReviewIdParams,
  ZReviewListQuery,
  ZReviewResponse,
  ZReviewResponseRequest,
  ZStoreReviewsResponse,
} from '@d3/shared/engagement/engagement-schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeKit } from '../../plugins/route-kit.js';
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
  const { routes, open, openWithSession, customerOnly, merchantOnly, subOf } = routeKit(app, 'reviews');

  // Public; a signed-in customer also gets `userReview` (an invalid token reads as signed out).
  routes.get(
    '/stores/:id/reviews',
    openWithSession({
      params: ZStoreIdParams,
      querystring: ZReviewListQuery,
      response: { 200: ZStoreReviewsResponse },
    }),
    async (request) => {
      const session = request.session;
      const customerId = session?.role === 'customer' ? session.sub : null;
      return {
        success: true as const,
        ...(await service.storeReviews(app.db, request.params.id, request.query, customerId)),
      };
    },
  );

  routes.post(
    '/reviews',
    customerOnly({ body: ZCreateReviewRequest, response: { 201: ZReviewChangeResponse } }),
    async (request, reply) => {
      const { storeId, ...input } = request.body;
      const result = await service.createReview(app.db, subOf(request), storeId, input);
      publishReviewCreated(app, result.review);
      return reply
        .status(201)
        .send({ success: true as const, message: ENGAGEMENT_MESSAGES.reviewCreated, ...result });
    },
  );

  routes.post(
    '/stores/:id/reviews',
    customerOnly({ params: ZStoreIdParams, body: ZReviewForm, response: { 201: ZReviewChangeResponse } }),
    async (request, reply) => {
      const result = await service.createReview(app.db, subOf(request), request.params.id, request.body);
      publishReviewCreated(app, result.review);
      return reply
        .status(201)
        .send({ success: true as const, message: ENGAGEMENT_MESSAGES.reviewCreated, ...result });
    },
  );

  // Seed 001 §7 lists these two probes; they answer without touching data.
  routes.get('/reviews/test', open({ response: { 200: ZMessageResponse } }), async () => ({
    success: true as const,
    message: 'Reviews API is working',
  }));
  routes.get('/reviews/auth-test', customerOnly({ response: { 200: ZMessageResponse } }), async () => ({
    success: true as const,
    message: 'Authenticated',
  }));

  routes.get(
    '/reviews/:id',
    open({ params: ZReviewIdParams, response: { 200: ZReviewResponse } }),
    async (request) => ({
      success: true as const,
      review: await service.getReview(app.db, request.params.id),
    }),
  );

  routes.put(
    '/reviews/:id',
    customerOnly({ params: ZReviewIdParams, body: ZReviewForm, response: { 200: ZReviewChangeResponse } }),
    async (request) => ({
      success: true as const,
      message: ENGAGEMENT_MESSAGES.reviewUpdated,
      ...(await service.updateReview(app.db, subOf(request), request.params.id, request.body)),
    }),
  );

  routes.delete(
    '/reviews/:id',
    customerOnly({ params: ZReviewIdParams, response: { 200: ZReviewDeleteResponse } }),
    async (request) => ({
      success: true as const,
      message: ENGAGEMENT_MESSAGES.reviewDeleted,
      ...(await service.deleteReview(app.db, subOf(request), request.params.id)),
    }),
  );

  routes.get(
    '/merchant/reviews',
    merchantOnly({
      querystring: ZReviewListQuery.pick({ page: true, limit: true }),
      response: { 200: ZMerchantReviewsResponse },
    }),
    async (request) => {
      const { page, limit } = request.query;
      const { reviews, pagination } = await service.merchantReviews(app.db, subOf(request), page, limit);
      return { success: true as const, reviews, data: reviews, pagination };
    },
  );

  routes.post(
    '/reviews/:id/response',
    merchantOnly({
      params: ZReviewIdParams,
      body: ZReviewResponseRequest,
      response: {
        200: z.object({
          success: z.literal(true),
          message: z.string(),
          review: ZReviewResponse.shape.review,
        }),
      },
    }),
    async (request) => {
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
    },
  );

  // Public data only (rating, text, "First L.", date); CSV for spreadsheets, JSON otherwise.
  routes.get(
    '/stores/:id/reviews/export',
    open({ params: ZStoreIdParams, querystring: ZReviewExportQuery }),
    async (request, reply) => {
      const { store, reviews } = await service.exportableReviews(app.db, request.params.id);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="reviews-${store.id}.csv"`)
          .send(service.reviewsCsv(reviews));
      }
      return reply.send({ success: true, storeId: store.id, storeName: store.name, reviews });
    },
  );
}
