import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { NAIROBI_TIME_ZONE } from './time-zone.js';

/**
 * "How long ago" texts (seed 000 §4 "Relative time", seed 001 §4 "Notifications").
 * Calendar dates and times of day are shown in Nairobi time (UTC+3, no DST) whatever the
 * viewer's or server's own time zone is.
 */

export { NAIROBI_TIME_ZONE };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

export type DateInput = Date | string | number | null | undefined;

function timeOf(value: DateInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return (value instanceof Date ? value : new Date(value)).getTime();
}

/** '12 Nov 2026': the calendar date in Nairobi. */
export function nairobiDate(date: Date | number): string {
  return format(new TZDate(+date, NAIROBI_TIME_ZONE), 'd MMM yyyy');
}

/** '14:05': the 24-hour time of day in Nairobi. */
export function nairobiTimeOfDay(date: Date | number): string {
  return format(new TZDate(+date, NAIROBI_TIME_ZONE), 'HH:mm');
}

/**
 * 'Just now' under a minute (a time slightly in the future, from clock skew, too), then
 * '{n}m ago', '{n}h ago', '{n}d ago' (whole units, rounded down) until 7 days, from exactly
 * 7 days the Nairobi date ('12 Nov 2026'). Missing or unreadable -> 'Unknown time'.
 */
export function relativeTime(date: DateInput, now: Date): string {
  const time = timeOf(date);
  if (Number.isNaN(time)) return 'Unknown time';
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return nairobiDate(time);
}

/**
 * Time beside a conversation in the chat list: 'now' under a minute, 'N min ago' under an
 * hour, the Nairobi time of day ('14:05') under 24 hours, else the Nairobi date.
 * Missing or unreadable -> '' (a conversation without messages shows no time).
 */
export function chatListTime(date: DateInput, now: Date): string {
  const time = timeOf(date);
  if (Number.isNaN(time)) return '';
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE_MS) return 'now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return nairobiTimeOfDay(time);
  return nairobiDate(time);
}
