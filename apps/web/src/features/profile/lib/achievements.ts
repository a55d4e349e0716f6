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

function achievement(
  id: Achievement['id'],
  title: string,
  description: string,
  current: number,
  target: number,
): Achievement {
  const value = Number.isFinite(current) && current > 0 ? current : 0;
  return {
    id,
    title,
    description,
    current: value,
    target,
    earned: value >= target,
    percent: Math.min(100, Math.round((value / target) * 100)),
  };
}

export function achievementsFor(stats: Partial<TServiceStatistics> | undefined): Achievement[] {
  const t = ACHIEVEMENT_THRESHOLDS;
  return [
    achievement(
      'regular-customer',
      'Regular Customer',
      `Make ${t.bookings}+ bookings`,
      stats?.totalBookings ?? 0,
      t.bookings,
    ),
    achievement(
      'deal-hunter',
      'Deal Hunter',
      `Save ${t.favourites}+ favourite offers`,
      stats?.totalFavorites ?? 0,
      t.favourites,
    ),
    achievement(
      'explorer',
      'Explorer',
      `Follow ${t.followedStores}+ stores`,
      stats?.followedStores ?? 0,
      t.followedStores,
    ),
    achievement(
      'point-collector',
      'Point Collector',
      `Collect ${t.points}+ reward points`,
      stats?.rewardPoints ?? 0,
      t.points,
    ),
  ];
}
