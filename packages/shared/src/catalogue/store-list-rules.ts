/**
 * The store lists of seed 000 §9 ("Random stores 21, most-reviewed 8 (4 per category), trending 8")
 * and §5 ("Trending stores: rating ≥3.5 and totalReviews >0"). Pure, so the page and its tests agree.
 */
export const RANDOM_STORES_LIMIT = 21;
export const TRENDING_STORES_LIMIT = 8;
export const MOST_REVIEWED_STORES_LIMIT = 8;
export const MOST_REVIEWED_PER_CATEGORY = 4;
export const TRENDING_MIN_RATING = 3.5;

interface ListedStore {
  id: string;
  category: string;
  rating: number;
  totalReviews: number;
}

/** Trending: rated at least 3.5 from at least one review, best rated first (more reviews break ties), 8. */
export function trendingStores<T extends ListedStore>(stores: readonly T[]): T[] {
  return stores
    .filter((store) => store.rating >= TRENDING_MIN_RATING && store.totalReviews > 0)
    .toSorted((a, b) => b.rating - a.rating || b.totalReviews - a.totalReviews || a.id.localeCompare(b.id))
    .slice(0, TRENDING_STORES_LIMIT);
}

/** Most reviewed: the most reviews first, at most 4 of one category, 8 in all; unreviewed stores never. */
export function mostReviewedStores<T extends ListedStore>(stores: readonly T[]): T[] {
  const perCategory = new Map<string, number>();
  const picked: T[] = [];
  const ordered = stores
    .filter((store) => store.totalReviews > 0)
    .toSorted((a, b) => b.totalReviews - a.totalReviews || b.rating - a.rating || a.id.localeCompare(b.id));
  for (const store of ordered) {
    if (picked.length === MOST_REVIEWED_STORES_LIMIT) break;
    const taken = perCategory.get(store.category) ?? 0;
    if (taken === MOST_REVIEWED_PER_CATEGORY) continue;
    perCategory.set(store.category, taken + 1);
    picked.push(store);
  }
  return picked;
}
