import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The dictionary a typed word is corrected against ('masage' -> 'massage', issue 16): the words of
 * offer titles and categories and of store names, lower case, 3 to 40 letters. Triggers on offers
 * and stores add them as rows are written (migration 0014); nothing removes them — a word no
 * longer listed only corrects to a search that finds nothing, and the trigram search answers then.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
