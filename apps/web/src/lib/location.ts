import { useSyncExternalStore } from 'react';
import { siteText } from './site-i18n';

/**
 * The customer's chosen location (seed 000 §2 "Location dropdown", §4 "Location"): 'All Locations' by
 * default, a saved choice otherwise. Changing it saves (or clears) the preference and broadcasts
 * `locationChanged`, which every location-aware list listens to.
 */

export const LOCATION_CHANGED_EVENT = 'locationChanged';
export const LOCATION_STORAGE_KEYS = {
  selected: 'userSelectedLocation',
  manual: 'locationManuallySelected',
  changedAt: 'lastLocationChangeTime',
} as const;

export const ALL_LOCATIONS_ID = 'all';
export const ALL_LOCATIONS_NAME = 'All Locations';

export interface SelectedLocation {
  id: string;
  name: string;
  area: string;
}

export interface LocationOption extends SelectedLocation {
  offerCount: number;
  storeCount: number;
  /** '{n} offers' ('1 offer'). */
  offers: string;
}

export const ALL_LOCATIONS: SelectedLocation = {
  id: ALL_LOCATIONS_ID,
  name: ALL_LOCATIONS_NAME,
  area: 'Kenya',
};

export function offersText(count: number): string {
  return siteText('location.offers', { count });
}

export function storesText(count: number): string {
  return siteText('location.stores', { count });
}

/** A place's name as shown: 'All Locations' in the page's language, else the place's own name. */
export function placeName(place: Pick<SelectedLocation, 'id' | 'name'>): string {
  return place.id === ALL_LOCATIONS_ID ? siteText('location.all') : place.name;
}

/** The synthetic 'All Locations' entry first (its counts are the sums), then the real places. */
export function withAllLocations<T extends LocationOption>(locations: readonly T[]): LocationOption[] {
  const offerCount = locations.reduce((sum, place) => sum + (place.offerCount || 0), 0);
  const storeCount = locations.reduce((sum, place) => sum + (place.storeCount || 0), 0);
  return [{ ...ALL_LOCATIONS, offerCount, storeCount, offers: offersText(offerCount) }, ...locations];
}

export function isAllLocations(location: Pick<SelectedLocation, 'id'> | null | undefined): boolean {
  return !location || location.id === ALL_LOCATIONS_ID;
}

/** The value for a list's `location` query parameter: undefined for All Locations. */
export function locationQueryValue(location: SelectedLocation): string | undefined {
  return isAllLocations(location) ? undefined : location.id;
}

function readStored(): SelectedLocation {
  try {
    const raw = window.localStorage.getItem(LOCATION_STORAGE_KEYS.selected);
    if (!raw) return ALL_LOCATIONS;
    const parsed = JSON.parse(raw) as Partial<SelectedLocation> | null;
    if (!parsed || typeof parsed.id !== 'string' || typeof parsed.name !== 'string') return ALL_LOCATIONS;
    if (parsed.id === ALL_LOCATIONS_ID) return ALL_LOCATIONS;
    return { id: parsed.id, name: parsed.name, area: typeof parsed.area === 'string' ? parsed.area : '' };
  } catch {
    return ALL_LOCATIONS;
  }
}

let cachedRaw: string | null | undefined;
let cachedLocation: SelectedLocation = ALL_LOCATIONS;

/** The saved choice (stable object identity while the stored value is unchanged). */
export function getSelectedLocation(): SelectedLocation {
  if (typeof window === 'undefined') return ALL_LOCATIONS;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(LOCATION_STORAGE_KEYS.selected);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLocation = readStored();
  }
  return cachedLocation;
}

/**
 * Saves a choice (or clears it for All Locations) and tells the page with a `locationChanged`
 * window event whose detail is the new location.
 */
export function setSelectedLocation(location: SelectedLocation, options: { manual?: boolean } = {}): void {
  const { manual = true } = options;
  try {
    if (isAllLocations(location)) {
      window.localStorage.removeItem(LOCATION_STORAGE_KEYS.selected);
      window.localStorage.removeItem(LOCATION_STORAGE_KEYS.manual);
    } else {
      const saved: SelectedLocation = { id: location.id, name: location.name, area: location.area };
      window.localStorage.setItem(LOCATION_STORAGE_KEYS.selected, JSON.stringify(saved));
      window.localStorage.setItem(LOCATION_STORAGE_KEYS.manual, String(manual));
    }
    window.localStorage.setItem(LOCATION_STORAGE_KEYS.changedAt, String(Date.now()));
  } catch {
    // Private mode without storage: the choice still applies to this page view through the event.
  }
  const next = isAllLocations(location) ? ALL_LOCATIONS : getSelectedLocation();
  window.dispatchEvent(new CustomEvent<SelectedLocation>(LOCATION_CHANGED_EVENT, { detail: next }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(LOCATION_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange); // another tab chose a place
  return () => {
    window.removeEventListener(LOCATION_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The selected location, re-rendered on every `locationChanged`. */
export function useSelectedLocation(): SelectedLocation {
  return useSyncExternalStore(subscribe, getSelectedLocation, () => ALL_LOCATIONS);
}
