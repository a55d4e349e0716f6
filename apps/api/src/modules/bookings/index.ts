import { bookingTypeOf } from '@d3/shared/bookings/booking-policies';
import type { TBookingStatus } from '@d3/shared/bookings/booking-schemas';
import {
  BOOKING_MESSAGES,
  type TBookingType,
  ZBookingIdParams,
  ZBookingMessageResponse,
  ZBookingResponse,
  ZBookingStatusRequest,
  ZBranchesResponse,
  ZCancelBookingRequest,
  ZCheckInByCodeRequest,
  ZCreateBookingRequest,
  ZCreateBookingResponse,
  ZLegacySlotsQuery,
  ZMerchantBookingsQuery,
  ZMerchantBookingsResponse,
  ZOfferIdParams,
  ZOfferSlotsQuery,
  ZRescheduleBookingRequest,
  ZRescheduleOptionsResponse,
  ZServiceBookRequest,
  ZServiceIdParams,
  ZServiceSlotsQuery,
  ZSlotsResponse,
  ZStaffQuery,
  ZStaffResponse,
  ZUnifiedSlotsQuery,
  ZUserBookingsQuery,
  ZUserBookingsResponse,
} from '@d3/shared/bookings/booking-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import { branchesFor, staffFor } from './bookable.js';
import { getBooking, listUserBookings } from './booking-reads.js';
import { slotsFor } from './booking-slots.js';
import { cancelBooking, rescheduleBooking, rescheduleOptions } from './change-booking.js';
import { createBooking } from './create-booking.js';
import { checkInByVoucher, listMerchantBookings, setBookingStatusByMerchant } from './merchant-bookings.js';

/**
 * Bookings (issue 6; docs/bookings-api.md): open slot, branch and staff lookups with the seed's
 * fallback paths, the customer's create/list/get/cancel/reschedule, and the merchant's list and
 * status changes. Capacity is held by the database (API-CONTRACT decision 9).
 */
