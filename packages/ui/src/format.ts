import { INTL_LOCALES, type Locale } from '@d3/shared/i18n/locale';

/**
 * Formatting at the edge, alike on both sites. Prices: the one formatter of packages/shared,
 * 'KSh 1,200' for whole shillings and 'KSh 1,200.50' otherwise.
 */
export { formatKesShort as formatPrice } from '@d3/shared/catalogue/pricing-rules';

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per language and options (issue 33: 'en-KE' / 'sw-KE'), made once. */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Month names as CLDR writes them for 'en-KE' and 'sw-KE' (`month: 'short'`). Dates and times are
 * written here, not by Intl: a page's first Intl formatter costs a phone 40-200 ms to make (decision
 * 0814; prices went the same way in 0813), and the server and the browser then write alike.
 */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};

/** East Africa Time (NAIROBI_TIME_ZONE) is UTC+3 all year: Kenya keeps no summer time. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The value's wall clock in Nairobi, read with the getUTC… methods; null for an invalid value. */
function nairobiClock(value: Date | string | number): Date | null {
  const date = toDate(value);
  return date ? new Date(date.getTime() + EAT_OFFSET_MS) : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar date in East Africa Time whatever the browser's zone, e.g. `24 Aug 2025` (`24 Ago 2025`
 * in Kiswahili); '' for an invalid value.
 */
export function formatDate(value: Date | string | number, locale: Locale = 'en'): string {
  const clock = nairobiClock(value);
  if (!clock) return '';
  const months = MONTHS[locale] ?? MONTHS.en;
  return `${clock.getUTCDate()} ${months[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
}

/** A 24-hour clock time in East Africa Time, e.g. `14:30` (alike in both languages); '' for an invalid value. */
export function formatTime(value: Date | string | number, _locale: Locale = 'en'): string {
  const clock = nairobiClock(value);
  return clock ? `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}` : '';
}

const ENGLISH_WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'long' };

/**
 * A weekday the API names in English ('Monday', as stores' working days are kept) in the reader's
 * language ('Jumatatu'), through Intl; a word that is no weekday is given back as it is.
 */
export function weekdayName(day: string, locale: Locale = 'en'): string {
  const index = ENGLISH_WEEKDAYS.indexOf(day.trim().toLowerCase());
  // 4 January 2026 was a Sunday.
  return index < 0 ? day : dateTimeFormat(locale, WEEKDAY).format(new Date(Date.UTC(2026, 0, 4 + index)));
}

/** Working days as the API lists them, in the reader's language: 'Jumatatu, Jumanne'. */
export function weekdayList(days: readonly string[], locale: Locale = 'en'): string {
  return days.map((day) => weekdayName(day, locale)).join(', ');
}
