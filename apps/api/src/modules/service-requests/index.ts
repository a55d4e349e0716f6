import {
  ZQuoteIdParams as ZBookQuoteIdParams,
  ZBranchesResponse,
  ZCreateBookingResponse,
  ZQuoteBookingTargetResponse,
  ZQuoteBookRequest,
  ZQuoteSlotsQuery,
  ZSlotsResponse,
} from '@d3/shared/bookings/booking-schemas';
import { SERVICE_REQUEST_MESSAGES as M } from '@d3/shared/service-requests/service-request-rules';
import {
  type TCreateQuote,
  ZCategoriesResponse,
  ZCreateQuote,
  ZCreateServiceRequest,
  ZMarketplaceQuote,
  ZMyRequestsQuery,
  ZOffersQuery,
  ZPublicRequestsQuery,
  ZQuoteIdParams,
  ZQuoteResponse,
  ZQuotesListResponse,
  ZRejectQuote,
  ZRequestDetailResponse,
  ZRequestIdParams,
  ZRequestOfferParams,
  ZRequestResponse,
  ZRequestReview,
  ZRequestReviewResponse,
  ZRequestStatisticsResponse,
  ZRequestsListResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSignedIn } from '../../plugins/auth.js';
import { routeKit } from '../../plugins/route-kit.js';
import {
  bookQuote,
  completeRequestOfBooking,
  quoteBookingBranches,
  quoteBookingSlots,
  quoteBookingTarget,
} from './quote-booking.js';
import {
  acceptQuote,
  createQuote,
  listMyQuotes,
  listRequestQuotes,
  rejectQuote,
  withdrawQuote,
} from './quotes.js';
import {
  cancelRequest,
  completeRequest,
  createRequest,
  getRequestDetail,
  listMyRequests,
  listPublicRequests,
  requestCategories,
  requestStatistics,
  reviewProvider,
  updateRequest,
} from './requests.js';

/**
 * Service requests and quotes (issue 12): seed 001 §7 "Service requests" and "Marketplace",
 * API-CONTRACT "Merchant side" (a merchant quotes for its own store, withdraws a pending quote).
 */
