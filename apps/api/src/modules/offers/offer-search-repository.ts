import { SEARCH_PAGE_LIMIT, type TSearchSort } from '@d3/shared/catalogue/catalogue-schemas';
import type { TPriceRange } from '@d3/shared/catalogue/price-range-rules';
import { wordAlternatives } from '@d3/shared/catalogue/search-rules';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { locations } from '../../db/schema/locations.js';
import { offers, searchPostings } from '../../db/schema/offers.js';
import { services } from '../../db/schema/services.js';
import { stores } from '../../db/schema/stores.js';
import { offerInPriceRange, postingInPriceRange, priceRangeParams } from '../../db/search-price-sql.js';
import {
  categoryMatches,
  containsPattern,
  likeLiteral,
  type SearchTerms,
  storeIdsNamed,
  storeIdsNamedLike,
  wordsTsQuery,
} from '../../db/search-sql.js';
import {
  filterConditions,
  isListed,
  type OfferRow,
  offerColumns,
  searchDocument,
} from './offers-repository.js';

/**
 * The offers half of the search (seed 000 §9, issue 15): words read from the search postings, places
 * and category as parameters, the trigram pass for typos, at most SEARCH_CANDIDATES ranked.
 */

export interface OfferSearch {
  text: string;
  terms: SearchTerms;
  locationIds?: readonly string[] | undefined;
  category?: string | undefined;
  sortBy: TSearchSort;
  limit: number;
  /** The trigram pass (typos) instead of the words pass. */
  fuzzy?: boolean | undefined;
  /** Only offers whose price after discount is in this range (seed 000 §5). */
  priceRange?: TPriceRange | undefined;
}

/** Search ranks at most this many matching offers, and counts up to it ('1,000+' beyond). */
export const SEARCH_CANDIDATES = 1000;

/** What decides a words search's statement text; the words, places and category are parameters. */
interface PostingsShape {
  sortBy: TSearchSort;
  located: boolean;
  category: boolean;
  price: boolean;
}

/**
 * The index entries one stem reads at most (its best-placed words and biggest discounts first): a
 * word in a tenth of the catalogue still costs a bounded scan, and the count says '1,000+' anyway.
 * A search of many words and synonyms shares POSTINGS_PER_SEARCH among its stems (at least
 * POSTINGS_PER_STEM_MIN each): eight synonym-rich words read ~20,000 entries, not ~200,000
 * (measured at 50,000 offers: 88 ms of PostgreSQL for one such search before the budget).
 */
const POSTINGS_PER_STEM = 5000;
const POSTINGS_PER_SEARCH = 20_000;
const POSTINGS_PER_STEM_MIN = 500;
/**
 * Several words: the rarest word's entries (each word's counted up to this many + 1, to find it)
 * name at most this many candidates a stem, its best first, and the other words are looked up
 * in each. Past it the count says '1,000+' anyway; eight one-letter words cost 125 ms of
 * PostgreSQL with the 20,000-entry budget here, ~15 ms with this.
 */
const DRIVING_ENTRIES = 2000;
/**
 * …and share these among the other words' stems (a probe each) and among all stems (counting each
 * to find the rarest): seven common words cost 65–95 ms of PostgreSQL with the probes unshared.
 */
const PROBES_PER_SEARCH = 4000;
/**
 * A stem's entries are read term by term, each term's best first: a stem starts at most this many
 * terms (in term order), and each term reads at least TERM_ENTRIES_MIN of its entries.
 */
const TERMS_PER_STEM = 64;
const TERM_ENTRIES_MIN = 100;
const DRIVING_ENTRIES_MIN = 200;
const COUNTED_PER_SEARCH = 10_000;

/** A posting's filters: not expired, and the shape's places and category. */
function postingFilters(shape: PostingsShape): SQL {
  return and(
    sql`p.expiration_date > now()`,
    ...(shape.located ? [sql`p.location_id = any(${sql.placeholder('locations')}::text[])`] : []),
    ...(shape.category ? [categoryMatches(sql`p.category`, sql.placeholder('category'))] : []),
    ...(shape.price ? [postingInPriceRange()] : []),
  )!;
}

const rankedColumns = {
  id: sql<string>`ranked_id`.as('ranked_id'),
  total: sql<number>`ranked_total`.mapWith(Number).as('ranked_total'),
  position: sql<number>`ranked_position`.as('ranked_position'),
};

/**
 * The page's winners (`ranked`: their ids, order and the count of matches, as ranked_id,
 * ranked_position and ranked_total) with their stores, places and services, in one statement: the
 * planner sees at most `limit` rows there and walks primary keys instead of hashing every store.
 */
