import { groupThousands } from './pricing-rules.js';

/**
 * Search rules (issue 15): how the words a customer types become a search. Pure, so the API and
 * its tests share them.
 *
 * - Words are letters and digits, lower case, each once, at most 8.
 * - A word or run of words that names a place ('mombasa', 'westlands', 'south b', 'nairobi' for
 *   the area), typos included ('westland', 'mombsa'), is a place: the results are what is there.
 * - A few words Kenyans use for a kind of shop that the catalogue words differently ('salon' for
 *   hair and nail places) search for those words too.
 */

export const MAX_SEARCH_WORDS = 8;

export function searchWords(text: string): string[] {
  // Each word once: 'salon salon …' asks for the same offers as 'salon', for a fraction of the work.
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Everyday words for a kind of shop or service -> the words the catalogue uses (prefixes, English
 * stems). Sheng and Kiswahili words people here type for common services (issue 36) are here too:
 * 'kinyozi' (barber), 'msusi' (hairdresser, braider), 'fundi' (a repairer: plumber, electrician,
 * mechanic), 'gari' (car), 'chakula' (food), 'nyama choma'.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  salon: ['hair', 'nail', 'barber', 'braid', 'manicur', 'pedicur', 'lash', 'brow'],
  salons: ['hair', 'nail', 'barber', 'braid', 'manicur', 'pedicur', 'lash', 'brow'],
  barbershop: ['barber'],
  kinyozi: ['barber', 'haircut', 'shave', 'fade'],
  vinyozi: ['barber', 'haircut', 'shave', 'fade'],
  msusi: ['braid', 'hair', 'loc', 'weav', 'cornrow'],
  fundi: ['repair', 'plumb', 'electric', 'mechan', 'fix', 'instal'],
  mafundi: ['repair', 'plumb', 'electric', 'mechan', 'fix', 'instal'],
  plumber: ['plumb'],
  vet: ['veterinari'],
  vets: ['vet', 'veterinari'],
  mechanic: ['mechan', 'auto', 'motor', 'engin'],
  gari: ['car', 'vehicl', 'auto', 'motor'],
  magari: ['car', 'vehicl', 'auto', 'motor'],
  chakula: ['food', 'meal', 'dine', 'lunch', 'dinner', 'restaur'],
  mpishi: ['chef', 'cook', 'cater'],
  daktari: ['doctor', 'clinic', 'medic', 'health', 'dental', 'vet'],
  mnyama: ['pet', 'vet', 'dog', 'cat'],
  picha: ['photo', 'portrait', 'shoot'],
  harusi: ['wed', 'bridal'],
  gym: ['fit', 'gym', 'workout'],
  restaurant: ['dine', 'dinner', 'lunch', 'food', 'restaur', 'grill'],
  hotel: ['hotel', 'stay', 'lodg', 'resort'],
  carwash: ['car', 'wash'],
  nyama: ['nyama', 'choma', 'grill'],
};

/**
 * Words this short are matched as whole words when the catalogue has the word (issue 36: 'spa' found
 * 'Sparkle' car washes and 'Spay & Neuter'); a short word the catalogue does not have is the start
 * of a word ('mas' -> massage), never a piece inside one.
 */
export const SHORT_WORD_MAX = 3;

/** Words short enough that the catalogue's dictionary decides how they match (SHORT_WORD_MAX). */
export function shortWords(words: readonly string[]): string[] {
  return words.filter((word) => [...word].length <= SHORT_WORD_MAX);
}

/** The tsquery alternatives of one word: itself as a prefix, and its synonyms. */
export function wordAlternatives(word: string): string[] {
  return [word, ...(SEARCH_SYNONYMS[word] ?? [])];
}

/**
 * A `to_tsquery` text: every word must match, each as a prefix or one of its synonyms
 * ('salon spa' -> '(salon:* | hair:* | ...) & spa:*'); a word in `whole` matches only as a whole
 * word ('spa', not 'sparkle'). Null when no word is left.
 */
