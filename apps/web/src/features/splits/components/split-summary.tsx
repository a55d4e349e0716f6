import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import type { TSplitView } from '@d3/shared/payments/split-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { CheckCircle2, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconHeading } from '../../../components/icon-heading';
import { useFormats } from '../../../lib/format';
import { SPLIT_TEXT, shareOwner, shareStatusText, splitHeadline } from '../lib/split-labels';

/**
 * A split as both of its pages show it (issue 34): the booking, where the split stands, and each
 * share with who holds it and whether it is paid — read again every few seconds while it can change.
 * `mine` marks the visitor's own share; `action` renders beside a share (the organiser's "send again").
 */
export function SplitSummary({
  split,
  mine,
  action,
}: {
  split: TSplitView;
  mine?: number | null;
  action?: (share: TSplitView['shares'][number]) => ReactNode;
}) {
  const t = useT();
  const formats = useFormats();
  const headline = splitHeadline(split);
  return (
    <>
      <section className="card p-4 sm:p-5" aria-labelledby="split-booking">
        <h2 id="split-booking" className="text-base font-semibold text-slate-900 dark:text-white">
          {split.booking.offerTitle ?? t('splits.yourBooking')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{split.booking.storeName}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
          {t('splits.when', {
            date: formats.date(split.booking.startTime),
            time: formats.time(split.booking.startTime),
            count: split.partySize,
          })}
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          {t('splits.fee', {
            total: formatKesShort(split.totalAmount),
            paid: formatKesShort(split.paidAmount),
          })}
        </p>
      </section>

      <section
        className={clsx(
          'card mt-4 p-4 sm:p-5',
          split.status === 'paid' && 'border-emerald-300 dark:border-emerald-500/40',
        )}
        aria-live="polite"
        aria-labelledby="split-state"
      >
        <h2
          id="split-state"
          className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white"
        >
          {split.status === 'paid' ? (
            <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <Clock aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />
          )}
          {headline.title}
        </h2>
        {headline.text && <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{headline.text}</p>}
        {split.status === 'open' && split.holdExpiresAt && (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            {SPLIT_TEXT.heldUntil(formats.time(split.holdExpiresAt))}
          </p>
        )}
        {split.booking.voucherCode && (
          <p className="mt-3 text-sm text-slate-800 dark:text-slate-100">
            {SPLIT_TEXT.voucher}:{' '}
            <span data-testid="split-voucher" className="font-mono text-base font-bold">
              {split.booking.voucherCode}
            </span>
          </p>
        )}
      </section>

      <section className="card mt-4 p-4 sm:p-5" aria-labelledby="split-shares">
        <IconHeading id="split-shares" icon={Users}>
          {t('splits.whoPaid')}
        </IconHeading>
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {split.shares.map((share) => (
            <li
              key={share.position}
              data-testid={`share-${share.position}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
            >
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900 dark:text-white">
                  {shareOwner(share)}
                  {mine === share.position ? ` · ${SPLIT_TEXT.yourShare}` : ''}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {share.phoneNumber ?? t('splits.noNumber')} · {formatKesShort(share.amount)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <span
                  className={clsx(
                    'text-sm font-semibold',
                    share.status === 'paid' || share.status === 'refunded'
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : share.status === 'refund_pending'
                        ? 'text-sky-700 dark:text-sky-300'
                        : 'text-slate-700 dark:text-slate-200',
                  )}
                >
                  {shareStatusText(share)}
                </span>
                {action?.(share)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
