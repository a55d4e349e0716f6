import type { TLocationOption, TReverseGeocodeResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { reverseGeocode as classify } from '@d3/shared/catalogue/location-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { locationsWithCounts } from '../stores/stores-service.js';

function offersText(count: number): string {
  return `${count} ${count === 1 ? 'offer' : 'offers'}`;
}

/** Every location with its store and active-offer counts (one query). */
export async function availableLocations(db: Db): Promise<TLocationOption[]> {
  const rows = await locationsWithCounts(db);
  return rows.map((row) => ({ ...row, offers: offersText(row.offerCount) }));
}

export async function locationStats(db: Db) {
  const locations = await availableLocations(db);
  return {
    totalLocations: locations.length,
    totalStores: locations.reduce((sum, location) => sum + location.storeCount, 0),
    totalOffers: locations.reduce((sum, location) => sum + location.offerCount, 0),
    locations,
  };
}

/** Great-circle nearest known location; the seed's Kenya box gives 'Nairobi, Kenya'; else 404. */
export async function reverseGeocode(
  db: Db,
  latitude: number,
  longitude: number,
): Promise<Omit<TReverseGeocodeResponse, 'success'>> {
  const locations = await availableLocations(db);
  const verdict = classify({ latitude, longitude }, locations);
  if (verdict.kind === 'outside') throw new AppError('LOCATION_UNKNOWN');
  const { place, km } = verdict;
  const location =
    verdict.kind === 'near'
      ? {
          name: place.name,
          area: place.area,
          displayName: `${place.name}, ${place.area}`,
          approximate: false,
        }
      : { name: 'Nairobi', area: 'Kenya', displayName: 'Nairobi, Kenya', approximate: true };
  return {
    location,
    nearestAvailableLocation: { ...place, distanceKm: Math.round(km * 10) / 10 },
    coordinates: { latitude, longitude },
  };
}
