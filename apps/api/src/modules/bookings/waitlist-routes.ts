import { waitlistContract as c } from '@d3/shared/bookings/waitlist-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import { joinWaitlist, leaveWaitlist, merchantWaitlist, myWaitlist } from './waitlist.js';

/**
 * The waitlist of a full slot (issue 36), registered from `waitlistContract`: a customer joins,
 * lists and leaves; the merchant sees each upcoming slot's line. Booking an offered place is an
 * ordinary POST /bookings for that slot.
 */
export default async function waitlistRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.join, async (request, reply) => {
    const entry = await joinWaitlist(app.db, subOf(request), request.body);
    return reply.status(201).send({ success: true as const, entry });
  });
  route(c.mine, async (request) => ({
    success: true as const,
    entries: await myWaitlist(app.db, subOf(request)),
  }));
  route(c.leave, async (request) => ({
    success: true as const,
    entry: await leaveWaitlist(app.db, app.events, subOf(request), request.params.id),
  }));
  route(c.merchant, async (request) => ({
    success: true as const,
    slots: await merchantWaitlist(app.db, subOf(request), request.query.storeId),
  }));
}
