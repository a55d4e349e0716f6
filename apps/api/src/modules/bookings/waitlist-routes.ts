import {
  ZJoinWaitlistRequest,
  ZMerchantWaitlistQuery,
  ZMerchantWaitlistResponse,
  ZWaitIdParams,
  ZWaitlistEntryResponse,
  ZWaitlistResponse,
} from '@d3/shared/bookings/waitlist-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import { joinWaitlist, leaveWaitlist, merchantWaitlist, myWaitlist } from './waitlist.js';

/**
 * The waitlist of a full slot (issue 36): a customer joins, lists and leaves; the merchant sees each
 * upcoming slot's line. Booking an offered place is an ordinary POST /bookings for that slot.
 */
export default async function waitlistRoutes(app: FastifyInstance) {
  const { routes, customerOnly, merchantOnly, subOf } = routeKit(app, 'bookings');

  routes.post(
    '/bookings/waitlist',
    customerOnly({ body: ZJoinWaitlistRequest, response: { 201: ZWaitlistEntryResponse } }),
    async (request, reply) => {
      const entry = await joinWaitlist(app.db, subOf(request), request.body);
      return reply.code(201).send({ success: true as const, entry });
    },
  );

  routes.get(
    '/bookings/waitlist',
    customerOnly({ response: { 200: ZWaitlistResponse } }),
    async (request) => ({ success: true as const, entries: await myWaitlist(app.db, subOf(request)) }),
  );

  routes.delete(
    '/bookings/waitlist/:id',
    customerOnly({ params: ZWaitIdParams, response: { 200: ZWaitlistEntryResponse } }),
    async (request) => ({
      success: true as const,
      entry: await leaveWaitlist(app.db, app.events, subOf(request), request.params.id),
    }),
  );

  routes.get(
    '/bookings/merchant/waitlist',
    merchantOnly({ querystring: ZMerchantWaitlistQuery, response: { 200: ZMerchantWaitlistResponse } }),
    async (request) => ({
      success: true as const,
      slots: await merchantWaitlist(app.db, subOf(request), request.query.storeId),
    }),
  );
}
