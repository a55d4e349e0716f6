import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { CalendarDays, Clock, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { EntityImage } from '../../../components/entity-image';
import { useFormats } from '../../../lib/format';
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
  const t = useT();
  const { locale } = useFormats();
  return (
    <aside aria-label={t('summary.label')} className="card self-start overflow-hidden lg:sticky lg:top-24">
      <div className="hidden aspect-[16/9] bg-slate-100 sm:block dark:bg-slate-800">
        <EntityImage src={target.imageUrl} name={target.title} decorative className="size-full" />
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
          {t(target.bookingType === 'offer' ? 'type.offer' : 'type.service')}
        </p>
        <p className="mt-1 font-semibold text-slate-900 dark:text-white">{target.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{target.storeName}</p>
        <ul className="mt-4 space-y-2">
          <SummaryLine icon={<CalendarDays aria-hidden="true" className="size-4" />}>
            {date ? longDayLabel(date, locale) : t('summary.noDate')}
          </SummaryLine>
          <SummaryLine icon={<Clock aria-hidden="true" className="size-4" />}>
            {time ?? t('summary.noTime')}
            {time && target.durationMinutes
              ? ` · ${t('summary.minutes', { minutes: target.durationMinutes })}`
              : ''}
          </SummaryLine>
          <SummaryLine icon={<MapPin aria-hidden="true" className="size-4" />}>
            {branchName ?? t('summary.noLocation')}
          </SummaryLine>
          {branchName && (
            <SummaryLine icon={<UserRound aria-hidden="true" className="size-4" />}>
              {staffName ?? t('wizard.anyStaff')}
            </SummaryLine>
          )}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          {target.bookingType === 'offer' ? (
            <>
              {target.priceAtStore !== null && (
                <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                  <span>{t('summary.payAtStore')}</span>
                  <span className="font-semibold">{formatKesShort(target.priceAtStore)}</span>
                </p>
              )}
              <p className="mt-1 flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>{t('summary.accessFeeMpesa')}</span>
                <span className="font-semibold">{formatAccessFee(accessFee)}</span>
              </p>
            </>
          ) : (
            <>
              <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>{t('wizard.price')}</span>
                <span className="font-semibold">
                  {target.priceAtStore !== null
                    ? formatKesShort(target.priceAtStore)
                    : t('wizard.customQuote')}
                </span>
              </p>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{t('wizard.noAccessFee')}</p>
            </>
          )}
        </div>
      </div>
    </aside>
  );
}
