import type { TSearchQuery, TSearchResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { searchWords, splitPlaces } from '@d3/shared/catalogue/search-rules';
import type { Db } from '../../db/client.js';
import { searchOffers } from '../offers/offers-service.js';
import { searchPlaces, searchStores } from '../stores/stores-service.js';

/**
 * Offers ("discounts") and stores ("shops") matching the words: offer titles, descriptions and
 * categories, store names, and places ('mombasa', 'westlands', 'nairobi'), typos included, the
 * exact name or place first (issue 15).
 */
export async function search(db: Db, query: TSearchQuery): Promise<Omit<TSearchResponse, 'success'>> {
  const text = (query.query || query.q || '').trim();
  if (!text) return { query: '', discounts: [], shops: [], counts: { discounts: 0, shops: 0, total: 0 } };
  const words = searchWords(text);
  const { placeIds, rest } = splitPlaces(words, await searchPlaces(db));
  const options = {
    text,
    terms: { text, words, placeIds, rest },
    location: query.location,
    category: query.category,
    sortBy: query.sortBy,
    limit: query.limit,
  };
  // Sequential: PGlite runs one query at a time anyway, and PostgreSQL gets a short pool hold.
  const { discounts, total: discountTotal, capped } = await searchOffers(db, options);
  const { shops, total: shopTotal } = await searchStores(db, options);
  return {
    query: text,
    discounts,
    shops,
    counts: {
      discounts: discountTotal,
      shops: shopTotal,
      total: discountTotal + shopTotal,
      ...(capped ? { capped: true } : {}),
    },
  };
}
