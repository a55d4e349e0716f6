import { type DraftCheck, SERVICE_REQUEST_MESSAGES } from '@d3/shared/service-requests/service-request-rules';
import { useI18n, useT, useTimeAgo } from '@d3/ui';

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
    /** When a request was posted, in the page's language: 'Just now', '5m ago', … then the Nairobi date. */
    posted: useTimeAgo(),
  };
}
