import type { FastifyInstance } from 'fastify';

/** Payments routes (issue 6); filled in by the payments module. */
export default async function paymentsRoutes(_app: FastifyInstance) {}
