import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_THRESHOLDS, achievementsFor } from './achievements';

const earned = (stats: Parameters<typeof achievementsFor>[0]) =>
  Object.fromEntries(achievementsFor(stats).map((item) => [item.title, item.earned]));

describe('achievementsFor', () => {
  it('uses the seed thresholds: 10 bookings, 5 favourites, 10 followed stores, 100 points', () => {
    expect(ACHIEVEMENT_THRESHOLDS).toEqual({ bookings: 10, favourites: 5, followedStores: 10, points: 100 });
  });

  it.each([
    [
      'locks every badge one short of its threshold',
      { totalBookings: 9, totalFavorites: 4, followedStores: 9, rewardPoints: 99.5 },
      false,
    ],
    [
      'earns every badge exactly at its threshold',
      { totalBookings: 10, totalFavorites: 5, followedStores: 10, rewardPoints: 100 },
      true,
    ],
  ] as const)('%s', (_name, stats, isEarned) => {
    expect(earned(stats)).toEqual({
      'Regular Customer': isEarned,
      'Deal Hunter': isEarned,
      Explorer: isEarned,
      'Point Collector': isEarned,
    });
  });

  it('reports progress for locked badges, capped at 100%, and treats missing numbers as zero', () => {
    const [bookings, favourites, explorer, points] = achievementsFor({
      totalBookings: 3,
      totalFavorites: 12,
    });
    expect(bookings).toMatchObject({ current: 3, target: 10, percent: 30, earned: false });
    expect(favourites).toMatchObject({ current: 12, percent: 100, earned: true });
    expect(explorer).toMatchObject({ current: 0, percent: 0, earned: false });
    expect(points).toMatchObject({ current: 0, earned: false });
  });
});
