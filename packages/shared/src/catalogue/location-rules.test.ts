import { describe, expect, it } from 'vitest';
import { distanceKm, isInKenyaBox, nearestPlace, reverseGeocode } from './location-rules.js';

const westlands = { id: 'westlands', latitude: -1.2676, longitude: 36.8108 };
const cbd = { id: 'nairobi-cbd', latitude: -1.2864, longitude: 36.8172 };
const mombasa = { id: 'mombasa', latitude: -4.0435, longitude: 39.6682 };
const places = [cbd, westlands, mombasa];

describe('distanceKm', () => {
  it('is 0 for the same point and about 440 km from Nairobi to Mombasa', () => {
    expect(distanceKm(cbd, cbd)).toBe(0);
    expect(distanceKm(cbd, mombasa)).toBeGreaterThan(430);
    expect(distanceKm(cbd, mombasa)).toBeLessThan(450);
  });
});

describe('nearestPlace', () => {
  it('picks Westlands for a point in Westlands, not the CBD 2 km away', () => {
    expect(nearestPlace({ latitude: -1.265, longitude: 36.804 }, places)?.place.id).toBe('westlands');
  });
  it('gives undefined without places', () => {
    expect(nearestPlace(cbd, [])).toBeUndefined();
  });
});

describe('reverseGeocode', () => {
  it('is near a known place within 25 km', () => {
    expect(reverseGeocode({ latitude: -1.265, longitude: 36.804 }, places)).toMatchObject({ kind: 'near' });
  });
  it('falls back to Kenya inside the seed box but far from every place (Lodwar)', () => {
    expect(reverseGeocode({ latitude: 3.1191, longitude: 35.5973 }, places)).toMatchObject({ kind: 'kenya' });
  });
  it('is outside beyond the box (London)', () => {
    expect(reverseGeocode({ latitude: 51.5072, longitude: -0.1276 }, places)).toEqual({ kind: 'outside' });
  });
  it('treats the box edges as inside', () => {
    expect(isInKenyaBox({ latitude: -4.7, longitude: 41.9 })).toBe(true);
    expect(isInKenyaBox({ latitude: 4.61, longitude: 36 })).toBe(false);
  });
});
