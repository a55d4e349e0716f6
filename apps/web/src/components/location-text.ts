import { siteText } from '../lib/site-i18n';

/** Seed 000 §2 "Location dropdown" and §8: the words the customer sees. */
const ids = {
  title: 'location.title',
  subtitle: 'location.subtitle',
  useCurrent: 'location.useCurrent',
  locating: 'location.locating',
  loading: 'location.loading',
  failed: 'location.failed',
  notSupported: 'location.notSupported',
  denied: 'location.denied',
  unavailable: 'location.unavailable',
  timedOut: 'location.timedOut',
  unknown: 'location.unknown',
} as const;

/** Each read in the page's language (issue 33: the shell catalogue). */
export const LOCATION_TEXT = Object.defineProperties(
  {} as Record<keyof typeof ids, string>,
  Object.fromEntries(
    Object.entries(ids).map(([key, id]) => [key, { get: () => siteText(id), enumerable: true }]),
  ),
);
