import type { TPriceRange } from '@d3/shared/catalogue/price-range-rules';
import { nameWordPattern, prefixQueryText } from '@d3/shared/catalogue/search-rules';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { locations } from '../../db/schema/locations.js';
import { stores } from '../../db/schema/stores.js';
import { priceRangeParams, storeHasOfferInPriceRange } from '../../db/search-price-sql.js';
import { categoryMatches, containsPattern, locationMatches, type SearchTerms } from '../../db/search-sql.js';
import { storeColumns } from './stores-repository.js';

/** The stores half of the search (seed 000 §9): full-text and name-prefix matches, one prepared statement per shape. */

/** The stored full-text document (GIN-indexed; schema/stores.ts). */
const storeSearchDocument = stores.searchVector;

export interface StoreSearch {
  text: string;
  terms: SearchTerms;
  location?: string | undefined;
  category?: string | undefined;
  sortBy: 'relevance' | 'rating' | 'discount' | 'newest';
  limit: number;
  /** The trigram pass (typos) instead of the words pass. */
  fuzzy?: boolean | undefined;
  /** Only stores listing an offer whose price after discount is in this range (seed 000 §5). */
  priceRange?: TPriceRange | undefined;
}

/**
 * The words a store's name must contain (ILIKE '%word%', through the name's trigram index): all of
 * them when each has 3 letters or more, else none — a shorter piece ('a', 'sp') matches half the
 * names and no trigram index serves it (8 one-letter words cost 29 ms at 2,000 stores); the words
 * still find names through the stored vector, as word prefixes.
 */
function namedBy(words: readonly string[]): readonly string[] {
  return words.every((word) => word.length >= 3) ? words : [];
}

/** What decides a store search's statement text; the words, places and filters are parameters. */
interface StoreSearchShape {
  /** Words (all, and those left beside a place) as full-text prefixes, and how many a name must contain. */
  words: boolean;
  named: number;
  rest: boolean;
  restNamed: number;
  place: boolean;
  located: boolean;
  category: boolean;
  sortBy: StoreSearch['sortBy'];
  fuzzy: boolean;
  price: boolean;
}

/**
 * Every word is in the name: one ILIKE per word (trigram GIN on stores.name), each a placeholder,
 * and the way the word must stand there (nameWordPattern: whole, at a word's start, or anywhere).
 */
function nameHasPlaceholders(prefix: string, count: number): SQL {
  return sql`(${sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`(${stores.name} ilike ${sql.placeholder(`${prefix}${i}`)} and ${stores.name} ~* ${sql.placeholder(`${prefix}Re${i}`)})`,
    ),
    sql` and `,
  )})`;
}

