import { describe, expect, it } from 'vitest';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { daysFromNow } from '../../test/factories.js';
import { expectProblem } from '../../test/problems.js';

const ctx = useApiTestApp();

describe('GET /locations/available and /locations/stats', () => {
  it('counts stores and only active, unexpired offers per location', async () => {
    const store = await ctx.createStore({ locationId: 'kilimani' });
    await ctx.createOffer({ storeId: store.id });
    await ctx.createOffer({ storeId: store.id, expirationDate: daysFromNow(-1) });
    await ctx.createOffer({ storeId: store.id, status: 'draft' });
    const response = await call(ctx.app, 'GET', `${API}/locations/available`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.locations.find((location: { id: string }) => location.id === 'kilimani')).toEqual({
      id: 'kilimani',
      name: 'Kilimani',
      area: 'Nairobi',
      latitude: -1.2921,
      longitude: 36.7844,
      storeCount: 1,
      offerCount: 1,
      offers: '1 offer',
    });
    expect(body.locations.find((location: { id: string }) => location.id === 'mombasa').offers).toBe(
      '0 offers',
    );

    const stats = (await call(ctx.app, 'GET', `${API}/locations/stats`)).json().stats;
    expect(stats).toMatchObject({ totalLocations: 4, totalStores: 1, totalOffers: 1 });
  });
});

describe('POST /locations/reverse-geocode', () => {
  const geocode = (body: unknown) => call(ctx.app, 'POST', `${API}/locations/reverse-geocode`, { body });

  it('finds Westlands for a point in Westlands', async () => {
    const response = await geocode({ latitude: -1.265, longitude: 36.804 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      location: { name: 'Westlands', displayName: 'Westlands, Nairobi', approximate: false },
      nearestAvailableLocation: { id: 'westlands', name: 'Westlands' },
      coordinates: { latitude: -1.265, longitude: 36.804 },
    });
  });

  it('accepts numbers sent as strings', async () => {
    const response = await geocode({ latitude: '-4.05', longitude: '39.67' });
    expect(response.json().nearestAvailableLocation.id).toBe('mombasa');
  });

  it('falls back to Nairobi, Kenya inside the Kenya box far from every place', async () => {
    const body = (await geocode({ latitude: 3.1191, longitude: 35.5973 })).json();
    expect(body.location).toEqual({
      name: 'Nairobi',
      area: 'Kenya',
      displayName: 'Nairobi, Kenya',
      approximate: true,
    });
    expect(body.nearestAvailableLocation.id).toBeTruthy();
  });

  it('answers 404 outside Kenya so the site falls back to All Locations', async () => {
    const response = await geocode({ latitude: 51.5072, longitude: -0.1276 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      message: 'Could not determine your location',
      code: 'LOCATION_UNKNOWN',
    });
  });

  it('answers 400 Latitude and longitude are required', async () => {
    for (const body of [{}, { latitude: -1.2 }, { longitude: 36.8 }]) {
      const response = await geocode(body);
      expectProblem(response, 400, 'Latitude and longitude are required');
    }
    const outOfRange = await geocode({ latitude: 123, longitude: 36.8 });
    expect(outOfRange.json().message).toBe('Latitude must be between -90 and 90');
  });
});
