import { describe, expect, it } from 'vitest';
import {
  closestWord,
  editDistance,
  nameWordPattern,
  prefixQueryText,
  resultCountLabel,
  resultsFoundText,
  searchWords,
  splitPlaces,
} from './search-rules.js';

const PLACES = [
  { id: 'nairobi-cbd', name: 'Nairobi CBD', area: 'Nairobi' },
  { id: 'westlands', name: 'Westlands', area: 'Nairobi' },
  { id: 'south-b', name: 'South B', area: 'Nairobi' },
  { id: 'mombasa', name: 'Mombasa', area: 'Mombasa' },
  { id: 'thika', name: 'Thika', area: 'Kiambu' },
];

describe('search rules', () => {
  it('takes places out of the words: names, runs of words, areas and typos; other words stay', () => {
    expect(splitPlaces(searchWords('Mombasa'), PLACES)).toEqual({ placeIds: ['mombasa'], rest: [] });
    expect(splitPlaces(searchWords('spa westlnds'), PLACES)).toEqual({
      placeIds: ['westlands'],
      rest: ['spa'],
    });
    expect(splitPlaces(searchWords('pizza South B'), PLACES)).toEqual({
      placeIds: ['south-b'],
      rest: ['pizza'],
    });
    expect(splitPlaces(searchWords('nairobi'), PLACES).placeIds.sort()).toEqual([
      'nairobi-cbd',
      'south-b',
      'westlands',
    ]);
    expect(splitPlaces(searchWords('nairobi cbd'), PLACES).placeIds).toEqual(['nairobi-cbd']);
    expect(splitPlaces(searchWords('kiambu'), PLACES).placeIds).toEqual(['thika']);
    // Short words need the exact name; ordinary words are no place.
    expect(splitPlaces(searchWords('think massage'), PLACES)).toEqual({
      placeIds: [],
      rest: ['think', 'massage'],
    });
  });

  it("'salon' also searches the words the catalogue uses; every word is a prefix", () => {
    expect(prefixQueryText(['salon'])).toMatch(/^\(salon:\* \| hair:\* \| nail:\* \| barber:\*/);
    expect(prefixQueryText(['thai', 'mass'])).toBe('thai:* & mass:*');
    expect(prefixQueryText([])).toBeNull();
    expect(searchWords('  Spa!! & 50% ')).toEqual(['spa', '50']);
  });

  it("a short word the catalogue has is a whole word ('spa', not 'Sparkle'); a short piece starts a word; longer ones anywhere", () => {
    expect(prefixQueryText(['spa', 'mass'], ['spa'])).toBe('spa & mass:*');
    // Only the typed word is whole: its synonyms stay prefixes.
    expect(prefixQueryText(['vet'], ['vet'])).toBe('(vet | veterinari:*)');
    expect(nameWordPattern('spa', ['spa'])).toBe('\\mspa\\M');
    expect(nameWordPattern('mas', [])).toBe('\\mmas');
    expect(nameWordPattern('anna', [])).toBe('anna');
    expect(
      new RegExp(nameWordPattern('spa', ['spa']).replaceAll('\\m', '\\b').replaceAll('\\M', '\\b'), 'i').test(
        'Sparkle Car Wash',
      ),
    ).toBe(false);
  });

  it('corrects a typed word to the closest catalogue word within 1 edit (2 from 9 letters), or to none', () => {
    expect(closestWord('masage', ['massages', 'massage', 'message'])).toBe('massage');
    expect(closestWord('hiarcut', ['haircuts', 'haircut'])).toBe('haircut');
    expect(closestWord('piza', ['pizza', 'plaza'])).toBe('pizza');
    expect(closestWord('kilimanajro', ['kilimanjaro'])).toBe('kilimanjaro');
    expect(closestWord('spa', ['spa', 'sap'])).toBe('spa');
    expect(closestWord('brnch', ['branch', 'brunch'])).toBe('branch');
    expect(closestWord('xylo', ['yoga', 'polo'])).toBeUndefined();
    expect(closestWord('masage', [])).toBeUndefined();
  });

  it('edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('mombsa', 'mombasa')).toBe(1);
    expect(editDistance('mobmasa', 'mombasa')).toBe(1);
    expect(editDistance('westlands', 'westlands')).toBe(0);
  });

  it("says '1 result found' in the singular, '{n} results found' otherwise", () => {
    expect(resultsFoundText(1)).toBe('1 result found');
    expect(resultsFoundText(0)).toBe('0 results found');
    expect(resultsFoundText(12)).toBe('12 results found');
  });

  it("says '1,000+ results found' when the server capped its count, and labels capped tabs the same way", () => {
    expect(resultsFoundText(1000, true)).toBe('1,000+ results found');
    expect(resultCountLabel(1000, true)).toBe('1,000+');
    expect(resultCountLabel(1000)).toBe('1000');
    expect(resultCountLabel(7)).toBe('7');
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, lower case, each word once, at most 8', () => {
    expect(searchWords("Salon salon SALON, spa's 24/7")).toEqual(['salon', 'spa', 's', '24', '7']);
    expect(searchWords('a b c d e f g h i j a b')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(searchWords('%$&!')).toEqual([]);
  });
});
