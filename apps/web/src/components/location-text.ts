/** Seed 000 §2 "Location dropdown" and §8: the words the customer sees. */
export const LOCATION_TEXT = {
  title: 'Choose Your Location',
  subtitle: 'Find the best deals near you',
  useCurrent: 'Use My Current Location',
  locating: 'Finding your location...',
  loading: 'Loading locations...',
  failed: 'Failed to fetch locations',
  notSupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied',
  unavailable: 'Location information unavailable',
  timedOut: 'Location request timed out',
  unknown: 'Could not determine your location',
} as const;
