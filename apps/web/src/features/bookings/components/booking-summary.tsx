import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { CalendarDays, Clock, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { EntityImage } from '../../../components/entity-image';
import type { TBookingTarget } from '../api/get-booking-target';
import { longDayLabel } from '../lib/booking-dates';

function SummaryLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** The wizard's side card: what is booked, the choices so far and what is paid where. */
export function BookingSummary({
  target,
  date,
  time,
  branchName,
  staffName,
  accessFee,
}: {
  target: TBookingTarget;
  date: string;
  time: string | null;
  branchName: string | null;
  staffName: string | null;
  accessFee: number;
}) {
  return (
    <aside aria-label="Booking summary" className="card self-start overflow-hidden lg:sticky lg:top-24">
      <div className="hidden aspect-[16/9] bg-slate-100 sm:block dark:bg-slate-800">
        <EntityImage src={target.imageUrl} name={target.title} decorative className="size-full" />
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
          {target.bookingType === 'offer' ? 'Offer' : 'Service'}
        </p>
        <p className="mt-1 font-semibold text-slate-900 dark:text-white">{target.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{target.storeName}</p>
        <ul className="mt-4 space-y-2">
          <SummaryLine icon={<CalendarDays aria-hidden="true" className="size-4" />}>
            {date ? longDayLabel(date) : 'No date chosen yet'}
          </SummaryLine>
          <SummaryLine icon={<Clock aria-hidden="true" className="size-4" />}>
            {time ?? 'No time chosen yet'}
            {time && target.durationMinutes ? ` · ${target.durationMinutes} min` : ''}
          </SummaryLine>
          <SummaryLine icon={<MapPin aria-hidden="true" className="size-4" />}>
            {branchName ?? 'No location chosen yet'}
          </SummaryLine>
          {branchName && (
            <SummaryLine icon={<UserRound aria-hidden="true" className="size-4" />}>
              {staffName ?? 'Any available staff'}
            </SummaryLine>
          )}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          {target.bookingType === 'offer' ? (
            <>
              {target.priceAtStore !== null && (
                <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                  <span>Pay at the store</span>
                  <span className="font-semibold">{formatKesShort(target.priceAtStore)}</span>
                </p>
              )}
              <p className="mt-1 flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>Access fee (M-Pesa)</span>
                <span className="font-semibold">{formatAccessFee(accessFee)}</span>
              </p>
            </>
          ) : (
            <>
              <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>Price</span>
                <span className="font-semibold">
                  {target.priceAtStore !== null ? formatKesShort(target.priceAtStore) : 'Custom quote'}
                </span>
              </p>
              <p className="mt-1 text-slate-600 dark:text-slate-300">No access fee</p>
            </>
          )}
        </div>
      </div>
    </aside>
  );
}
