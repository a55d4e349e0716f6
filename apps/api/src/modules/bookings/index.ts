import type { FastifyInstance } from 'fastify';

/** Bookings routes (issue 6); filled in by the bookings module. */
export default async function bookingsRoutes(_app: FastifyInstance) {}
