import { locationsRoutes } from '@d3/shared/api/routes';
import { call } from '../api-client';

/** POST /locations/reverse-geocode: the nearest place D3 Deals serves to the browser's position. */
export function reverseGeocode(latitude: number, longitude: number) {
  return call(locationsRoutes.reverseGeocode, { body: { latitude, longitude } });
}
