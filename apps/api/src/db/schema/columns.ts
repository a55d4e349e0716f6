import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

/** Primary key shared by every entity table: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

/** A timestamptz column read and written as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestampTz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A required uuid column referring to `target`; `onDelete` says what deleting the target does. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });

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
