import type { TServiceStatistics } from '@d3/shared/engagement/engagement-schemas';
import { siteText } from '../../../lib/site-i18n';

/** Seed 000 §9: badges at 10 bookings, 5 favourites, 10 followed stores, 100 points. */
export const ACHIEVEMENT_THRESHOLDS = {
  bookings: 10,
  favourites: 5,
  followedStores: 10,
  points: 100,
} as const;

export interface Achievement {
  id: 'regular-customer' | 'deal-hunter' | 'explorer' | 'point-collector';
  title: string;
  description: string;
  current: number;
  target: number;
  earned: boolean;
  /** 0–100, for the progress bar of a locked badge. */
  percent: number;
}

type TThreshold = keyof typeof ACHIEVEMENT_THRESHOLDS;
type TStat = 'totalBookings' | 'totalFavorites' | 'followedStores' | 'rewardPoints';

/** Each badge: the statistic it counts, the threshold it needs and its words (locales/profile). */
const BADGES: Array<[Achievement['id'], string, TStat, TThreshold]> = [
  ['regular-customer', 'profile.badges.regular', 'totalBookings', 'bookings'],
  ['deal-hunter', 'profile.badges.hunter', 'totalFavorites', 'favourites'],
  ['explorer', 'profile.badges.explorer', 'followedStores', 'followedStores'],
  ['point-collector', 'profile.badges.collector', 'rewardPoints', 'points'],
];

export function achievementsFor(stats: Partial<TServiceStatistics> | undefined): Achievement[] {
  return BADGES.map(([id, words, stat, threshold]) => {
    const target = ACHIEVEMENT_THRESHOLDS[threshold];
    const raw = stats?.[stat] ?? 0;
    const value = Number.isFinite(raw) && raw > 0 ? raw : 0;
    return {
      id,
      title: siteText(words),
      description: siteText(`${words}Text`, { count: target }),
      current: value,
      target,
      earned: value >= target,
      percent: Math.min(100, Math.round((value / target) * 100)),
    };
  });
}