function selectWinners(db: Db, ranked: SQL) {
  // A literal cap, not a parameter: a named statement's generic plan takes a LIMIT parameter for a
  // tenth of its input (thousands of rows), and then hashed whole tables (services) for a page.
  const winners = db
    .$with('ranked', rankedColumns)
    .as(sql`select * from (${ranked}) w limit ${sql.raw(String(SEARCH_PAGE_LIMIT))}`);
  return (
    db
      .with(winners)
      .select({ ...offerColumns, total: winners.total })
      .from(winners)
      .innerJoin(offers, eq(offers.id, winners.id))
      // Each winner's store by its key ('limit 1' keeps it a lookup): a generic plan otherwise hashed
      // every store with its place and filtered 2,048 x 50 pairs (14 ms at 2,000 stores).
      .crossJoinLateral(db.select().from(stores).where(eq(stores.id, offers.storeId)).limit(1).as('stores'))
      .innerJoin(locations, eq(locations.id, stores.locationId))
      .leftJoin(services, eq(services.id, offers.serviceId))
      .orderBy(winners.position)
  );
}

function prepareWinners(db: Db, ranked: SQL, name: string) {
  return selectWinners(db, ranked).prepare(name);
}

/** The order of one term's entries (`p`, stores `s` for rating): relevance is the index's own. */
const oneTermOrder: Record<TSearchSort, SQL> = {
  relevance: sql`p.rank desc, p.discount desc`,
  discount: sql`p.discount desc, p.rank desc`,
  newest: sql`p.created_at desc`,
  rating: sql`s.rating desc, s.total_reviews desc, p.rank desc`,
};

/** The order of merged matches (`m`, stores `s` for rating). */
const mergedOrder: Record<TSearchSort, SQL> = {
  relevance: sql`m.rel desc, m.discount desc`,
  discount: sql`m.discount desc, m.rel desc`,
  newest: sql`m.created_at desc`,
  rating: sql`s.rating desc, s.total_reviews desc, m.rel desc`,
};

/**
 * Issue 16: the words pass of a search as one named statement per shape over the offers' search
 * index (search_postings, migration 0015), which reads index entries only until it joins the
 * page's winners. Each typed word (or one of its synonyms) must start a stem of the offer's title,
 * store name, category or description. Stop words drop out.
 *
 * Two ways through, the statement picks one as it runs:
 * - one word whose stem starts one term of the index (the search box's common case): the term's
 *   entries are one per offer and in rank order (`rank`), so the page is its first `limit`
 *   entries and the count a capped index-only count;
 * - otherwise (several words, synonyms, or a stem that starts several terms, 'mass': mass,
 *   massag, masseus): the word with the fewest entries drives — its entries, best first, name the
 *   candidate offers — and each other word is looked up in those offers' own entries
 *   (search_postings_offer_idx on offer and term), so 'deluxe massage' finds every Deluxe Massage
 *   even when 'deluxe' alone has more entries than a word may read. The entries are merged per
 *   offer, keeping the offers every word found; a word's entries add their weight (10 in the
 *   title, 6 in the store's name, 4 in the category, 2 in the description), and all the words in
 *   the title (the store's name) add 5 (10), or 40 when they are the whole title (name) — what
 *   `rank` holds for one word. One aggregation keyed by offer with a bit per word: measured with
 *   pgbench on 50,000 offers, two (per word, then per offer) over numeric weights cost 4x as much,
 *   and the first way 3x less again.
 */
