import type { TBranch } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import { Clock, MapPin, Phone } from 'lucide-react';
import { formatHours, formatWorkingDays } from './store-hours';

/** The Outlets tab: every branch with its address, phone, hours and the main-branch badge. */
export function StoreOutlets({ branches }: { branches: readonly TBranch[] }) {
  const t = useT();
  if (branches.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('store.noOutlets')}</p>;
  }
  return (
    <ul aria-label={t('store.outlets')} className="grid gap-4 md:grid-cols-2">
      {branches.map((branch) => (
        <li key={branch.id} className="card p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">{branch.name}</h3>
            {branch.isMainBranch && (
              <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
                {t('store.mainBranch')}
              </span>
            )}
          </div>
          <dl className="mt-3 space-y-2 text-sm text-slate-600 dark:text-slate-300">
            {branch.address && (
              <div className="flex gap-2">
                <dt className="sr-only">{t('store.address')}</dt>
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <dd>{branch.address}</dd>
              </div>
            )}
            {branch.phone && (
              <div className="flex gap-2">
                <dt className="sr-only">{t('store.phone')}</dt>
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <dd>
                  <a
                    href={`tel:${branch.phone.replace(/\s+/g, '')}`}
                    className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400"
                  >
                    {branch.phone}
                  </a>
                </dd>
              </div>
            )}
            {formatHours(branch.openingTime, branch.closingTime) && (
              <div className="flex gap-2">
                <dt className="sr-only">{t('store.hours')}</dt>
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <dd>
                  {formatHours(branch.openingTime, branch.closingTime)}
                  {branch.workingDays.length > 0 && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {formatWorkingDays(branch.workingDays)}
                    </span>
                  )}
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
