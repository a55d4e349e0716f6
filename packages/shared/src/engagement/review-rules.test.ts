import { describe, expect, it } from 'vitest';
import { averageRating, reviewerName } from './review-rules.js';

describe('reviewerName', () => {
  it('shows the first name and the last initial', () => {
    expect(reviewerName('Amina', 'Njeri')).toBe('Amina N.');
  });
  it('trims and upper-cases the initial', () => {
    expect(reviewerName('  Brian ', ' otieno')).toBe('Brian O.');
  });
  it('shows only the first name when there is no last name', () => {
    expect(reviewerName('Wanjiru', '')).toBe('Wanjiru');
  });
  it('never shows an erased account', () => {
    expect(reviewerName('Deleted', 'Deleted', true)).toBe('Former customer');
  });
});

describe('averageRating', () => {
  it('is 0 without ratings', () => {
    expect(averageRating([])).toBe(0);
  });
  it('rounds to two decimals', () => {
    expect(averageRating([5, 4, 4])).toBe(4.33);
  });
});
