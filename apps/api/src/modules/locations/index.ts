import { locationsContract as c } from '@d3/shared/catalogue/locations-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './locations-service.js';

/** The location dropdown and "Use My Current Location" (seed 000 §2, seed 001 §7 "Locations"). */
export default async function locationsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);

  route(c.available, async () => ({
    success: true as const,
    locations: await service.availableLocations(app.db),
    message: 'Locations retrieved successfully',
  }));
  route(c.stats, async () => ({
    success: true as const,
    stats: await service.locationStats(app.db),
  }));
  route(c.reverseGeocode, async (request) => {
    // The schema guarantees both numbers.
    const { latitude, longitude } = request.body as { latitude: number; longitude: number };
    return { success: true as const, ...(await service.reverseGeocode(app.db, latitude, longitude)) };
  });
}
