import { describe, expect, it } from 'vitest';
import {
  compareByFirstNumber,
  dealLabel,
  discountLabel,
  firstNumber,
  heroTimeLeft,
  isExpired,
  isHot,
  isOfferBookable,
  isTrendingStore,
  offerTag,
  type RankedStore,
  storeBadge,
  topStoresOrder,
} from './deal-rules.js';

const now = new Date('2026-11-12T09:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('isExpired', () => {
  it('is expired when the expiry is exactly now', () => {
    expect(isExpired(now, now)).toBe(true);
  });

  it('is not expired one millisecond before the expiry', () => {
    expect(isExpired(at(1), now)).toBe(false);
  });

  it('reads ISO strings', () => {
    expect(isExpired('2026-11-12T08:59:59.000Z', now)).toBe(true);
    expect(isExpired('2026-11-12T12:00:00.000+03:00', now)).toBe(true);
    expect(isExpired('2026-11-12T12:00:01.000+03:00', now)).toBe(false);
  });

  it('treats a missing or unreadable expiry as expired', () => {
    expect(isExpired(null, now)).toBe(true);
    expect(isExpired(undefined, now)).toBe(true);
    expect(isExpired('soon', now)).toBe(true);
  });
});

describe('dealLabel', () => {
  it('says Expired at exactly now and in the past', () => {
    expect(dealLabel(now, now)).toBe('Expired');
    expect(dealLabel(at(-DAY), now)).toBe('Expired');
  });

  it('says Nd left from exactly one day, rounding days down', () => {
    expect(dealLabel(at(DAY), now)).toBe('1d left');
    expect(dealLabel(at(2 * DAY - 1), now)).toBe('1d left');
    expect(dealLabel(at(7 * DAY), now)).toBe('7d left');
    expect(dealLabel(at(90 * DAY), now)).toBe('90d left');
  });

  it('says Nh left from exactly one hour up to just under a day', () => {
    expect(dealLabel(at(HOUR), now)).toBe('1h left');
    expect(dealLabel(at(DAY - 1), now)).toBe('23h left');
  });

  it('says Ending soon under an hour', () => {
    expect(dealLabel(at(HOUR - 1), now)).toBe('Ending soon');
    expect(dealLabel(at(1), now)).toBe('Ending soon');
  });

  it('says Expired for a missing expiry', () => {
    expect(dealLabel(null, now)).toBe('Expired');
  });
});

describe('heroTimeLeft', () => {
  it('says Expired at exactly now', () => {
    expect(heroTimeLeft(now, now)).toBe('Expired');
  });

  it('says 1 day left for anything up to a full day', () => {
    expect(heroTimeLeft(at(MINUTE), now)).toBe('1 day left');
    expect(heroTimeLeft(at(DAY), now)).toBe('1 day left');
  });

  it('counts started days up: one day and one hour -> 2 days left', () => {
    expect(heroTimeLeft(at(DAY + HOUR), now)).toBe('2 days left');
  });

  it('says 7 days left at exactly 7 days', () => {
    expect(heroTimeLeft(at(7 * DAY), now)).toBe('7 days left');
  });

  it('says Limited time beyond 7 days', () => {
    expect(heroTimeLeft(at(7 * DAY + 1), now)).toBe('Limited time');
  });

  it('says Limited time when the expiry is unknown', () => {
    expect(heroTimeLeft(undefined, now)).toBe('Limited time');
  });
});

describe('isHot', () => {
  it('is hot at exactly 50 %', () => {
    expect(isHot(50)).toBe(true);
    expect(isHot('50.00')).toBe(true);
  });

  it('is not hot at 49.99 % or without a discount', () => {
    expect(isHot(49.99)).toBe(false);
    expect(isHot(null)).toBe(false);
  });
});

describe('offerTag', () => {
  it('says Featured first, whatever the discount', () => {
    expect(offerTag({ featured: true, discount: 70 })).toBe('Featured');
  });

  it('says Hot Deal at exactly 50 %', () => {
    expect(offerTag({ featured: false, discount: 50 })).toBe('Hot Deal');
  });

  it('says Bestseller from exactly 30 % to under 50 %', () => {
    expect(offerTag({ featured: false, discount: 30 })).toBe('Bestseller');
    expect(offerTag({ featured: false, discount: '49.50' })).toBe('Bestseller');
  });

  it('says Limited Time under 30 % or without a discount', () => {
    expect(offerTag({ featured: false, discount: 29 })).toBe('Limited Time');
    expect(offerTag({ discount: null })).toBe('Limited Time');
  });
});

describe('isOfferBookable', () => {
  it('is bookable when active and expiring in the future', () => {
    expect(isOfferBookable({ status: 'active', expirationDate: at(HOUR) }, now)).toBe(true);
  });

  it('is not bookable when it expires exactly now', () => {
    expect(isOfferBookable({ status: 'active', expirationDate: now }, now)).toBe(false);
  });

  it('is not bookable when paused, inactive or without status', () => {
    expect(isOfferBookable({ status: 'paused', expirationDate: at(DAY) }, now)).toBe(false);
    expect(isOfferBookable({ status: 'inactive', expirationDate: at(DAY) }, now)).toBe(false);
    expect(isOfferBookable({ expirationDate: at(DAY) }, now)).toBe(false);
  });

  it('is not bookable when the status differs in case ("Active")', () => {
    expect(isOfferBookable({ status: 'Active', expirationDate: at(DAY) }, now)).toBe(false);
  });

  it('is not bookable without an expiry date', () => {
    expect(isOfferBookable({ status: 'active', expirationDate: null }, now)).toBe(false);
  });
});

