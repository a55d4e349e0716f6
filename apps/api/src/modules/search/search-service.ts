import type { TSearchQuery, TSearchResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { closestWord, searchWords, splitPlaces } from '@d3/shared/catalogue/search-rules';
import type { Db } from '../../db/client.js';
import { searchOffers } from '../offers/offers-service.js';
import { searchPlaces, searchStores } from '../stores/stores-service.js';
import { similarWords } from './search-repository.js';

type Terms = { text: string; words: string[]; placeIds: string[]; rest: string[] };

/**
 * The words with each non-place word that no catalogue word starts with replaced by the catalogue
 * word it most likely meant ('masage' -> 'massage'): `corrected` is null when nothing changed;
 * `unknown` says some word is neither a catalogue word (or the start of one) nor correctable.
 */
async function correctedTerms(db: Db, terms: Terms): Promise<{ corrected: Terms | null; unknown: boolean }> {
  if (!terms.rest.length) return { corrected: null, unknown: false };
  const candidates = await similarWords(db, terms.rest);
  const fixed = new Map<string, string>();
  let unknown = false;
  for (const word of terms.rest) {
    const list = candidates.get(word) ?? [];
    if (list.some((candidate) => candidate.startsWith(word))) continue;
    const best = closestWord(word, list);
    if (best) fixed.set(word, best);
    else unknown = true;
  }
  if (!fixed.size) return { corrected: null, unknown };
  const fix = (word: string) => fixed.get(word) ?? word;
  return { corrected: { ...terms, words: terms.words.map(fix), rest: terms.rest.map(fix) }, unknown };
}

/**
 * Offers ("discounts") and stores ("shops") matching the words: offer titles, descriptions and
 * categories, store names, and places ('mombasa', 'westlands', 'nairobi'), typos included, the
 * exact name or place first (issue 15).
 *
 * Issue 16, in passes, each only when the one before found neither offers nor stores: the words
 * (GIN indexes); the words corrected against the catalogue's dictionary (a typo costs one small
 * query, then a words search); the trigram search over titles and names, only when a word is
 * unknown to the dictionary or no word is left but places (a known word that finds nothing in a
 * place or a category answers nothing, at once).
 */
export async function search(db: Db, query: TSearchQuery): Promise<Omit<TSearchResponse, 'success'>> {
  const text = (query.query || query.q || '').trim();
  if (!text) return { query: '', discounts: [], shops: [], counts: { discounts: 0, shops: 0, total: 0 } };
  const words = searchWords(text);
  const { placeIds, rest } = splitPlaces(words, await searchPlaces(db));
  const base = {
    text,
    location: query.location,
    category: query.category,
    sortBy: query.sortBy,
    limit: query.limit,
    priceRange: query.priceRange,
  };
  // Sequential: PGlite runs one query at a time anyway, and PostgreSQL gets a short pool hold.
  const pass = async (terms: Terms, fuzzy = false) => {
    const offers = await searchOffers(db, { ...base, terms, fuzzy });
    const stores = await searchStores(db, { ...base, terms, fuzzy });
    return { offers, stores };
  };
  const typed: Terms = { text, words, placeIds, rest };
  let { offers, stores } = await pass(typed);
  if (offers.total === 0 && stores.total === 0) {
    const { corrected, unknown } = await correctedTerms(db, typed);
    if (corrected) ({ offers, stores } = await pass(corrected));
    // Words the catalogue knows that found nothing (here, in this category) stay an empty answer;
    // look-alike titles only help a word nothing in the catalogue resembles.
    if (offers.total === 0 && stores.total === 0 && (unknown || !typed.rest.length)) {
      ({ offers, stores } = await pass(typed, true));
    }
  }
  const { discounts, total: discountTotal, capped } = offers;
  const { shops, total: shopTotal } = stores;
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
