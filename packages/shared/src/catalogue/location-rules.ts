/**
 * Where a customer is, from browser coordinates (seed 000 §9 "fallback geocode", seed 001 §7
 * "reverse-geocode"). Pure: the API passes the known locations in.
 */

const EARTH_RADIUS_KM = 6371.0088;
/** A point this close to a known location is "in" it. */
export const NEAR_LOCATION_KM = 25;
/** The seed's box that counts as "approximately Nairobi, Kenya". */
export const KENYA_BOX = {
  minLatitude: -4.7,
  maxLatitude: 4.6,
  minLongitude: 33.9,
  maxLongitude: 41.9,
} as const;

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isInKenyaBox({ latitude, longitude }: Point): boolean {
  return (
    latitude >= KENYA_BOX.minLatitude &&
    latitude <= KENYA_BOX.maxLatitude &&
    longitude >= KENYA_BOX.minLongitude &&
    longitude <= KENYA_BOX.maxLongitude
  );
}

/** The nearest of `places` (ties: the first), with its distance; undefined for an empty list. */
export function nearestPlace<T extends Point>(
  point: Point,
  places: readonly T[],
): { place: T; km: number } | undefined {
  let best: { place: T; km: number } | undefined;
  for (const place of places) {
    const km = distanceKm(point, place);
    if (!best || km < best.km) best = { place, km };
  }
  return best;
}

export type GeocodeVerdict<T> =
  | { kind: 'near'; place: T; km: number }
  | { kind: 'kenya'; place: T; km: number }
  | { kind: 'outside' };

/**
 * 'near': within NEAR_LOCATION_KM of a known place; 'kenya': farther, but inside the seed's
 * Kenya box (shown as 'Nairobi, Kenya', the nearest place still offered); 'outside': neither.
 */
export function reverseGeocode<T extends Point>(point: Point, places: readonly T[]): GeocodeVerdict<T> {
  const nearest = nearestPlace(point, places);
  if (nearest && nearest.km <= NEAR_LOCATION_KM) return { kind: 'near', ...nearest };
  if (nearest && isInKenyaBox(point)) return { kind: 'kenya', ...nearest };
  return { kind: 'outside' };
}
