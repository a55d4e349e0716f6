import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { achievementsFor } from '../lib/achievements';
import { AchievementsPanel } from './achievements-panel';

afterEach(cleanup);

describe('AchievementsPanel', () => {
  it('shows earned badges as Earned and locked ones with their progress', () => {
    render(
      <AchievementsPanel
        achievements={achievementsFor({
          totalBookings: 10,
          totalFavorites: 2,
          followedStores: 0,
          rewardPoints: 150,
        })}
      />,
    );
    const regular = screen.getByTestId('achievement-regular-customer');
    expect(within(regular).getByText('Regular Customer')).toBeTruthy();
    expect(within(regular).getByText('Earned')).toBeTruthy();
    expect(within(regular).queryByRole('progressbar')).toBeNull();

    const hunter = screen.getByTestId('achievement-deal-hunter');
    expect(within(hunter).getByText('Locked')).toBeTruthy();
    expect(within(hunter).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(within(hunter).getByText('2 / 5')).toBeTruthy();

    expect(screen.getByTestId('achievement-explorer').getAttribute('data-earned')).toBe('false');
    expect(screen.getByTestId('achievement-point-collector').getAttribute('data-earned')).toBe('true');
  });
});
