/**
 * Formatting at the edge only: money stays a number and times stay ISO strings everywhere else.
 * Relative times ('5m ago') live in @d3/shared/time/relative-time, shared with the merchant site.
 */

export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';

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

/** A calendar date in Nairobi time, e.g. `24 Aug 2025`; '' for an invalid value. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** A 24-hour clock time in Nairobi time, e.g. `14:30`; '' for an invalid value. */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? timeFormatter.format(date) : '';
}

/** Unread badges: nothing for zero, the number up to 9, then '9+'. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 9 ? '9+' : String(Math.floor(count));
}
