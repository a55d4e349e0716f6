import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Award, Compass, Heart, Lock, Star } from 'lucide-react';
import { HeadedSection } from '../../../components/headed-section';
import type { Achievement } from '../lib/achievements';

const ICONS = {
  'regular-customer': Award,
  'deal-hunter': Heart,
  explorer: Compass,
  'point-collector': Star,
} as const;

/** The four badges: earned ones in colour, locked ones muted with their progress. */
export function AchievementsPanel({ achievements }: { achievements: Achievement[] }) {
  const t = useT();
  return (
    <HeadedSection id="achievements-heading" title={t('profile.badges.title')} className="card p-5 sm:p-6">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {achievements.map((item) => {
          const Icon = item.earned ? ICONS[item.id] : Lock;
          return (
            <li
              key={item.id}
              data-testid={`achievement-${item.id}`}
              data-earned={item.earned}
              className={clsx(
                'flex items-start gap-3 rounded-lg border p-3',
                item.earned
                  ? 'border-orange-200 bg-orange-50 dark:border-orange-500/30 dark:bg-orange-500/10'
                  : 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/40',
              )}
            >
              <span
                className={clsx(
                  'grid size-10 shrink-0 place-items-center rounded-full',
                  item.earned
                    ? 'bg-orange-500 text-white'
                    : 'bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  {item.title}
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      item.earned
                        ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
                        : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
                    )}
                  >
                    {t(item.earned ? 'profile.badges.earned' : 'profile.badges.locked')}
                  </span>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{item.description}</p>
                {!item.earned && (
                  <div className="mt-2">
                    <div
                      role="progressbar"
                      aria-label={t('profile.badges.progress', { title: item.title })}
                      aria-valuemin={0}
                      aria-valuemax={item.target}
                      aria-valuenow={item.current}
                      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                    >
                      <div
                        className="h-full rounded-full bg-orange-500"
                        style={{ width: `${item.percent}%` }}
                      />
                    </div>
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      {item.current} / {item.target}
                    </p>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
