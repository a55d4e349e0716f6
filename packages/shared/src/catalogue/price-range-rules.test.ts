import { describe, expect, it } from 'vitest';
import { isPriceRange, PRICE_RANGES, priceInRange } from './price-range-rules.js';

describe('price ranges (seed 000 §5)', () => {
  it('are the four the seed names', () => {
    expect(PRICE_RANGES).toEqual(['under-1000', '1000-5000', '5000-10000', 'over-10000']);
    expect(isPriceRange('1000-5000')).toBe(true);
    expect(isPriceRange('cheap')).toBe(false);
  });

  it('priceInRange — a bound belongs to the range above it; no price is in no range', () => {
    expect(priceInRange(999.99, 'under-1000')).toBe(true);
    expect(priceInRange(1000, 'under-1000')).toBe(false);
    expect(priceInRange(1000, '1000-5000')).toBe(true);
    expect(priceInRange(5000, '5000-10000')).toBe(true);
    expect(priceInRange(10_000, 'over-10000')).toBe(true);
    expect(priceInRange(9999, 'over-10000')).toBe(false);
    expect(priceInRange(null, 'under-1000')).toBe(false);
  });
});
