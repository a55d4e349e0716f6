import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_LOCATIONS,
  getSelectedLocation,
  LOCATION_CHANGED_EVENT,
  LOCATION_STORAGE_KEYS,
  locationQueryValue,
  setSelectedLocation,
  withAllLocations,
} from './location';

const westlands = { id: 'westlands', name: 'Westlands', area: 'Nairobi' };

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('location store', () => {
  it('defaults to All Locations, which sends no location filter', () => {
    expect(getSelectedLocation()).toEqual(ALL_LOCATIONS);
    expect(getSelectedLocation().name).toBe('All Locations');
    expect(locationQueryValue(getSelectedLocation())).toBeUndefined();
  });

  it('saves a chosen place under the seed keys and broadcasts locationChanged', () => {
    const listener = vi.fn();
    window.addEventListener(LOCATION_CHANGED_EVENT, listener);
    setSelectedLocation(westlands);
    window.removeEventListener(LOCATION_CHANGED_EVENT, listener);

    expect(JSON.parse(window.localStorage.getItem(LOCATION_STORAGE_KEYS.selected) ?? 'null')).toEqual(
      westlands,
    );
    expect(window.localStorage.getItem(LOCATION_STORAGE_KEYS.manual)).toBe('true');
    expect(Number(window.localStorage.getItem(LOCATION_STORAGE_KEYS.changedAt))).toBeGreaterThan(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual(westlands);
    expect(getSelectedLocation()).toEqual(westlands);
    expect(locationQueryValue(getSelectedLocation())).toBe('westlands');
  });

  it('clears the saved choice when All Locations is chosen, and still broadcasts', () => {
    setSelectedLocation(westlands);
    const listener = vi.fn();
    window.addEventListener(LOCATION_CHANGED_EVENT, listener);
    setSelectedLocation(ALL_LOCATIONS);
    window.removeEventListener(LOCATION_CHANGED_EVENT, listener);

    expect(window.localStorage.getItem(LOCATION_STORAGE_KEYS.selected)).toBeNull();
    expect(window.localStorage.getItem(LOCATION_STORAGE_KEYS.manual)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSelectedLocation()).toEqual(ALL_LOCATIONS);
  });

  it('marks a place found by the browser position as not chosen by hand', () => {
    setSelectedLocation(westlands, { manual: false });
    expect(window.localStorage.getItem(LOCATION_STORAGE_KEYS.manual)).toBe('false');
  });

  it('ignores an unreadable stored value', () => {
    window.localStorage.setItem(LOCATION_STORAGE_KEYS.selected, '{not json');
    expect(getSelectedLocation()).toEqual(ALL_LOCATIONS);
  });

  it("puts 'All Locations' first with the summed offer and store counts", () => {
    const options = withAllLocations([
      { ...westlands, offerCount: 18, storeCount: 5, offers: '18 offers' },
      { id: 'karen', name: 'Karen', area: 'Nairobi', offerCount: 1, storeCount: 1, offers: '1 offer' },
    ]);
    expect(options[0]).toEqual({
      id: 'all',
      name: 'All Locations',
      area: 'Kenya',
      offerCount: 19,
      storeCount: 6,
      offers: '19 offers',
    });
    expect(options.map((option) => option.id)).toEqual(['all', 'westlands', 'karen']);
  });
});