function prepareStoreSearch(db: Db, shape: StoreSearchShape, name: string) {
  const filters: SQL[] = [];
  if (shape.located) filters.push(locationMatches(stores.locationId, sql.placeholder('location')));
  if (shape.category) filters.push(categoryMatches(stores.category, sql.placeholder('category')));
  if (shape.price) filters.push(storeHasOfferInPriceRange(sql`${stores.id}`));
  const all = shape.words ? sql`to_tsquery('english', ${sql.placeholder('allQuery')})` : null;
  const restQuery = shape.rest ? sql`to_tsquery('english', ${sql.placeholder('restQuery')})` : null;
  const textArms = (query: SQL | null, prefix: string, count: number): SQL[] => [
    ...(query ? [sql`${storeSearchDocument} @@ ${query}`] : []),
    ...(count ? [nameHasPlaceholders(prefix, count)] : []),
  ];
  const inPlace = shape.place
    ? sql`${stores.locationId} = any(${sql.placeholder('placeIds')}::text[])`
    : null;
  const arms = textArms(all, 'word', shape.named);
  if (inPlace)
    arms.push(
      shape.rest ? sql`(${inPlace} and ${or(...textArms(restQuery, 'rest', shape.restNamed))})` : inPlace,
    );
  const text = sql`${sql.placeholder('text')}::text`;
  const pattern = sql.placeholder('pattern');
  let relevance = sql`(${all ? sql`ts_rank(${storeSearchDocument}, ${all}) * 2` : sql`0`}
    + ${restQuery && inPlace ? sql`ts_rank(${storeSearchDocument}, ${restQuery}) * 2` : sql`0`}
    + case when lower(${stores.name}) = lower(${text}) then 4 when ${stores.name} ilike ${pattern} then 1 else 0 end
    + ${inPlace ? sql`case when ${inPlace} then 3 else 0 end` : sql`0`})`;
  if (shape.fuzzy) {
    arms.push(sql`${text} <% ${stores.name}`, sql`${stores.name} ilike ${pattern}`);
    if (inPlace && shape.rest)
      arms.push(sql`(${inPlace} and ${sql.placeholder('restText')}::text <% ${stores.name})`);
    relevance = sql`(${relevance} + word_similarity(${text}, ${stores.name}))`;
  }
  // Two steps: the matches are ranked and counted on their ids alone, and only the page's stores
  // are read whole. 'mani' names 1,002 of 20,000 stores ('Kilimani'): carrying each whole row
  // through the count and the sort cost 17 ms of PostgreSQL, the ids alone 9.6 ms.
  const order = sql.join([...storeSearchOrder(shape.sortBy, relevance), asc(stores.id)], sql`, `);
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: sql<string>`${stores.id}`.as('ranked_id'),
        total: sql<number>`count(*) over ()`.mapWith(Number).as('ranked_total'),
        position: sql<number>`row_number() over (order by ${order})`.as('ranked_position'),
      })
      .from(stores)
      .where(and(or(...arms), ...filters))
      // By the window's own numbers: the order written twice is planned as two (two sorts, every
      // match ranked twice).
      .orderBy(sql`ranked_position`)
      .limit(sql.placeholder('limit')),
  );
  return db
    .with(ranked)
    .select({ ...storeColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(stores, eq(stores.id, ranked.id))
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .orderBy(ranked.position)
    .prepare(name);
}

/**
 * Words first: every word (or its synonym) as a prefix in the stored vector (name, description,
 * category) or in the name; a place the words name gives the stores there (with the other words
 * matching). The fuzzy pass (`fuzzy`, asked for by search-service when the words, as typed and as
 * corrected, found nothing) adds trigram similarity on the name. Ranking: the exact name first, then the named place, then text rank.
 * Each arm reads a GIN or B-tree index, so the planner ORs bitmaps. Issue 16: a named statement
 * per shape (how many words, a place, the filters, the order), as planning it took longer than
 * running it.
 */
export async function searchStores(
  db: Db,
  { terms, location, category, sortBy, limit, fuzzy = false, priceRange }: StoreSearch,
) {
  const { text, words, placeIds, rest, whole = [] } = terms;
  const shape: StoreSearchShape = {
    words: words.length > 0,
    named: namedBy(words).length,
    rest: rest.length > 0,
    restNamed: namedBy(rest).length,
    place: placeIds.length > 0,
    located: Boolean(location),
    category: Boolean(category),
    sortBy,
    fuzzy,
    price: Boolean(priceRange),
  };
  if (!shape.fuzzy && !shape.words && !shape.place) return [];
  const name = `stores_search_${shape.words ? shape.named : 'none'}_${shape.rest ? shape.restNamed : 'none'}_${shape.place ? 'place' : 'any'}_${shape.located ? 'located' : 'anywhere'}_${shape.category ? 'category' : 'all'}_${shape.sortBy}${shape.fuzzy ? '_fuzzy' : ''}${shape.price ? '_priced' : ''}`;
  const patterns = (prefix: string, list: readonly string[]) =>
    Object.fromEntries(
      namedBy(list).flatMap((word, i) => [
        [`${prefix}${i}`, containsPattern(word)],
        [`${prefix}Re${i}`, nameWordPattern(word, whole)],
      ]),
    );
  return preparedStatement(db, name, (named) => prepareStoreSearch(db, shape, named)).execute({
    allQuery: prefixQueryText(words, whole),
    restQuery: prefixQueryText(rest, whole),
    ...patterns('word', words),
    ...patterns('rest', rest),
    placeIds,
    location,
    category,
    text,
    pattern: containsPattern(text),
    restText: rest.join(' '),
    limit,
    ...(shape.price ? priceRangeParams(priceRange) : {}),
  });
}

function storeSearchOrder(sortBy: StoreSearch['sortBy'], relevance: SQL): SQL[] {
  if (sortBy === 'rating') return [desc(stores.rating), desc(stores.totalReviews), desc(relevance)];
  if (sortBy === 'discount') return [desc(stores.cashback), desc(relevance)];
  if (sortBy === 'newest') return [desc(stores.createdAt)];
  return [desc(relevance), desc(stores.totalReviews)];
}
