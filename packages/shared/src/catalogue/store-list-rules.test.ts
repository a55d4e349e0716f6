import { describe, expect, it } from 'vitest';
import { mostReviewedStores, trendingStores } from './store-list-rules.js';

const store = (id: string, category: string, rating: number, totalReviews: number) => ({
  id,
  category,
  rating,
  totalReviews,
});

describe('store lists (seed 000 §5, §9)', () => {
  it('trendingStores — rating ≥ 3.5 with reviews, best first, 8 at most', () => {
    const list = [
      store('a', 'Beauty', 3.4, 50),
      store('b', 'Beauty', 4.9, 0),
      store('c', 'Food', 3.5, 1),
      store('d', 'Food', 4.8, 10),
      store('e', 'Food', 4.8, 30),
      ...Array.from({ length: 10 }, (_, i) => store(`z${i}`, 'Health', 4, 2)),
    ];
    const trending = trendingStores(list);
    expect(trending).toHaveLength(8);
    expect(trending.slice(0, 2).map((s) => s.id)).toEqual(['e', 'd']);
    expect(trending.map((s) => s.id)).not.toContain('a');
    expect(trending.map((s) => s.id)).not.toContain('b');
    expect(trendingStores(list.slice(0, 3)).map((s) => s.id)).toEqual(['c']);
  });

  it('mostReviewedStores — most reviews first, at most 4 per category, 8 in all, none unreviewed', () => {
    const list = [
      ...Array.from({ length: 6 }, (_, i) => store(`beauty${i}`, 'Beauty', 4, 100 - i)),
      ...Array.from({ length: 6 }, (_, i) => store(`food${i}`, 'Food', 4, 50 - i)),
      store('new', 'Health', 5, 0),
    ];
    const picked = mostReviewedStores(list);
    expect(picked.map((s) => s.id)).toEqual([
      'beauty0',
      'beauty1',
      'beauty2',
      'beauty3',
      'food0',
      'food1',
      'food2',
      'food3',
    ]);
  });
});