describe('storeBadge', () => {
  it('says NEW with 0 reviews or none known', () => {
    expect(storeBadge(0)).toBe('NEW');
    expect(storeBadge(null)).toBe('NEW');
  });

  it('says REVIEWED from exactly 1 review', () => {
    expect(storeBadge(1)).toBe('REVIEWED');
    expect(storeBadge(9)).toBe('REVIEWED');
  });

  it('says POPULAR from exactly 10 reviews', () => {
    expect(storeBadge(10)).toBe('POPULAR');
    expect(storeBadge(24)).toBe('POPULAR');
  });

  it('says HIGHLY REVIEWED from exactly 25 reviews', () => {
    expect(storeBadge(25)).toBe('HIGHLY REVIEWED');
    expect(storeBadge(49)).toBe('HIGHLY REVIEWED');
  });

  it('says MOST REVIEWED from exactly 50 reviews', () => {
    expect(storeBadge(50)).toBe('MOST REVIEWED');
    expect(storeBadge('1200')).toBe('MOST REVIEWED');
  });
});

describe('firstNumber', () => {
  it('finds the first number in discount text: "Up to 30% off" -> 30', () => {
    expect(firstNumber('Up to 30% off')).toBe(30);
  });

  it('keeps decimals and ignores later numbers: "12.5% off 2 items" -> 12.5', () => {
    expect(firstNumber('12.5% off 2 items')).toBe(12.5);
  });

  it('passes numbers through', () => {
    expect(firstNumber(25)).toBe(25);
  });

  it('gives 0 without a number, for empty text and when missing', () => {
    expect(firstNumber('Special Offer')).toBe(0);
    expect(firstNumber('')).toBe(0);
    expect(firstNumber(null)).toBe(0);
    expect(firstNumber(undefined)).toBe(0);
    expect(firstNumber(Number.NaN)).toBe(0);
  });
});

describe('compareByFirstNumber', () => {
  it('sorts the highest discount first by default, missing last', () => {
    const texts = ['10% off', undefined, 'Up to 40%', '25'];
    expect([...texts].sort((a, b) => compareByFirstNumber(a, b))).toEqual([
      'Up to 40%',
      '25',
      '10% off',
      undefined,
    ]);
  });

  it('sorts ascending when asked', () => {
    expect(['40%', '5%', '20%'].sort((a, b) => compareByFirstNumber(a, b, 'asc'))).toEqual([
      '5%',
      '20%',
      '40%',
    ]);
  });

  it('keeps equal numbers equal', () => {
    expect(compareByFirstNumber('30% off', 'Up to 30')).toBe(0);
  });
});

describe('isTrendingStore', () => {
  it('is trending at exactly 3.5 with one review', () => {
    expect(isTrendingStore({ rating: 3.5, totalReviews: 1 })).toBe(true);
    expect(isTrendingStore({ rating: '3.50', totalReviews: 1 })).toBe(true);
  });

  it('is not trending below 3.5', () => {
    expect(isTrendingStore({ rating: 3.49, totalReviews: 40 })).toBe(false);
  });

  it('is not trending with 0 reviews, even at 5 stars', () => {
    expect(isTrendingStore({ rating: 5, totalReviews: 0 })).toBe(false);
  });

  it('is not trending when rating or reviews are missing', () => {
    expect(isTrendingStore({ totalReviews: 5 })).toBe(false);
    expect(isTrendingStore({ rating: 4.8 })).toBe(false);
  });
});

describe('topStoresOrder', () => {
  const store = (id: string, name: string, totalReviews: number, rating: number): RankedStore => ({
    id,
    name,
    totalReviews,
    rating,
  });

  it('puts Popular stores (10+ reviews) before the rest', () => {
    const popular = store('b', 'Zuri', 10, 3);
    const notYet = store('a', 'Acacia', 9, 5);
    expect([notYet, popular].sort(topStoresOrder).map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('then orders by review count, most first', () => {
    const sorted = [
      store('a', 'A', 12, 5),
      store('b', 'B', 40, 4),
      store('c', 'C', 3, 5),
      store('d', 'D', 7, 1),
    ].sort(topStoresOrder);
    expect(sorted.map((s) => s.id)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('then by rating, highest first (string ratings from numeric columns too)', () => {
    const sorted = [
      { id: 'a', name: 'A', totalReviews: 0, rating: '0' },
      { id: 'b', name: 'B', totalReviews: 0, rating: '4.20' },
    ].sort(topStoresOrder);
    expect(sorted.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('then by name and id, so ties are stable', () => {
    const sorted = [store('2', 'Baobab', 0, 0), store('9', 'Acacia', 0, 0), store('1', 'Baobab', 0, 0)].sort(
      topStoresOrder,
    );
    expect(sorted.map((s) => s.id)).toEqual(['9', '1', '2']);
  });

  it('treats missing counts and ratings as 0', () => {
    expect(topStoresOrder({ id: 'a', name: 'A' }, store('b', 'A', 0, 0))).toBeLessThan(0);
  });
});

describe('discountLabel', () => {
  it('says "{n}% Off" without trailing zeros', () => {
    expect(discountLabel(30)).toBe('30% Off');
    expect(discountLabel('30.00')).toBe('30% Off');
    expect(discountLabel('12.50')).toBe('12.5% Off');
  });

  it('says Special Offer when the discount is 0, missing or unreadable', () => {
    expect(discountLabel(0)).toBe('Special Offer');
    expect(discountLabel(null)).toBe('Special Offer');
    expect(discountLabel(undefined)).toBe('Special Offer');
    expect(discountLabel('abc')).toBe('Special Offer');
  });
});