function prepareWordsSearch(db: Db, shape: PostingsShape, name: string) {
  const filters = postingFilters(shape);
  // Only the rating order needs the store (its rating is not in the index).
  const byRating = shape.sortBy === 'rating';
  const oneTermRating = byRating ? sql`join ${stores} s on s.id = p.store_id` : sql``;
  const mergedRating = byRating ? sql`join ${stores} s on s.id = m.store_id` : sql``;
  return prepareWinners(
    db,
    sql`
      with alts as (
        -- A whole word (issue 36) reads its own term only: its range ends where it starts.
        select a.k, l.lexeme collate "C" as stem,
          case when a.whole then l.lexeme collate "C" else l.lexeme collate "C" || chr(1114111) end as last
        from unnest(${sql.placeholder('alternatives')}::text[], ${sql.placeholder('wordOf')}::int[],
                    ${sql.placeholder('wholeOf')}::boolean[]) as a(word, k, whole)
        cross join lateral unnest(to_tsvector('english', a.word)) as l
      ),
      wanted as (
        select bit_or(1 << k) as mask, count(distinct k)::int as n, count(*)::int as stems, min(stem) as stem,
          min(last) as last
        from alts
      ),
      one_term as materialized (
        select t.term from wanted w cross join lateral (
          select p.term from ${searchPostings} p
          where p.term >= w.stem and p.term <= w.last
          order by p.term limit 1
        ) t
        where w.stems = 1 and not exists (
          select 1 from ${searchPostings} p where p.term > t.term and p.term <= w.last)
      ),
      -- Counted only as far as a driving word reads (several words; one word has nothing to choose):
      -- a word past it is only partly read whichever drives, and two common words counted 5,000 entries
      -- each (8 ms of PostgreSQL at 500,000 offers).
      sizes as (
        select a.k, sum(x.entries) as entries from alts a cross join lateral (
          select count(*) as entries from (
            select 1 from ${searchPostings} p
            where p.term >= a.stem and p.term <= a.last and ${filters}
            limit (select least(${DRIVING_ENTRIES + 1}, greatest(${POSTINGS_PER_STEM_MIN},
                                       ${COUNTED_PER_SEARCH} / greatest(stems, 1))) from wanted)) e
        ) x
        group by a.k
      ),
      driver as (
        select case when w.n = 1 then (select min(k) from alts)
                    else (select k from sizes order by entries, k limit 1) end as k
        from wanted w
      ),
      -- The terms each stem of the driving word starts ('mani': mani, mani-pedi, manicur), found by a
      -- skip scan (one index probe a term, at most TERMS_PER_STEM in term order), and how many.
      stem_terms as materialized (
        select a.k, t.term, count(*) over (partition by a.k, a.stem, a.last) as terms
        from alts a cross join lateral (
          with recursive found(term, i) as (
            (select p.term, 1 from ${searchPostings} p
             where p.term >= a.stem and p.term <= a.last order by p.term limit 1)
            union all
            select (select p.term from ${searchPostings} p
                    where p.term > f.term and p.term <= a.last order by p.term limit 1), f.i + 1
            from found f where f.term is not null and f.i < ${TERMS_PER_STEM}
          )
          select found.term from found where found.term is not null
        ) t
        where a.k = (select k from driver) and not exists (select 1 from one_term)
      ),
      -- Each term's best entries, the stem's share split among its terms: a big term does not
      -- crowd out the others, and the small ones' unused share is not read (a prefix at 500,000
      -- offers read 5,000 entries of one term; now 1,700).
      driven as materialized (
        select p.offer_id, ${byRating ? sql`p.store_id::text` : sql`null::text`} as store_id, s.k, p.fields,
          p.weight, p.discount, p.created_at, p.title_terms, p.name_terms
        from stem_terms s cross join lateral (
          select p.offer_id, p.store_id, p.fields, p.weight, p.discount, p.created_at, p.title_terms, p.name_terms
          from ${searchPostings} p
          where p.term = s.term and ${filters}
          order by p.rank desc, p.discount desc, p.offer_id
          limit greatest(${TERM_ENTRIES_MIN}, (
            select case when n > 1 then least(${DRIVING_ENTRIES}, greatest(${DRIVING_ENTRIES_MIN},
                                                                ${PROBES_PER_SEARCH} / greatest(stems - 1, 1)))
                        else least(${POSTINGS_PER_STEM}, greatest(${POSTINGS_PER_STEM_MIN},
                                                               ${POSTINGS_PER_SEARCH} / greatest(stems, 1)))
                   end from wanted) / s.terms)
        ) p
      ),
      probed as (
        select p.offer_id, null::text as store_id, a.k, p.fields, p.weight, null::real as discount,
          null::timestamptz as created_at, null::smallint as title_terms, null::smallint as name_terms
        from (select distinct offer_id from driven) c
        cross join alts a
        cross join lateral (
          -- One probe of (offer_id, term) per candidate and stem; 'offset 0' keeps the planner from
          -- flattening it into a join that read every entry of every candidate (18,000 rows, 15 ms).
          select p.offer_id, p.fields, p.weight from ${searchPostings} p
          where p.offer_id = c.offer_id and p.term >= a.stem and p.term <= a.last
          offset 0
        ) p
        -- One word (its synonyms and the terms it starts included) has nothing to probe: the gate
        -- skips the candidates' distinct and their loop (3-4 ms of a prefix at 500,000 offers).
        where a.k <> (select k from driver) and (select n from wanted) > 1
      ),
      merged as (
        select e.offer_id, ${byRating ? sql`max(e.store_id)::uuid as store_id,` : sql``}
          min(e.discount) as discount, min(e.created_at) as created_at,
          sum(e.weight)
          + case when bit_and(e.fields) & 8 > 0 then case when min(e.title_terms) = w.n then 40 else 5 end else 0 end
          + case when bit_and(e.fields) & 4 > 0 then case when min(e.name_terms) = w.n then 40 else 10 end else 0 end
          as rel
        from wanted w, (select * from driven union all select * from probed) e
        group by e.offer_id, w.mask, w.n
        having bit_or(1 << e.k) = w.mask
      )
      select page.id as ranked_id, page.total as ranked_total, row_number() over () as ranked_position from (
        (select top.id, (select count(*) from (select 1 from ${searchPostings} p
                                              where p.term = (select term from one_term) and ${filters}
                                              limit ${SEARCH_CANDIDATES + 1}) c) as total
         from (select p.offer_id as id from ${searchPostings} p ${oneTermRating}
               where p.term = (select term from one_term) and ${filters}
               order by ${oneTermOrder[shape.sortBy]}, p.offer_id
               limit ${sql.placeholder('limit')}) top)
        union all
        (select top.id, top.total
         from (select m.offer_id as id, count(*) over () as total from merged m ${mergedRating}
               where not exists (select 1 from one_term)
               order by ${mergedOrder[shape.sortBy]}, m.offer_id
               limit ${sql.placeholder('limit')}) top)
      ) page`,
    name,
  );
}

