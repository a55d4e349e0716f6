import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchWords } from '../../db/schema/search.js';

/** Candidates a word is corrected to, per typed word, most similar first (at most 8 each). */
const CANDIDATES_PER_WORD = 8;

/**
 * The catalogue words that look like each typed word (pg_trgm `%`, similarity ≥ 0.3, through the
 * dictionary's trigram index), most similar first: a few thousand short rows, not 50,000 titles.
 */
export async function similarWords(db: Db, typed: readonly string[]): Promise<Map<string, string[]>> {
  const byWord = new Map<string, string[]>(typed.map((word) => [word, []]));
  if (!typed.length) return byWord;
  const result = await db.execute<{ typed: string; word: string }>(sql`
    select t.word as typed, d.word
    from unnest(array[${sql.join(
      typed.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as t(word)
    cross join lateral (
      select ${searchWords.word} as word from ${searchWords}
      where ${searchWords.word} % t.word
      order by similarity(${searchWords.word}, t.word) desc, ${searchWords.word}
      limit ${CANDIDATES_PER_WORD}
    ) d`);
  for (const row of result.rows) byWord.get(row.typed)?.push(row.word);
  return byWord;
}
