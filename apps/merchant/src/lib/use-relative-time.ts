import { INTL_LOCALES } from '@d3/shared/i18n/locale';
import { type DateInput, NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { useLocale, useT } from '@d3/ui';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * `relativeTime` (packages/shared) in the merchant's language (issue 33): 'Just now', '5m ago',
 * '3h ago', '2d ago', else the Nairobi date ('12 Nov 2026' / '12 Nov 2026' in sw-KE's CLDR).
 */
export function useRelativeTime(): (date: DateInput, now: Date) => string {
  const t = useT();
  const locale = useLocale();
  return (date, now) => {
    const time = date instanceof Date ? date.getTime() : date == null ? Number.NaN : new Date(date).getTime();
    if (Number.isNaN(time)) return t('time.unknown');
    const elapsed = now.getTime() - time;
    if (elapsed < MINUTE_MS) return t('time.justNow');
    if (elapsed < HOUR_MS) return t('time.minutesAgo', { count: Math.floor(elapsed / MINUTE_MS) });
    if (elapsed < DAY_MS) return t('time.hoursAgo', { count: Math.floor(elapsed / HOUR_MS) });
    if (elapsed < WEEK_MS) return t('time.daysAgo', { count: Math.floor(elapsed / DAY_MS) });
    return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone: NAIROBI_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(time);
  };
}
