import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';

/**
 * Formatting at the edge, alike on both sites. Prices: the one formatter of packages/shared,
 * 'KSh 1,200' for whole shillings and 'KSh 1,200.50' otherwise.
 */
export { formatKesShort as formatPrice } from '@d3/shared/catalogue/pricing-rules';

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormatter = new Intl.DateTimeFormat('en-KE', {
  timeZone: NAIROBI_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormatter = new Intl.DateTimeFormat('en-KE', {
  timeZone: NAIROBI_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A calendar date in East Africa Time whatever the browser's zone, e.g. `24 Aug 2025`; '' for an invalid value. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** A 24-hour clock time in East Africa Time, e.g. `14:30`; '' for an invalid value. */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? timeFormatter.format(date) : '';
}
