import {
  ZLocationStatsResponse,
  ZLocationsResponse,
  ZReverseGeocodeRequest,
  ZReverseGeocodeResponse,
} from '@d3/shared/catalogue/catalogue-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './locations-service.js';

/** The location dropdown and "Use My Current Location" (seed 000 §2, seed 001 §7 "Locations"). */
export default async function locationsRoutes(app: FastifyInstance) {
  const { routes, open } = routeKit(app, 'locations');

  routes.get('/locations/available', open({ response: { 200: ZLocationsResponse } }), async () => ({
    success: true as const,
    locations: await service.availableLocations(app.db),
    message: 'Locations retrieved successfully',
  }));

  routes.get('/locations/stats', open({ response: { 200: ZLocationStatsResponse } }), async () => ({
    success: true as const,
    stats: await service.locationStats(app.db),
  }));

  routes.post(
    '/locations/reverse-geocode',
    open({ body: ZReverseGeocodeRequest, response: { 200: ZReverseGeocodeResponse } }),
    async (request) => {
      // The schema guarantees both numbers.
      const { latitude, longitude } = request.body as { latitude: number; longitude: number };
      return { success: true as const, ...(await service.reverseGeocode(app.db, latitude, longitude)) };
    },
  );
}
