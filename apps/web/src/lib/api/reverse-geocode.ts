import type { TReverseGeocodeResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { apiFetch } from '../api-client';

/** POST /locations/reverse-geocode: the nearest place D3 Deals serves to the browser's position. */
export function reverseGeocode(latitude: number, longitude: number): Promise<TReverseGeocodeResponse> {
  return apiFetch<TReverseGeocodeResponse>('/locations/reverse-geocode', {
    method: 'POST',
    body: { latitude, longitude },
  });
}
