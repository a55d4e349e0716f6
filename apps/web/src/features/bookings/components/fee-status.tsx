import { useT } from '@d3/ui';
import { Link } from 'react-router';
import type { TBooking } from '../api/booking-types';
import { accessFeeStatus, type TFeeTone } from '../lib/fee-status';

const TONES: Record<TFeeTone, string> = {
  paid: 'text-emerald-700 dark:text-emerald-400',
  refund: 'text-sky-700 dark:text-sky-300',
  attention: 'text-amber-800 dark:text-amber-300',
  neutral: '',
};

/** The access fee's state on the booking page (issue 34), and the way to a split's live view. */
export function FeeStatus({ booking }: { booking: TBooking }) {
  const t = useT();
  const status = accessFeeStatus(booking);
  return (
    <span className="flex flex-col items-end gap-0.5 text-right">
      <span data-testid="fee-status" className={TONES[status.tone]}>
        {status.text}
      </span>
      {status.detail && <span className="text-xs text-slate-600 dark:text-slate-300">{status.detail}</span>}
      {booking.Split && (
        <Link
          to={`/split-booking/${booking.Split.id}`}
          className="focus-ring rounded text-xs font-semibold text-orange-700 underline dark:text-orange-300"
        >
          {t('fee.splitLink')}
        </Link>
      )}
    </span>
  );
}
