import { bookingTypeOf } from '@d3/shared/bookings/booking-policies';
import type { TBookingStatus } from '@d3/shared/bookings/booking-schemas';
import { BOOKING_MESSAGES, type TBookingType } from '@d3/shared/bookings/booking-schemas';
import { bookingsContract as c } from '@d3/shared/bookings/bookings-contract';
import type { FastifyInstance } from 'fastify';
import { calledPath, contractRoutes } from '../../plugins/contract-route.js';
import { branchesFor, staffFor } from './bookable.js';
import { getBooking, listUserBookings } from './booking-reads.js';
import { slotsFor } from './booking-slots.js';
import { cancelBooking, rescheduleBooking, rescheduleOptions } from './change-booking.js';
import { createBooking } from './create-booking.js';
import { checkInByVoucher, listMerchantBookings, setBookingStatusByMerchant } from './merchant-bookings.js';

/**
 * Bookings (issue 6; docs/bookings-api.md): open slot, branch and staff lookups, the customer's
 * create/list/get/cancel/reschedule, and the merchant's list and status changes, each registered
 * from its entry in `bookingsContract` (the seed's other paths are the entries' aliases). Capacity is
 * held by the database (API-CONTRACT decision 9).
 */
export default async function bookingsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  // --- slots (open) ---------------------------------------------------------------------------

  route(c.offerSlots, async (request) =>
    slotsFor(app.db, { type: 'offer', id: request.query.offerId, ...request.query }),
  );
  route(c.serviceSlots, async (request) =>
    slotsFor(app.db, { type: 'service', id: request.query.serviceId, ...request.query }),
  );
  // A signed-in customer's slot list shows the waitlist place held for them as open (issue 36).
  route(c.slots, async (request) =>
    slotsFor(app.db, {
      type: request.query.entityType,
      id: request.query.entityId,
      ...request.query,
      viewerId: request.session?.role === 'customer' ? request.session.sub : undefined,
    }),
  );
  route(c.legacySlots, async (request) => {
    const type = bookingTypeOf(request.query);
    const id = type === 'offer' ? request.query.offerId! : request.query.serviceId!;
    return slotsFor(app.db, { ...request.query, type, id });
  });

  // --- branches and staff (open) ----------------------------------------------------------------

  for (const [type, branches, staff] of [
    ['offer', c.offerBranches, c.offerStaff],
    ['service', c.serviceBranches, c.serviceStaff],
  ] as const) {
    route(branches, async (request) => ({
      success: true as const,
      ...(await branchesFor(app.db, type, request.params.id)),
    }));
    route(staff, async (request) => ({
      success: true as const,
      staff: await staffFor(app.db, type, request.params.id, request.query.branchId),
    }));
  }

  // --- create ---------------------------------------------------------------------------------

  // The alias paths name the kind; `/bookings` reads it from the body's ids.
  const kindOfPath: Record<string, TBookingType> = {
    '/bookings/offers': 'offer',
    '/bookings/service': 'service',
  };
  route(c.create, async (request, reply) => {
    const type = kindOfPath[calledPath(request)];
    const result = await createBooking(app.db, app.events, subOf(request), request.body, type);
    return reply.status(201).send({ success: true as const, ...result });
  });

  // Seed 001 §7: POST /services/{id}/book books the service like /bookings/service (issue 15).
  route(c.bookService, async (request, reply) => {
    const body = { ...request.body, serviceId: request.params.id, bookingType: 'service' as const };
    const result = await createBooking(app.db, app.events, subOf(request), body, 'service');
    return reply.status(201).send({ success: true as const, ...result });
  });

  // --- customer reads -------------------------------------------------------------------------

  route(c.mine, async (request) => ({
    success: true as const,
    ...(await listUserBookings(app.db, subOf(request), request.query)),
  }));

  // --- merchant -------------------------------------------------------------------------------

  route(c.merchantList, async (request) => ({
    success: true as const,
    ...(await listMerchantBookings(app.db, subOf(request), request.query)),
  }));

  const merchantChange =
    (status: (body: unknown) => TBookingStatus) =>
    async (request: { params: { id: string }; body: unknown; session: { sub: string } | null }) => ({
      success: true as const,
      ...(await setBookingStatusByMerchant(
        app.db,
        app.events,
        subOf(request),
        request.params.id,
        status(request.body),
        new Date(),
        (request.body as { reason?: string } | null)?.reason,
      )),
    });

  route(c.checkInByCode, async (request) => ({
    success: true as const,
    ...(await checkInByVoucher(app.db, app.events, subOf(request), request.body.code)),
  }));
  route(
    c.confirm,
    merchantChange(() => 'confirmed'),
  );
  route(
    c.complete,
    merchantChange(() => 'completed'),
  );
  route(
    c.setStatus,
    merchantChange((body) => (body as { status: TBookingStatus }).status),
  );

  // --- one booking (customer) ---------------------------------------------------------------------

  route(c.get, async (request) => ({
    success: true as const,
    booking: await getBooking(app.db, subOf(request), request.params.id),
  }));
  route(c.cancel, async (request) => ({
    success: true as const,
    message: BOOKING_MESSAGES.cancelled,
    booking: await cancelBooking(app.db, app.events, subOf(request), request.params.id, request.body),
  }));
  route(c.rescheduleOptions, async (request) => ({
    success: true as const,
    options: await rescheduleOptions(app.db, subOf(request), request.params.id),
  }));
  route(c.reschedule, async (request) => ({
    success: true as const,
    message: BOOKING_MESSAGES.rescheduled,
    booking: await rescheduleBooking(app.db, app.events, subOf(request), request.params.id, request.body),
  }));
}