export function prefixQueryText(words: readonly string[], whole: readonly string[] = []): string | null {
  if (!words.length) return null;
  return words
    .map((word) => {
      const alternatives = wordAlternatives(word).map((alternative, i) =>
        i === 0 && whole.includes(word) ? alternative : `${alternative}:*`,
      );
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * How a store's name must hold a word, as a PostgreSQL regular expression (`~*`, beside the ILIKE
 * that finds the candidates through the trigram index): a whole word ('spa', not 'Sparkle'); a
 * short word the catalogue lacks, at a word's start ('mas' in 'Massage', not in 'Christmas'); a
 * longer word anywhere ('anna' in 'Savannah').
 */
export function nameWordPattern(word: string, whole: readonly string[]): string {
  const escaped = word.replace(/[\\^$.|?*+()[\]{}]/g, (character) => `\\${character}`);
  if (whole.includes(word)) return `\\m${escaped}\\M`;
  return [...word].length <= SHORT_WORD_MAX ? `\\m${escaped}` : escaped;
}

export interface SearchPlace {
  id: string;
  name: string;
  area: string;
}

/** Edits allowed between a typed word and a place name: none below 5 letters, then 1, 2 from 9. */
function allowedEdits(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}

/** Optimal string alignment distance (a swap of two neighbours is one edit), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

function placeMatches(typed: string, name: string): boolean {
  const target = searchWords(name).join(' ');
  if (!target) return false;
  if (typed === target) return true;
  return editDistance(typed, target) <= allowedEdits(target.length);
}

/**
 * The catalogue word a typed word most likely meant (issue 16): the first candidate (the server
 * lists them most similar first) within the edits allowed for the word's length — 1 up to 8
 * letters, 2 from 9 — or undefined. Only asked for when the words found nothing.
 */
export function closestWord(typed: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.max(1, allowedEdits(typed.length));
  let best: { word: string; edits: number } | undefined;
  for (const word of candidates) {
    if (word === typed) return word;
    const edits = editDistance(typed, word, allowed);
    if (edits <= allowed && (!best || edits < best.edits)) best = { word, edits };
  }
  return best?.word;
}

export interface PlaceSplit {
  /** Location ids the place words name (a name, or every location of a named area). */
  placeIds: string[];
  /** The words left once the place words are taken out. */
  rest: string[];
}

/**
 * Takes the words that name places out of the query: the longest run of words first ('south b',
 * 'nairobi cbd', 'upper hill'), a location's name or its area ('Nairobi', 'Kiambu').
 */
export function splitPlaces(words: readonly string[], places: readonly SearchPlace[]): PlaceSplit {
  const placeIds = new Set<string>();
  const rest: string[] = [];
  let index = 0;
  while (index < words.length) {
    let taken = 0;
    for (let size = Math.min(3, words.length - index); size >= 1 && !taken; size -= 1) {
      const typed = words.slice(index, index + size).join(' ');
      const byName = places.filter((place) => placeMatches(typed, place.name));
      const byArea = byName.length ? [] : places.filter((place) => placeMatches(typed, place.area));
      if (byName.length || byArea.length) {
        for (const place of byName) placeIds.add(place.id);
        for (const place of byArea) placeIds.add(place.id);
        taken = size;
      }
    }
    if (taken) {
      index += taken;
    } else {
      rest.push(words[index]!);
      index += 1;
    }
  }
  return { placeIds: [...placeIds], rest };
}

/**
 * A result count as shown: the number, or '1,000+' when the server stopped counting at its cap
 * (`counts.capped`, issue 16: search counts at most 1,000 offers).
 */
export function resultCountLabel(count: number, capped = false): string {
  return capped ? `${groupThousands(count)}+` : String(count);
}

/** The count line of the results page: '1 result found', '{n} results found' (seed 000 §9), '1,000+ results found' when capped. */
export function resultsFoundText(count: number, capped = false): string {
  return `${resultCountLabel(count, capped)} ${count === 1 && !capped ? 'result' : 'results'} found`;
}
