import { useT } from '@d3/ui';
import { CalendarCheck, CheckCircle2, Tag } from 'lucide-react';
import { ActionLinks } from '../../../components/icon-link';
import { useDocumentTitle } from '../../../lib/document-title';

export function BookingSuccessPage() {
  const t = useT();
  useDocumentTitle(t('confirm.confirmed'));
  return (
    <div className="content-width grid place-items-center py-14 sm:py-20">
      <div className="card w-full max-w-lg px-6 py-10 text-center sm:px-10">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-9" />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {t('confirm.confirmed')}
        </h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{t('confirm.created')}</p>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('confirm.arriveOffer')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ActionLinks
            actions={[
              { to: '/my-vouchers', icon: CalendarCheck, label: t('confirm.viewBookings') },
              { to: '/offers', icon: Tag, label: t('confirm.moreOffers') },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
