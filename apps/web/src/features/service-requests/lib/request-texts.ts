import { INTL_LOCALES } from '@d3/shared/i18n/locale';
import { type DraftCheck, SERVICE_REQUEST_MESSAGES } from '@d3/shared/service-requests/service-request-rules';
import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { useI18n, useLocale, useT } from '@d3/ui';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** Which message of the shared table a text is (the form's own checks), to say it in the page's language. */
const MESSAGE_ID = new Map<string, string>(
  Object.entries(SERVICE_REQUEST_MESSAGES).map(([key, english]) => [english, `requests.msg.${key}`]),
);

/**
 * The service-request pages' words made from values (issue 33): a timeline, a status, a budget
 * range, a requirement, a priority, the form's error lines and when a request was posted, each in
 * the page's language ('requests' catalogue; English: the seed's words, as in @d3/shared's tables).
 */
export function useRequestTexts() {
  const t = useT();
  const i18n = useI18n();
  const intl = INTL_LOCALES[useLocale()];
  const known = (id: string, fallback: string) => (i18n.messages[id] === undefined ? fallback : t(id));
  return {
    t,
    timeline: (value: string) => known(`requests.timeline.${value}`, value),
    /** A request's status; an unknown one reads as pending (the seed's rule). */
    status: (value: string) => known(`requests.status.${value}`, t('requests.status.pending')),
    /** A quote's status; an unknown one reads as pending. */
    quoteStatus: (value: string) => known(`requests.quote.${value}`, t('requests.quote.pending')),
    budget: (range: string) => known(`requests.budget.${range}`, range),
    requirement: (value: string) => known(`requests.requirement.${value}`, value),
    priority: (value: string) => known(`requests.priority.${value}`, value),
    /** The lines under 'Please fix the following errors:' for the form's own check. */
    draftErrors: (check: DraftCheck): string[] => {
      const lines: string[] = [];
      if (check.missing.length)
        lines.push(
          t('requests.msg.missingFields', {
            fields: check.missing.map((field) => t(`requests.fieldName.${field}`)).join(', '),
          }),
        );
      for (const message of Object.values(check.errors))
        if (message) lines.push(known(MESSAGE_ID.get(message) ?? '', message));
      return lines;
    },
    /** `relativeTime` (@d3/shared) in the page's language: 'Just now', '5m ago', … then the Nairobi date. */
    posted: (date: string | null | undefined, now = new Date()): string => {
      const time = date ? new Date(date).getTime() : Number.NaN;
      if (Number.isNaN(time)) return t('requests.time.unknown');
      const elapsed = now.getTime() - time;
      if (elapsed < MINUTE_MS) return t('requests.time.justNow');
      if (elapsed < HOUR_MS) return t('requests.time.minutesAgo', { count: Math.floor(elapsed / MINUTE_MS) });
      if (elapsed < DAY_MS) return t('requests.time.hoursAgo', { count: Math.floor(elapsed / HOUR_MS) });
      if (elapsed < WEEK_MS) return t('requests.time.daysAgo', { count: Math.floor(elapsed / DAY_MS) });
      return new Intl.DateTimeFormat(intl, {
        timeZone: NAIROBI_TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(time);
    },
  };
}
