/**
 * Labels, badges and orderings for offers and stores (seed 000 §4 "Pricing", §5, §9).
 * Pure functions: `now` is always passed in so the server, both sites and the tests agree.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Discount (percent) from which an offer counts as hot and is tagged 'Hot Deal'. */
export const HOT_DISCOUNT_PERCENT = 50;
/** Discount (percent) from which a non-hot offer is tagged 'Bestseller'. */
export const BESTSELLER_DISCOUNT_PERCENT = 30;
/** Review count from which a store counts as 'Popular' in Top Stores. */
export const POPULAR_REVIEW_COUNT = 10;
/** Trending stores: rating at least this, with at least one review. */
export const TRENDING_MIN_RATING = 3.5;
/** The hero counts days up to this many, then says 'Limited time'. */
export const HERO_MAX_DAYS = 7;

export type DateInput = Date | string | number | null | undefined;
type NumberInput = number | string | null | undefined;

/** Milliseconds since the epoch, or NaN when missing or unreadable. */
function timeOf(value: DateInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return (value instanceof Date ? value : new Date(value)).getTime();
}

function numberOf(value: NumberInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * An offer is expired once its expiry is at or before `now`. A missing or unreadable expiry
 * counts as expired: bad data must never look bookable.
 */
export function isExpired(expiresAt: DateInput, now: Date): boolean {
  const expiry = timeOf(expiresAt);
  return Number.isNaN(expiry) || expiry <= now.getTime();
}

export type DealLabel = 'Expired' | 'Ending soon' | `${number}d left` | `${number}h left`;

/**
 * Short time-left label for deal cards: 'Expired'; '{n}d left' with at least a day left
 * (whole days, rounded down: 47 h -> '1d left'); '{n}h left' with at least an hour left
 * (rounded down); 'Ending soon' under an hour.
 */
export function dealLabel(expiresAt: DateInput, now: Date): DealLabel {
  if (isExpired(expiresAt, now)) return 'Expired';
  const left = timeOf(expiresAt) - now.getTime();
  if (left >= DAY_MS) return `${Math.floor(left / DAY_MS)}d left`;
  if (left >= HOUR_MS) return `${Math.floor(left / HOUR_MS)}h left`;
  return 'Ending soon';
}

export type HeroTimeLeft = 'Expired' | '1 day left' | `${number} days left` | 'Limited time';

/**
 * Time left in the home hero: days are counted up (ceil), so any part of a day is a day:
 * 5 h -> '1 day left', 1 day 1 h -> '2 days left', exactly 7 days -> '7 days left',
 * over 7 days -> 'Limited time'. Unknown expiry -> 'Limited time'; past -> 'Expired'.
 */
export function heroTimeLeft(expiresAt: DateInput, now: Date): HeroTimeLeft {
  const expiry = timeOf(expiresAt);
  if (Number.isNaN(expiry)) return 'Limited time';
  const left = expiry - now.getTime();
  if (left <= 0) return 'Expired';
  const days = Math.ceil(left / DAY_MS);
  if (days === 1) return '1 day left';
  if (days <= HERO_MAX_DAYS) return `${days} days left`;
  return 'Limited time';
}

/** Hot deals start at exactly 50 % off. */
export function isHot(discount: NumberInput): boolean {
  return numberOf(discount) >= HOT_DISCOUNT_PERCENT;
}

export type OfferTag = 'Featured' | 'Hot Deal' | 'Bestseller' | 'Limited Time';

/** Card tag, first match wins: featured, then hot (≥ 50 %), then bestseller (≥ 30 %). */
export function offerTag({
  featured,
  discount,
}: {
  featured?: boolean | null;
  discount?: NumberInput;
}): OfferTag {
  if (featured) return 'Featured';
  if (isHot(discount)) return 'Hot Deal';
  if (numberOf(discount) >= BESTSELLER_DISCOUNT_PERCENT) return 'Bestseller';
  return 'Limited Time';
}

/** Bookable only when the status is exactly 'active' and the expiry is in the future. */
export function isOfferBookable(
  offer: { status?: string | null; expirationDate?: DateInput },
  now: Date,
): boolean {
  return offer.status === 'active' && !isExpired(offer.expirationDate, now);
}

export type StoreBadge = 'MOST REVIEWED' | 'HIGHLY REVIEWED' | 'POPULAR' | 'REVIEWED' | 'NEW';

/** Badge by number of reviews: ≥50, ≥25, ≥10, ≥1, else NEW. */
export function storeBadge(reviewCount: NumberInput): StoreBadge {
  const count = numberOf(reviewCount);
  if (count >= 50) return 'MOST REVIEWED';
  if (count >= 25) return 'HIGHLY REVIEWED';
  if (count >= POPULAR_REVIEW_COUNT) return 'POPULAR';
  if (count >= 1) return 'REVIEWED';
  return 'NEW';
}

/**
 * The first number in a discount or cashback text, for sorting: 'Up to 30% off' -> 30,
 * '12.5% cashback' -> 12.5, 25 -> 25; no number (or missing) -> 0.
 */
export function firstNumber(text: NumberInput): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  if (!text) return 0;
  const match = /\d+(?:\.\d+)?/.exec(text);
  return match ? Number(match[0]) : 0;
}

/** Comparator on the first number of two texts; 'desc' (default) puts the biggest first. */
export function compareByFirstNumber(
  a: NumberInput,
  b: NumberInput,
  direction: 'asc' | 'desc' = 'desc',
): number {
  return direction === 'desc' ? firstNumber(b) - firstNumber(a) : firstNumber(a) - firstNumber(b);
}

/** Trending: rating at least 3.5 with at least one review (a 5.0 from nobody is not a trend). */
export function isTrendingStore(store: { rating?: NumberInput; totalReviews?: NumberInput }): boolean {
  const rating = numberOf(store.rating);
  const reviews = numberOf(store.totalReviews);
  return rating >= TRENDING_MIN_RATING && reviews > 0;
}

export interface RankedStore {
  id: string;
  name: string;
  rating?: NumberInput;
  totalReviews?: NumberInput;
}

function orZero(value: number): number {
  return Number.isNaN(value) ? 0 : value;
}

/**
 * Top Stores order: 'Popular' stores (≥ 10 reviews) first, then more reviews, then higher
 * rating, then name A–Z, then id, so equal stores never swap places between requests.
 */
export function topStoresOrder(a: RankedStore, b: RankedStore): number {
  const reviewsA = orZero(numberOf(a.totalReviews));
  const reviewsB = orZero(numberOf(b.totalReviews));
  const popularA = reviewsA >= POPULAR_REVIEW_COUNT ? 1 : 0;
  const popularB = reviewsB >= POPULAR_REVIEW_COUNT ? 1 : 0;
  if (popularA !== popularB) return popularB - popularA;
  if (reviewsA !== reviewsB) return reviewsB - reviewsA;
  const ratingA = orZero(numberOf(a.rating));
  const ratingB = orZero(numberOf(b.rating));
  if (ratingA !== ratingB) return ratingB - ratingA;
  const byName = a.name.localeCompare(b.name, 'en');
  if (byName !== 0) return byName;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** '{n}% Off' ('30.00' -> '30% Off', 12.5 -> '12.5% Off'), or 'Special Offer' without a discount. */
export function discountLabel(discount: NumberInput): string {
  const value = numberOf(discount);
  if (!(value > 0)) return 'Special Offer';
  return `${Number(value.toFixed(2))}% Off`;
}
