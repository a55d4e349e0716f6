import { siteText } from '../../../lib/site-i18n';

/** Week order (the schemas' WEEK_DAYS, repeated so this page does not load zod). */
const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 'Monday – Friday' for a run of consecutive days, else the days in week order joined by commas. */
export function formatWorkingDays(days: readonly string[]): string {
  const ordered: string[] = WEEK_DAYS.filter((day) =>
    days.some((d) => d.toLowerCase() === day.toLowerCase()),
  );
  if (ordered.length === 0) return '';
  if (ordered.length === 7) return siteText('store.everyDay');
  const indexes = ordered.map((day) => (WEEK_DAYS as readonly string[]).indexOf(day));
  const consecutive = indexes.every((value, i) => i === 0 || value === (indexes[i - 1] ?? -2) + 1);
  if (consecutive && ordered.length > 2) return `${ordered[0]} – ${ordered[ordered.length - 1]}`;
  return ordered.join(', ');
}

/** '08:00 – 19:00'; '' when either end is missing. */
export function formatHours(opening: string | null | undefined, closing: string | null | undefined): string {
  return opening && closing ? `${opening} – ${closing}` : '';
}
