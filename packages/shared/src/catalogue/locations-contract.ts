import { defineContract } from '../api/contract.js';
import { ZReverseGeocodeRequest } from './catalogue-requests.js';
import {
  ZLocationStatsResponse,
  ZLocationsResponse,
  ZReverseGeocodeResponse,
  ZSearchQuery,
  ZSearchResponse,
} from './catalogue-schemas.js';

/** The location dropdown, "Use My Current Location" and the search box (seed 000 §2, seed 001 §7). */
export const locationsContract = defineContract('locations', {
  available: {
    method: 'GET',
    path: '/locations/available',
    operationId: 'listLocations',
    summary: 'The locations of the location dropdown',
    access: 'open',
    responses: { 200: ZLocationsResponse },
  },
  stats: {
    method: 'GET',
    path: '/locations/stats',
    operationId: 'getLocationStats',
    summary: 'Store and offer counts per location',
    access: 'open',
    responses: { 200: ZLocationStatsResponse },
  },
  reverseGeocode: {
    method: 'POST',
    path: '/locations/reverse-geocode',
    operationId: 'reverseGeocode',
    summary: 'The location nearest a point (404 LOCATION_UNKNOWN outside Kenya)',
    access: 'open',
    body: ZReverseGeocodeRequest,
    responses: { 200: ZReverseGeocodeResponse },
    errors: [404],
  },
});

/** GET /search?query= (or q=): the search box dropdown (limit 5) and the results page (50). */
export const searchContract = defineContract('search', {
  search: {
    method: 'GET',
    path: '/search',
    operationId: 'search',
    summary: 'Offers, stores and services matching a query',
    access: 'open',
    query: ZSearchQuery,
    responses: { 200: ZSearchResponse },
  },
});