async function searchOffersByWords(
  db: Db,
  words: readonly string[],
  whole: readonly string[],
  {
    locationIds,
    category,
    sortBy,
    limit,
    priceRange,
  }: Pick<OfferSearch, 'locationIds' | 'category' | 'sortBy' | 'limit' | 'priceRange'>,
): Promise<SearchPage> {
  const shape: PostingsShape = {
    sortBy,
    located: locationIds !== undefined,
    category: Boolean(category),
    price: Boolean(priceRange),
  };
  const name = `offers_search_${shape.sortBy}_${shape.located ? 'located' : 'anywhere'}_${shape.category ? 'category' : 'all'}${shape.price ? '_priced' : ''}`;
  const alternatives = words.map((word) => wordAlternatives(word));
  const rows = await preparedStatement(db, name, (named) => prepareWordsSearch(db, shape, named)).execute({
    alternatives: alternatives.flat(),
    wordOf: alternatives.flatMap((list, k) => list.map(() => k)),
    // The typed word itself (never its synonyms) when the catalogue has it as a short word.
    wholeOf: alternatives.flatMap((list, k) => list.map((_, i) => i === 0 && whole.includes(words[k] ?? ''))),
    locations: locationIds ? [...locationIds] : undefined,
    category,
    limit,
    ...(shape.price ? priceRangeParams(priceRange) : {}),
  });
  return searchPage(rows);
}

type SearchPage = { rows: OfferRow[]; total: number; capped: boolean };

/** The page's rows and the count they carry, shown up to SEARCH_CANDIDATES ('1,000+' beyond). */
function searchPage(rows: (OfferRow & { total: number })[]): SearchPage {
  const found = rows[0]?.total ?? 0;
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: Math.min(found, SEARCH_CANDIDATES),
    capped: found > SEARCH_CANDIDATES,
  };
}

/** The location ids both a place in the words and the location filter allow (undefined: any). */
function placeFilter(placeIds: readonly string[], locationIds: readonly string[] | undefined) {
  if (!placeIds.length) return locationIds;
  return locationIds ? placeIds.filter((id) => locationIds.includes(id)) : placeIds;
}

/**
 * Issue 15: an offer matches when every word (or its synonym) starts a word of its title, store
 * name, category or description; words that name a place ('westlands', 'nairobi' for its area)
 * narrow the search to what is there. Words are read from the search index (searchOffersByWords).
 *
 * Only places and no other word: the offers there, through the place as the offer's own
 * location_id. The fuzzy pass (`fuzzy`, asked for by search-service when the words, as typed and
 * as corrected, found nothing) adds trigram similarity on the title and the store name. Ranking
 * there: an exact title or store name first, then the named place, then text rank, over at most
 * SEARCH_CANDIDATES + 1 matches; stores, locations and services are joined for the page's winners.
 */
