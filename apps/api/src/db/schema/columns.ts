import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key shared by every entity table: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** PostgreSQL full-text document; read only through @@ and ts_rank, never sent to clients. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A stored, generated `search_vector` over the given text columns (English stemming), so the
 * GIN index and ts_rank read a precomputed document instead of re-parsing every matching row.
 */
export const searchVector = (...columns: string[]) =>
  tsvector('search_vector').generatedAlwaysAs(
    sql.raw(
      `to_tsvector('english', ${columns.map((column) => `coalesce(${column}, '')`).join(` || ' ' || `)})`,
    ),
  );
