import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchWords } from '../../db/schema/search.js';

/** Candidates a word is corrected to, per typed word, most similar first (at most 8 each). */
const CANDIDATES_PER_WORD = 8;

/** What the dictionary says of a typed word. */
export interface DictionaryEntry {
  /** The catalogue has this very word (a title, category or store-name word). */
  known: boolean;
  /** When it does not: the catalogue words that look like it, most similar first. */
  similar: string[];
}

/**
 * Each typed word looked up in the catalogue's dictionary before any search runs (issue 38: a typo
 * used to cost a search that found nothing, then this, then the search again): whether it is a
 * catalogue word (one primary-key probe) and, when it is not, the words that look like it (pg_trgm
 * `%`, similarity ≥ 0.3, through the dictionary's trigram index): a few thousand short rows, not
 * 50,000 titles. One statement for all the words.
 */
export async function lookUpWords(db: Db, typed: readonly string[]): Promise<Map<string, DictionaryEntry>> {
  const byWord = new Map<string, DictionaryEntry>(typed.map((word) => [word, { known: false, similar: [] }]));
  if (!typed.length) return byWord;
  const result = await db.execute<{ typed: string; known: boolean; word: string | null }>(sql`
    select t.word as typed, k.word is not null as known, d.word
    from unnest(array[${sql.join(
      typed.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as t(word)
    left join ${searchWords} k on k.word = t.word
    left join lateral (
      select ${searchWords.word} as word from ${searchWords}
      where k.word is null and ${searchWords.word} % t.word
      order by similarity(${searchWords.word}, t.word) desc, ${searchWords.word}
      limit ${CANDIDATES_PER_WORD}
    ) d on true`);
  for (const row of result.rows) {
    const entry = byWord.get(row.typed);
    if (!entry) continue;
    entry.known = row.known === true || String(row.known) === 't';
    if (row.word) entry.similar.push(row.word);
  }
  return byWord;
}