export default async function serviceRequestsRoutes(app: FastifyInstance) {
  const { routes, behind, open, openWithSession, customerOnly, merchantOnly } = routeKit(
    app,
    'service-requests',
  );

  const signedIn = behind({ preValidation: requireSignedIn('Please log in to access this feature.') });
  const sessionOf = (request: FastifyRequest) => request.session!;

  // Booking an accepted quote completes its request with the booking (one transaction).
  app.events.onInTransaction('booking.completing', completeRequestOfBooking);

  // --- booking an accepted quote (issue 12; docs/decisions.md) --------------------------------------

  const bookingTags = ['bookings'];
  routes.get(
    '/bookings/quotes/:id',
    customerOnly({
      tags: bookingTags,
      params: ZBookQuoteIdParams,
      response: { 200: ZQuoteBookingTargetResponse },
    }),
    async (request) => ({
      success: true as const,
      target: await quoteBookingTarget(app.db, sessionOf(request).sub, request.params.id),
    }),
  );
  routes.get(
    '/bookings/quotes/:id/branch',
    customerOnly({ tags: bookingTags, params: ZBookQuoteIdParams, response: { 200: ZBranchesResponse } }),
    async (request) => ({
      success: true as const,
      ...(await quoteBookingBranches(app.db, sessionOf(request).sub, request.params.id)),
    }),
  );
  routes.get(
    '/bookings/quote-slots',
    customerOnly({ tags: bookingTags, querystring: ZQuoteSlotsQuery, response: { 200: ZSlotsResponse } }),
    async (request) => quoteBookingSlots(app.db, sessionOf(request).sub, request.query),
  );
  routes.post(
    '/bookings/quote',
    customerOnly({ tags: bookingTags, body: ZQuoteBookRequest, response: { 201: ZCreateBookingResponse } }),
    async (request, reply) => {
      const result = await bookQuote(app.db, app.events, sessionOf(request).sub, request.body);
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  // --- public reads -----------------------------------------------------------------------------

  for (const path of ['/request-service', '/request-service/search', '/marketplace/requests']) {
    routes.get(
      path,
      openWithSession({ querystring: ZPublicRequestsQuery, response: { 200: ZRequestsListResponse } }),
      async (request) => listPublicRequests(app.db, request.query, request.session),
    );
  }

  routes.get('/request-service/categories', open({ response: { 200: ZCategoriesResponse } }), async () =>
    requestCategories(app.db),
  );

  routes.get(
    '/request-service/statistics',
    open({ response: { 200: ZRequestStatisticsResponse } }),
    async () => requestStatistics(app.db),
  );

  // --- the caller's lists (before /:id) ----------------------------------------------------------

  routes.get(
    '/request-service/my-requests',
    customerOnly({ querystring: ZMyRequestsQuery, response: { 200: ZRequestsListResponse } }),
    async (request) => listMyRequests(app.db, sessionOf(request), request.query),
  );

  for (const path of ['/request-service/offers', '/request-service/my-offers', '/marketplace/offers']) {
    routes.get(
      path,
      signedIn({ querystring: ZOffersQuery, response: { 200: ZQuotesListResponse } }),
      async (request) => listMyQuotes(app.db, sessionOf(request), request.query),
    );
  }

  for (const path of ['/request-service/:id', '/marketplace/requests/:id']) {
    routes.get(
      path,
      openWithSession({ params: ZRequestIdParams, response: { 200: ZRequestDetailResponse } }),
      async (request) => getRequestDetail(app.db, request.params.id, request.session),
    );
  }

  routes.get(
    '/request-service/:id/offers',
    signedIn({ params: ZRequestIdParams, querystring: ZOffersQuery, response: { 200: ZQuotesListResponse } }),
    async (request) => listRequestQuotes(app.db, request.params.id, sessionOf(request), request.query),
  );

  // --- customer writes --------------------------------------------------------------------------

  for (const path of ['/request-service', '/marketplace/requests']) {
    routes.post(
      path,
      customerOnly({ body: ZCreateServiceRequest, response: { 201: ZRequestResponse } }),
      async (request, reply) => {
        const created = await createRequest(app.db, sessionOf(request).sub, request.body);
        return reply
          .status(201)
          .send({ success: true as const, message: M.posted, request: created, data: created });
      },
    );
  }

  routes.put(
    '/marketplace/requests/:id',
    customerOnly({
      params: ZRequestIdParams,
      body: ZCreateServiceRequest,
      response: { 200: ZRequestResponse },
    }),
    async (request) => {
      const updated = await updateRequest(app.db, sessionOf(request).sub, request.params.id, request.body);
      return { success: true as const, message: M.requestUpdated, request: updated, data: updated };
    },
  );

  for (const [method, path] of [
    ['put', '/request-service/:id/cancel'],
    ['delete', '/marketplace/requests/:id'],
  ] as const) {
    routes[method](
      path,
      customerOnly({ params: ZRequestIdParams, response: { 200: ZRequestResponse } }),
      async (request) => {
        const cancelled = await cancelRequest(app.db, app.events, sessionOf(request).sub, request.params.id);
        return { success: true as const, message: M.requestCancelled, request: cancelled, data: cancelled };
      },
    );
  }

  routes.put(
    '/request-service/:id/complete',
    customerOnly({ params: ZRequestIdParams, response: { 200: ZRequestResponse } }),
    async (request) => {
      const completed = await completeRequest(app.db, sessionOf(request).sub, request.params.id);
      return { success: true as const, message: M.requestCompleted, request: completed, data: completed };
    },
  );

  routes.put(
    '/request-service/:requestId/accept-offer/:offerId',
    customerOnly({ params: ZRequestOfferParams, response: { 200: ZQuoteResponse } }),
    async (request) => {
      const { requestId, offerId } = request.params;
      const offer = await acceptQuote(app.db, app.events, sessionOf(request).sub, requestId, offerId);
      return { success: true as const, message: M.offerAccepted, offer, data: offer };
    },
  );

  routes.put(
    '/request-service/:requestId/reject-offer/:offerId',
    customerOnly({ params: ZRequestOfferParams, body: ZRejectQuote, response: { 200: ZQuoteResponse } }),
    async (request) => {
      const { requestId, offerId } = request.params;
      const offer = await rejectQuote(
        app.db,
        app.events,
        sessionOf(request).sub,
        requestId,
        offerId,
        request.body.reason,
      );
      return { success: true as const, message: M.offerRejected, offer, data: offer };
    },
  );

  routes.put(
    '/marketplace/offers/:id/accept',
    customerOnly({ params: ZQuoteIdParams, response: { 200: ZQuoteResponse } }),
    async (request) => {
      const offer = await acceptQuote(
        app.db,
        app.events,
        sessionOf(request).sub,
        undefined,
        request.params.id,
      );
      return { success: true as const, message: M.offerAccepted, offer, data: offer };
    },
  );

  routes.put(
    '/marketplace/offers/:id/reject',
    customerOnly({ params: ZQuoteIdParams, body: ZRejectQuote, response: { 200: ZQuoteResponse } }),
    async (request) => {
      const offer = await rejectQuote(
        app.db,
        app.events,
        sessionOf(request).sub,
        undefined,
        request.params.id,
        request.body.reason,
      );
      return { success: true as const, message: M.offerRejected, offer, data: offer };
    },
  );

  routes.post(
    '/request-service/:id/review',
    customerOnly({
      params: ZRequestIdParams,
      body: ZRequestReview,
      response: { 201: ZRequestReviewResponse },
    }),
    async (request, reply) => {
      const review = await reviewProvider(app.db, sessionOf(request).sub, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message: M.reviewSaved, review });
    },
  );

  // --- merchant writes --------------------------------------------------------------------------

  /** A merchant's quote on a request: both quote routes answer 201 with this body. */
  const submitQuote = async (merchantId: string, requestId: string, body: TCreateQuote) => {
    const offer = await createQuote(app.db, app.events, merchantId, requestId, body);
    return { success: true as const, message: M.offerSubmitted, offer, data: offer };
  };

  routes.post(
    '/request-service/:id/offers',
    merchantOnly({ params: ZRequestIdParams, body: ZCreateQuote, response: { 201: ZQuoteResponse } }),
    async (request, reply) =>
      reply.status(201).send(await submitQuote(sessionOf(request).sub, request.params.id, request.body)),
  );

  routes.post(
    '/marketplace/offers',
    merchantOnly({ body: ZMarketplaceQuote, response: { 201: ZQuoteResponse } }),
    async (request, reply) => {
      const { requestId, ...body } = request.body;
      return reply.status(201).send(await submitQuote(sessionOf(request).sub, requestId, body));
    },
  );

  routes.put(
    '/marketplace/offers/:id/withdraw',
    merchantOnly({ params: ZQuoteIdParams, response: { 200: ZQuoteResponse } }),
    async (request) => {
      const offer = await withdrawQuote(app.db, app.events, sessionOf(request).sub, request.params.id);
      return { success: true as const, message: M.offerWithdrawn, offer, data: offer };
    },
  );
}
