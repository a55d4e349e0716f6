import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

afterEach(cleanup);

/** The width of the row's amber share (its one child). */
function filledWidth(container: HTMLElement): string | undefined {
  const share = container.querySelector('.star-row')?.firstElementChild;
  return share instanceof HTMLElement ? share.style.width : undefined;
}

describe('RatingStars', () => {
  it('draws five stars as one row filled to the rating’s share (two elements, not thirty), with the rating in words', () => {
    const { container } = render(<RatingStars rating={4.4} reviewCount={28} />);
    const row = container.querySelector('.star-row');
    expect(row?.getAttribute('aria-hidden')).toBe('true');
    expect(row?.className).toContain('h-3.5');
    expect(row?.children).toHaveLength(1);
    expect(filledWidth(container)).toBe('88%');
    expect(container.querySelectorAll('svg')).toHaveLength(0);
    expect(screen.getByText('4.4')).toBeTruthy();
    expect(screen.getByText(', rated 4.4 out of 5')).toBeTruthy();
  });

  it('clamps the share to 0–100 % and shows NEW instead of stars without reviews', () => {
    const { container, rerender } = render(<RatingStars rating={7} reviewCount={3} size="md" />);
    expect(container.querySelector('.star-row')?.className).toContain('h-4');
    expect(filledWidth(container)).toBe('100%');
    rerender(<RatingStars rating={0} reviewCount={0} />);
    expect(container.querySelector('.star-row')).toBeNull();
    expect(screen.getByText('NEW')).toBeTruthy();
  });
});
