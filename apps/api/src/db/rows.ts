import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * The one-row reads and writes every repository has (find, lock and insert one entity), on the pool
 * or inside a transaction alike.
 */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The row of `table` whose `id` is `id`; `forUpdate` locks it (inside a transaction). */
export async function rowById<T extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  table: T,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row as T['$inferSelect'] | undefined;
}

/** Inserts one row and answers it as stored. */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning();
  return row as T['$inferSelect'];
}
