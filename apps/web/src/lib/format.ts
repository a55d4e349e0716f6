/**
 * Formatting at the edge only: money stays a number and times stay ISO strings everywhere else.
 * Relative times ('5m ago') live in @d3/shared/time/relative-time, shared with the merchant site.
 */

import { formatKesShort, mpesaAmount } from '@d3/shared/catalogue/pricing-rules';

import { formatDate, formatTime, useLocale } from '@d3/ui';

/** Dates and times in East Africa Time, alike on both sites (@d3/ui). */
export { formatDate, formatTime };

/**
 * Shillings through the one formatter (@d3/shared pricing rules): 'KSh 1,500', cents only when
 * there are some; with `whole`, the whole shillings M-Pesa charges.
 */
export function formatKes(amount: number, options: { whole?: boolean } = {}): string {
  return formatKesShort(options.whole ? mpesaAmount(amount) : amount);
}

/** Unread badges: nothing for zero, the number up to 9, then '9+'. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 9 ? '9+' : String(Math.floor(count));
}

/**
 * Dates and times in the reader's language (issue 33): '24 Aug 2025' / '24 Ago 2025', as Intl writes
 * them for en-KE / sw-KE (written by @d3/ui without Intl, decision 0814); re-rendered on a switch.
 */
export function useFormats() {
  const locale = useLocale();
  return {
    locale,
    date: (value: Date | string | number) => formatDate(value, locale),
    time: (value: Date | string | number) => formatTime(value, locale),
  };
}
