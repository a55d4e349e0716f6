import type { TServiceStatistics } from '@d3/shared/engagement/engagement-schemas';

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

/** Each badge: the statistic it counts, the threshold it needs and how it is described. */
const BADGES: Array<[Achievement['id'], string, TStat, TThreshold, (target: number) => string]> = [
  ['regular-customer', 'Regular Customer', 'totalBookings', 'bookings', (n) => `Make ${n}+ bookings`],
  ['deal-hunter', 'Deal Hunter', 'totalFavorites', 'favourites', (n) => `Save ${n}+ favourite offers`],
  ['explorer', 'Explorer', 'followedStores', 'followedStores', (n) => `Follow ${n}+ stores`],
  ['point-collector', 'Point Collector', 'rewardPoints', 'points', (n) => `Collect ${n}+ reward points`],
];

export function achievementsFor(stats: Partial<TServiceStatistics> | undefined): Achievement[] {
  return BADGES.map(([id, title, stat, threshold, describe]) => {
    const target = ACHIEVEMENT_THRESHOLDS[threshold];
    const raw = stats?.[stat] ?? 0;
    const value = Number.isFinite(raw) && raw > 0 ? raw : 0;
    return {
      id,
      title,
      description: describe(target),
      current: value,
      target,
      earned: value >= target,
      percent: Math.min(100, Math.round((value / target) * 100)),
    };
  });
}
