import { bookingsContract as b } from '@d3/shared/bookings/bookings-contract';
import { SERVICE_REQUEST_MESSAGES as M } from '@d3/shared/service-requests/service-request-rules';
import type { TCreateQuote } from '@d3/shared/service-requests/service-request-schemas';
import { serviceRequestsContract as c } from '@d3/shared/service-requests/service-requests-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSignedIn } from '../../plugins/auth.js';
import { contractRoutes } from '../../plugins/contract-route.js';
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
  const route = contractRoutes(app);
  const signedIn = { accessCheck: requireSignedIn('Please log in to access this feature.') };
  const sessionOf = (request: FastifyRequest) => request.session!;

  // Booking an accepted quote completes its request with the booking (one transaction).
  app.events.onInTransaction('booking.completing', completeRequestOfBooking);

  // --- booking an accepted quote (issue 12; docs/decisions.md) --------------------------------------

  route(b.quoteTarget, async (request) => ({
    success: true as const,
    target: await quoteBookingTarget(app.db, sessionOf(request).sub, request.params.id),
  }));
  route(b.quoteBranches, async (request) => ({
    success: true as const,
    ...(await quoteBookingBranches(app.db, sessionOf(request).sub, request.params.id)),
  }));
  route(b.quoteSlots, async (request) => quoteBookingSlots(app.db, sessionOf(request).sub, request.query));
  route(b.bookQuote, async (request, reply) => {
    const result = await bookQuote(app.db, app.events, sessionOf(request).sub, request.body);
    return reply.status(201).send({ success: true as const, ...result });
  });

  // --- public reads -----------------------------------------------------------------------------

  route(c.list, async (request) => listPublicRequests(app.db, request.query, request.session));
  route(c.categories, async () => requestCategories(app.db));
  route(c.statistics, async () => requestStatistics(app.db));

  // --- the caller's lists (before /:id) ----------------------------------------------------------

  route(c.mine, async (request) => listMyRequests(app.db, sessionOf(request), request.query));
  route(c.myQuotes, async (request) => listMyQuotes(app.db, sessionOf(request), request.query), signedIn);
  route(c.get, async (request) => getRequestDetail(app.db, request.params.id, request.session));
  route(
    c.quotesOf,
    async (request) => listRequestQuotes(app.db, request.params.id, sessionOf(request), request.query),
    signedIn,
  );

  // --- customer writes --------------------------------------------------------------------------

  route(c.create, async (request, reply) => {
    const created = await createRequest(app.db, sessionOf(request).sub, request.body);
    return reply
      .status(201)
      .send({ success: true as const, message: M.posted, request: created, data: created });
  });
  route(c.update, async (request) => {
    const updated = await updateRequest(app.db, sessionOf(request).sub, request.params.id, request.body);
    return { success: true as const, message: M.requestUpdated, request: updated, data: updated };
  });
  for (const endpoint of [c.cancel, c.remove]) {
    route(endpoint, async (request) => {
      const cancelled = await cancelRequest(app.db, app.events, sessionOf(request).sub, request.params.id);
      return { success: true as const, message: M.requestCancelled, request: cancelled, data: cancelled };
    });
  }
  route(c.complete, async (request) => {
    const completed = await completeRequest(app.db, sessionOf(request).sub, request.params.id);
    return { success: true as const, message: M.requestCompleted, request: completed, data: completed };
  });
  route(c.acceptQuote, async (request) => {
    const { requestId, offerId } = request.params;
    const offer = await acceptQuote(app.db, app.events, sessionOf(request).sub, requestId, offerId);
    return { success: true as const, message: M.offerAccepted, offer, data: offer };
  });
  route(c.rejectQuote, async (request) => {
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
  });
  route(c.acceptQuoteById, async (request) => {
    const offer = await acceptQuote(app.db, app.events, sessionOf(request).sub, undefined, request.params.id);
    return { success: true as const, message: M.offerAccepted, offer, data: offer };
  });
  route(c.rejectQuoteById, async (request) => {
    const offer = await rejectQuote(
      app.db,
      app.events,
      sessionOf(request).sub,
      undefined,
      request.params.id,
      request.body.reason,
    );
    return { success: true as const, message: M.offerRejected, offer, data: offer };
  });
  route(c.review, async (request, reply) => {
    const review = await reviewProvider(app.db, sessionOf(request).sub, request.params.id, request.body);
    return reply.status(201).send({ success: true as const, message: M.reviewSaved, review });
  });

  // --- merchant writes --------------------------------------------------------------------------

  /** A merchant's quote on a request: both quote routes answer 201 with this body. */
  const submitQuote = async (merchantId: string, requestId: string, body: TCreateQuote) => {
    const offer = await createQuote(app.db, app.events, merchantId, requestId, body);
    return { success: true as const, message: M.offerSubmitted, offer, data: offer };
  };

  route(c.quote, async (request, reply) =>
    reply.status(201).send(await submitQuote(sessionOf(request).sub, request.params.id, request.body)),
  );
  route(c.marketplaceQuote, async (request, reply) => {
    const { requestId, ...body } = request.body;
    return reply.status(201).send(await submitQuote(sessionOf(request).sub, requestId, body));
  });
  route(c.withdrawQuote, async (request) => {
    const offer = await withdrawQuote(app.db, app.events, sessionOf(request).sub, request.params.id);
    return { success: true as const, message: M.offerWithdrawn, offer, data: offer };
  });
}