export default async function bookingsRoutes(app: FastifyInstance) {
  const { routes, open, customerOnly, merchantOnly, subOf } = routeKit(app, 'bookings');

  // --- slots (open) ---------------------------------------------------------------------------

  routes.get(
    '/bookings/offer-slots',
    open({ querystring: ZOfferSlotsQuery, response: { 200: ZSlotsResponse } }),
    async (request) => slotsFor(app.db, { type: 'offer', id: request.query.offerId, ...request.query }),
  );

  routes.get(
    '/bookings/service-slots',
    open({ querystring: ZServiceSlotsQuery, response: { 200: ZSlotsResponse } }),
    async (request) => slotsFor(app.db, { type: 'service', id: request.query.serviceId, ...request.query }),
  );

  routes.get(
    '/bookings/slots/unified',
    open({ querystring: ZUnifiedSlotsQuery, response: { 200: ZSlotsResponse } }),
    async (request) =>
      slotsFor(app.db, {
        type: request.query.entityType,
        id: request.query.entityId,
        ...request.query,
      }),
  );

  routes.get(
    '/bookings/slots',
    open({ querystring: ZLegacySlotsQuery, response: { 200: ZSlotsResponse } }),
    async (request) => {
      const type = bookingTypeOf(request.query);
      const id = type === 'offer' ? request.query.offerId! : request.query.serviceId!;
      return slotsFor(app.db, { ...request.query, type, id });
    },
  );

  // --- branches and staff (open) ----------------------------------------------------------------

  const entityRoutes: Array<{ type: TBookingType; params: typeof ZOfferIdParams; plural: string }> = [
    { type: 'offer', params: ZOfferIdParams, plural: 'offers' },
    { type: 'service', params: ZServiceIdParams, plural: 'services' },
  ];
  for (const { type, params, plural } of entityRoutes) {
    for (const path of [`/bookings/${plural}/:id/branch`, `/bookings/branches/${type}/:id`]) {
      routes.get(path, open({ params, response: { 200: ZBranchesResponse } }), async (request) => ({
        success: true as const,
        ...(await branchesFor(app.db, type, request.params.id)),
      }));
    }
    for (const path of [`/bookings/${plural}/:id/staff`, `/bookings/staff/${type}/:id`]) {
      routes.get(
        path,
        open({ params, querystring: ZStaffQuery, response: { 200: ZStaffResponse } }),
        async (request) => ({
          success: true as const,
          staff: await staffFor(app.db, type, request.params.id, request.query.branchId),
        }),
      );
    }
  }

  // --- create ---------------------------------------------------------------------------------

  const createPaths: Array<{ path: string; type?: TBookingType }> = [
    { path: '/bookings/offers', type: 'offer' },
    { path: '/bookings/service', type: 'service' },
    { path: '/bookings' },
  ];
  for (const { path, type } of createPaths) {
    routes.post(
      path,
      customerOnly({ body: ZCreateBookingRequest, response: { 201: ZCreateBookingResponse } }),
      async (request, reply) => {
        const result = await createBooking(app.db, app.events, subOf(request), request.body, type);
        return reply.status(201).send({ success: true as const, ...result });
      },
    );
  }

  // Seed 001 §7: POST /services/{id}/book books the service like /bookings/service (issue 15).
  routes.post(
    '/services/:id/book',
    customerOnly({
      params: ZServiceIdParams,
      body: ZServiceBookRequest,
      response: { 201: ZCreateBookingResponse },
    }),
    async (request, reply) => {
      const body = { ...request.body, serviceId: request.params.id, bookingType: 'service' as const };
      const result = await createBooking(app.db, app.events, subOf(request), body, 'service');
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  // --- customer reads -------------------------------------------------------------------------

  for (const path of ['/bookings/user', '/users/bookings']) {
    routes.get(
      path,
      customerOnly({ querystring: ZUserBookingsQuery, response: { 200: ZUserBookingsResponse } }),
      async (request) => ({
        success: true as const,
        ...(await listUserBookings(app.db, subOf(request), request.query)),
      }),
    );
  }

  // --- merchant -------------------------------------------------------------------------------

  routes.get(
    '/bookings/merchant',
    merchantOnly({ querystring: ZMerchantBookingsQuery, response: { 200: ZMerchantBookingsResponse } }),
    async (request) => ({
      success: true as const,
      ...(await listMerchantBookings(app.db, subOf(request), request.query)),
    }),
  );

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

  routes.post(
    '/merchant/bookings/check-in-by-code',
    merchantOnly({ body: ZCheckInByCodeRequest, response: { 200: ZBookingMessageResponse } }),
    async (request) => ({
      success: true as const,
      ...(await checkInByVoucher(app.db, app.events, subOf(request), request.body.code)),
    }),
  );

  routes.put(
    '/bookings/:id/confirm',
    merchantOnly({ params: ZBookingIdParams, response: { 200: ZBookingMessageResponse } }),
    merchantChange(() => 'confirmed'),
  );
  routes.put(
    '/bookings/:id/complete',
    merchantOnly({ params: ZBookingIdParams, response: { 200: ZBookingMessageResponse } }),
    merchantChange(() => 'completed'),
  );
  routes.put(
    '/bookings/:id/status',
    merchantOnly({
      params: ZBookingIdParams,
      body: ZBookingStatusRequest,
      response: { 200: ZBookingMessageResponse },
    }),
    merchantChange((body) => (body as { status: TBookingStatus }).status),
  );

  // --- one booking (customer) ---------------------------------------------------------------------

  routes.get(
    '/bookings/:id',
    customerOnly({ params: ZBookingIdParams, response: { 200: ZBookingResponse } }),
    async (request) => ({
      success: true as const,
      booking: await getBooking(app.db, subOf(request), request.params.id),
    }),
  );

  routes.put(
    '/bookings/:id/cancel',
    customerOnly({
      params: ZBookingIdParams,
      body: ZCancelBookingRequest,
      response: { 200: ZBookingMessageResponse },
    }),
    async (request) => ({
      success: true as const,
      message: BOOKING_MESSAGES.cancelled,
      booking: await cancelBooking(app.db, app.events, subOf(request), request.params.id, request.body),
    }),
  );

  routes.get(
    '/bookings/:id/reschedule-options',
    customerOnly({ params: ZBookingIdParams, response: { 200: ZRescheduleOptionsResponse } }),
    async (request) => ({
      success: true as const,
      options: await rescheduleOptions(app.db, subOf(request), request.params.id),
    }),
  );

  routes.put(
    '/bookings/:id/reschedule',
    customerOnly({
      params: ZBookingIdParams,
      body: ZRescheduleBookingRequest,
      response: { 200: ZBookingMessageResponse },
    }),
    async (request) => ({
      success: true as const,
      message: BOOKING_MESSAGES.rescheduled,
      booking: await rescheduleBooking(app.db, app.events, subOf(request), request.params.id, request.body),
    }),
  );
}
