import { prefixQueryText } from '@d3/shared/catalogue/search-rules';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { categories, locations } from './schema/locations.js';
import { stores } from './schema/stores.js';

// The SQL pieces the catalogue's queries (offers, services, stores) and search share: ILIKE patterns
// that match only themselves, the location and category filters, the words as a full-text query, and
// the stores whose name holds the words. They sit below the modules (like prepared.ts), not in the
// search module: search calls offers and stores, so offers and stores importing search would be a
// cycle (decision 0401).

/** The text as an ILIKE pattern that matches only itself (any case): % and _ taken literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%text%` for ILIKE with the caller's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** A location filter value matches a location's id, its name or its area ('Nairobi'), any case. */
export function locationMatches(column: SQL | AnyColumn, location: string | Placeholder): SQL {
  return sql`${column} in (select l.id from ${locations} l where l.id = ${location} or lower(l.name) = lower(${location}) or lower(l.area) = lower(${location}))`;
}

/** A category filter value is a category id or name (any case); stored values are names. */
export function categoryMatches(column: SQL | AnyColumn, category: string | Placeholder): SQL {
  return sql`${column} = coalesce((select c.name from ${categories} c where c.id = ${category} or lower(c.name) = lower(${category}) limit 1), ${category})`;
}

/** What the customer typed, split by the search rules (issue 15; shared `search-rules`). */
export interface SearchTerms {
  text: string;
  words: string[];
  /** Locations the place words name ('mombasa', 'westlands', 'nairobi' for its area). */
  placeIds: string[];
  /** The words left once the place words are taken out. */
  rest: string[];
  /** Short words the catalogue has as words: matched as whole words only (issue 36, SHORT_WORD_MAX). */
  whole?: string[] | undefined;
}

/** The words as a prefix full-text query with their synonyms (`whole`: as whole words); null when none. */
export function wordsTsQuery(words: readonly string[], whole: readonly string[] = []): SQL | null {
  const text = prefixQueryText(words, whole);
  return text ? sql`to_tsquery('english', ${text})` : null;
}

/** Every word is in the store's name (trigram GIN on stores.name). */
function nameHasWords(column: SQL | AnyColumn, words: readonly string[]): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`${column} ilike ${containsPattern(word)}`),
    sql` and `,
  )})`;
}

/** Ids of stores whose name holds every word, as an array (an InitPlan: `= any(...)` bitmap-ORs). */
export function storeIdsNamed(words: readonly string[]): SQL {
  return sql`array(select s.id from ${stores} s where ${nameHasWords(sql`s.name`, words)})`;
}

/** Ids of stores whose name is like the typed text (trigram word similarity, typos). */
export function storeIdsNamedLike(text: string): SQL {
  return sql`array(select s.id from ${stores} s where ${text} <% s.name)`;
}