export async function searchOffers(
  db: Db,
  { terms, locationIds, category, sortBy, limit, fuzzy: fuzzyPass, priceRange }: OfferSearch,
): Promise<SearchPage> {
  const { text, words, placeIds, rest, whole = [] } = terms;
  if (rest.length && !fuzzyPass) {
    const located = placeFilter(placeIds, locationIds);
    if (located && !located.length) return { rows: [], total: 0, capped: false };
    return searchOffersByWords(db, rest, whole, {
      locationIds: located,
      category,
      sortBy,
      limit,
      priceRange,
    });
  }
  const pattern = containsPattern(text);
  const filters = [
    isListed,
    ...filterConditions({ locationIds, category }),
    ...(priceRange ? [offerInPriceRange(priceRange)] : []),
  ];

  const all = wordsTsQuery(words);
  const restQuery = wordsTsQuery(rest);
  const textArms = (query: SQL | null, list: readonly string[]): SQL[] => [
    ...(query ? [sql`${searchDocument} @@ ${query}`] : []),
    ...(list.length ? [sql`${offers.storeId} = any(${storeIdsNamed(list)})`] : []),
  ];
  const inPlace = placeIds.length ? inArray(offers.locationId, [...placeIds]) : null;
  const arms = textArms(all, words);
  if (inPlace) arms.push(rest.length ? sql`(${inPlace} and ${or(...textArms(restQuery, rest))})` : inPlace);
  // ILIKE without wildcards: the exact name in any case, through the name's trigram index.
  const storeNamed = sql`array(select s.id from ${stores} s where s.name ilike ${likeLiteral(text)})`;
  const storeNamedLike = sql`array(select s.id from ${stores} s where s.name ilike ${pattern})`;
  const relevance = sql`(${all ? sql`ts_rank(${searchDocument}, ${all}) * 2` : sql`0`}
    + ${restQuery && inPlace ? sql`ts_rank(${searchDocument}, ${restQuery}) * 2` : sql`0`}
    + case when lower(${offers.title}) = lower(${text}) then 4 when ${offers.title} ilike ${pattern} then 0.5 else 0 end
    + case when ${offers.storeId} = any(${storeNamed}) then 4 when ${offers.storeId} = any(${storeNamedLike}) then 1 else 0 end
    + ${inPlace ? sql`case when ${inPlace} then 3 else 0 end` : sql`0`})`;

  const run = async (match: SQL, rank: SQL) => {
    const rating =
      sortBy === 'rating'
        ? sql`, (select s.rating from ${stores} s where s.id = ${offers.storeId}) as rating,
              (select s.total_reviews from ${stores} s where s.id = ${offers.storeId}) as reviews`
        : sql``;
    // The matches are a materialized CTE, planned without the cap (a LIMIT inside would tempt the
    // planner into a sequential scan hoping to stop early), read lazily up to the cap; the query
    // over them names them "offers" so the rank expressions read the same columns.
    const rows = await selectWinners(
      db,
      sql`
        with matches as materialized (
          select ${offers.id}, ${offers.storeId}, ${offers.locationId}, ${offers.title},
            ${offers.searchVector}, ${offers.discount}, ${offers.createdAt}
          from ${offers} where ${and(match, ...filters)}
        )
        select top.id as ranked_id, top.total as ranked_total, row_number() over () as ranked_position from (
          select c.id, count(*) over() as total from (
            select ${offers.id} as id, ${rank} as rel, ${offers.discount} as discount,
              ${offers.createdAt} as created_at ${rating}
            from (select * from matches limit ${SEARCH_CANDIDATES + 1}) as ${offers}
          ) c order by ${candidateOrder(sortBy)}, c.id asc limit ${limit}
        ) top`,
    );
    return searchPage(rows);
  };

  if (!fuzzyPass) return arms.length ? run(or(...arms)!, relevance) : { rows: [], total: 0, capped: false };
  const fuzzy = [
    ...arms,
    sql`${text} <% ${offers.title}`,
    sql`${offers.title} ilike ${pattern}`,
    sql`${offers.storeId} = any(${storeIdsNamedLike(text)})`,
  ];
  if (inPlace && rest.length) fuzzy.push(sql`(${inPlace} and ${rest.join(' ')} <% ${offers.title})`);
  return run(or(...fuzzy)!, sql`(${relevance} + word_similarity(${text}, ${offers.title}))`);
}

function candidateOrder(sortBy: TSearchSort): SQL {
  if (sortBy === 'rating') return sql`c.rating desc, c.reviews desc, c.rel desc`;
  if (sortBy === 'discount') return sql`c.discount desc, c.rel desc`;
  if (sortBy === 'newest') return sql`c.created_at desc`;
  return sql`c.rel desc, c.discount desc`;
}
