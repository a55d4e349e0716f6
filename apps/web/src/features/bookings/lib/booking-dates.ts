/**
 * Calendar arithmetic for the wizard, in Africa/Nairobi (UTC+3 all year, no daylight saving), on
 * 'YYYY-MM-DD' strings so a browser in another time zone still offers Nairobi's days.
 */
import { WEEKDAYS } from '@d3/shared/bookings/slot-rules';
import type { Locale } from '@d3/shared/i18n/locale';
import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { dateTimeFormat } from '@d3/ui';

const NAIROBI = NAIROBI_TIME_ZONE;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seed 000 §5: quick select offers the working days of the next 30 days, the first 6 of them. */
export const QUICK_SELECT_WINDOW_DAYS = 30;
export const QUICK_SELECT_COUNT = 6;
/** Seed 000 §5: a time that cannot be read falls back to 09:00. */
export const FALLBACK_TIME = '09:00';

const isoDateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: NAIROBI,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Nairobi, 'YYYY-MM-DD'. */
export function nairobiToday(now: Date = new Date()): string {
  return isoDateFormatter.format(now);
}

function parseIsoDate(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) || value.toISOString().slice(0, 10) !== date ? null : value;
}

export function addDays(date: string, days: number): string {
  const value = parseIsoDate(date);
  if (!value) return date;
  return new Date(value.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): (typeof WEEKDAYS)[number] | null {
  const value = parseIsoDate(date);
  return value ? (WEEKDAYS[value.getUTCDay()] ?? null) : null;
}

/** 'Mon', 'monday', 'MONDAY' all name Monday. */
function sameWeekday(a: string, b: string): boolean {
  return a.trim().slice(0, 3).toLowerCase() === b.trim().slice(0, 3).toLowerCase();
}

/** Whether the branch works on that date; an empty list means every day (nothing to go by). */
export function isWorkingDay(date: string, workingDays: readonly string[]): boolean {
  const weekday = weekdayOf(date);
  if (!weekday) return false;
  if (workingDays.length === 0) return true;
  return workingDays.some((day) => sameWeekday(day, weekday));
}

/**
 * The last Nairobi day an offer can be booked on (issue 15): the day of the last instant before
 * its expiry, so an expiry at midnight ends the previous day. null when the expiry cannot be read.
 */
export function lastBookableDate(expiration: string | null | undefined): string | null {
  const at = Date.parse(expiration ?? '');
  return Number.isNaN(at) ? null : nairobiToday(new Date(at - 1));
}

/** The first 6 working days among today and the next 29 days, none after `last` (an offer's expiry). */
export function quickSelectDates(
  today: string,
  workingDays: readonly string[],
  {
    window = QUICK_SELECT_WINDOW_DAYS,
    count = QUICK_SELECT_COUNT,
    last = null,
  }: { window?: number; count?: number; last?: string | null } = {},
): string[] {
  const out: string[] = [];
  for (let offset = 0; offset < window && out.length < count; offset += 1) {
    const date = addDays(today, offset);
    if (last !== null && date > last) break;
    if (isWorkingDay(date, workingDays)) out.push(date);
  }
  return out;
}

/**
 * A slot or booking time as 24-hour 'HH:mm' (seed 000 §5): '14:30' and '9:05' are 24-hour, '2:30 PM' is read
 * with its suffix, anything unreadable becomes 09:00.
 */
export function normalizeTime(raw: string | null | undefined): string {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([AaPp][Mm])?\s*$/.exec(raw ?? '');
  if (!match) return FALLBACK_TIME;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const suffix = match[3]?.toLowerCase();
  if (suffix) {
    if (hours < 1 || hours > 12) return FALLBACK_TIME;
    hours = (hours % 12) + (suffix === 'pm' ? 12 : 0);
  } else if (match[2] === undefined) {
    return FALLBACK_TIME; // a bare number is not a time
  }
  if (hours > 23 || minutes > 59) return FALLBACK_TIME;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const SHORT_DAY: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
};
const LONG_DAY: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

/** 'Mon, 24 Nov' for a 'YYYY-MM-DD' ('Jumatatu, 24 Nov' in Kiswahili). */
export function shortDayLabel(date: string, locale: Locale = 'en'): string {
  const value = parseIsoDate(date);
  return value ? dateTimeFormat(locale, SHORT_DAY).format(value) : date;
}

/** 'Monday, 24 November 2026' for a 'YYYY-MM-DD'. */
export function longDayLabel(date: string, locale: Locale = 'en'): string {
  const value = parseIsoDate(date);
  return value ? dateTimeFormat(locale, LONG_DAY).format(value) : date;
}

/** The ISO local start time the create call sends (seed 001 §3): read by the server as Nairobi time. */
export function localStartTime(date: string, time: string): string {
  return `${date}T${normalizeTime(time)}:00`;
}

/** The short name of weekday `index` (0 Sunday) in `locale`: 'Mon' / 'Jumatatu'. */
function shortWeekday(index: number, locale: Locale): string {
  if (locale === 'en') return (WEEKDAYS[index] ?? '').slice(0, 3);
  // 2024-01-07 was a Sunday.
  return dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(Date.UTC(2024, 0, 7 + index));
}

/** 'Every day' (`everyDay`), or short names in week order from Monday: 'Mon, Tue, Wed'. */
export function workingDaysLabel(
  workingDays: readonly string[],
  locale: Locale = 'en',
  everyDay = 'Every day',
): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const open = order.filter((index) => workingDays.some((day) => sameWeekday(day, WEEKDAYS[index] ?? '')));
  if (open.length === 7) return everyDay;
  return open.map((index) => shortWeekday(index, locale)).join(', ');
}
