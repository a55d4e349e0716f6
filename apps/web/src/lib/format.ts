/**
 * Formatting at the edge only: money stays a number and times stay ISO strings everywhere else.
 * Relative times ('5m ago') live in @d3/shared/time/relative-time, shared with the merchant site.
 */

/** Dates and times in East Africa Time, alike on both sites (@d3/ui). */
export { formatDate, formatTime } from '@d3/ui';

const kesFormatter = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' });
const kesWholeFormatter = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: 'KES',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `Ksh 1,500.00`; with `whole`, whole shillings (`Ksh 1,500`) as M-Pesa charges them. */
export function formatKes(amount: number, options: { whole?: boolean } = {}): string {
  return (options.whole ? kesWholeFormatter : kesFormatter).format(amount);
}

/** Unread badges: nothing for zero, the number up to 9, then '9+'. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 9 ? '9+' : String(Math.floor(count));
}
