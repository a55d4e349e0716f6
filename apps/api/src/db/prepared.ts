import type { Db } from './client.js';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named, prepared statement built once per database handle (issue 16): on PostgreSQL each pool
 * connection parses and plans it once, then every request only binds its values — for the hot
 * public reads, planning took longer than running. `build(name)` must call `.prepare(name)` on a
 * query whose values are all `sql.placeholder(...)`; the name is unique per query text.
 */
export function preparedStatement<T>(db: Db, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}
