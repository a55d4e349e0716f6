import type { TSearchQuery, TSearchResponse } from '@d3/shared/catalogue/catalogue-schemas';
import { closestWord, searchWords, shortWords, splitPlaces } from '@d3/shared/catalogue/search-rules';
import type { Db } from '../../db/client.js';
import { searchOffers } from '../offers/offers-service.js';
import { searchPlaces, searchStores } from '../stores/stores-service.js';
import { type DictionaryEntry, lookUpWords } from './search-repository.js';

type Terms = { text: string; words: string[]; placeIds: string[]; rest: string[]; whole: string[] };

/**
 * The words with each non-place word that is not a catalogue word, and that no catalogue word
 * starts with, replaced by the catalogue word it most likely meant ('masage' -> 'massage'):
 * `corrected` is null when nothing changed; `unknown` says some word is neither a catalogue word
 * (or the start of one) nor correctable.
 */
function correctedTerms(
  terms: Terms,
  dictionary: Map<string, DictionaryEntry>,
): { corrected: Terms | null; unknown: boolean } {
  if (!terms.rest.length) return { corrected: null, unknown: false };
  const fixed = new Map<string, string>();
  let unknown = false;
  for (const word of terms.rest) {
    const entry = dictionary.get(word);
    if (!entry || entry.known) continue;
    const list = entry.similar;
    if (list.some((candidate) => candidate.startsWith(word))) continue;
    const best = closestWord(word, list);
    if (best) fixed.set(word, best);
    else unknown = true;
  }
  if (!fixed.size) return { corrected: null, unknown };
  const fix = (word: string) => fixed.get(word) ?? word;
  // A correction is a catalogue word: matched whole when it is short, as a typed one would be.
  const whole = [...terms.whole, ...shortWords([...fixed.values()])];
  return {
    corrected: { ...terms, words: terms.words.map(fix), rest: terms.rest.map(fix), whole },
    unknown,
  };
}

/**
 * Offers ("discounts") and stores ("shops") matching the words: offer titles, descriptions and
 * categories, store names, and places ('mombasa', 'westlands', 'nairobi'), typos included, the
 * exact name or place first (issue 15).
 *
 * The words are looked up in the catalogue's dictionary first, in one statement (issue 38): a
 * short word the catalogue has is matched as a whole word ('spa' finds spas, not 'Sparkle' or
 * 'Spay', issue 36), and a word that is neither a catalogue word nor the start of one is
 * corrected to the one it most likely meant before searching, so a typo costs what its correction
 * costs. Then, each only when the one before found neither offers nor stores: the words (search
 * index); the words as typed when a correction found nothing (a word only in descriptions); the
 * trigram search over titles and names, only when a word is unknown to the dictionary or no word
 * is left but places (a known word that finds nothing in a place or a category answers nothing).
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
  const dictionary = await lookUpWords(db, rest);
  const whole = shortWords(rest).filter((word) => dictionary.get(word)?.known);
  const typed: Terms = { text, words, placeIds, rest, whole };
  const { corrected, unknown } = correctedTerms(typed, dictionary);
  let { offers, stores } = await pass(corrected ?? typed);
  const none = () => offers.total === 0 && stores.total === 0;
  if (none() && corrected) ({ offers, stores } = await pass(typed));
  // Words the catalogue knows that found nothing (here, in this category) stay an empty answer;
  // look-alike titles only help a word nothing in the catalogue resembles.
  if (none() && (unknown || !typed.rest.length)) ({ offers, stores } = await pass(typed, true));
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
