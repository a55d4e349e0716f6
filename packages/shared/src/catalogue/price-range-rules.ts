/**
 * The price ranges of the search results' filters (seed 000 §5 "Search": under-1000, 1000-5000,
 * 5000-10000, over-10000 KSh). An offer's price is what the customer pays for it: the original
 * price less the discount. A range holds its lower bound and not its upper one, so a price of
 * exactly KSh 1,000 is in "1,000 – 5,000" only; an offer without a price is in no range.
 */
export const PRICE_RANGES = ['under-1000', '1000-5000', '5000-10000', 'over-10000'] as const;
export type TPriceRange = (typeof PRICE_RANGES)[number];

/** Lower bound (inclusive) and upper bound (exclusive) in shillings; null is open. */
export const PRICE_RANGE_BOUNDS: Readonly<Record<TPriceRange, { min: number | null; max: number | null }>> = {
  'under-1000': { min: null, max: 1000 },
  '1000-5000': { min: 1000, max: 5000 },
  '5000-10000': { min: 5000, max: 10_000 },
  'over-10000': { min: 10_000, max: null },
};

export const PRICE_RANGE_LABELS: Readonly<Record<TPriceRange, string>> = {
  'under-1000': 'Under KSh 1,000',
  '1000-5000': 'KSh 1,000 – 5,000',
  '5000-10000': 'KSh 5,000 – 10,000',
  'over-10000': 'Over KSh 10,000',
};

export function isPriceRange(value: unknown): value is TPriceRange {
  return typeof value === 'string' && (PRICE_RANGES as readonly string[]).includes(value);
}

/** Whether a price (shillings) lies in the range. */
export function priceInRange(price: number | null, range: TPriceRange): boolean {
  if (price === null) return false;
  const { min, max } = PRICE_RANGE_BOUNDS[range];
  return (min === null || price >= min) && (max === null || price < max);
}
