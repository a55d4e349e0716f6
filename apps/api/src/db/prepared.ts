import { PgTransaction } from 'drizzle-orm/pg-core';
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

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A query whose values are all `sql.placeholder(...)`: run as it is, or prepared under a name. */
interface Placeheld<R> {
  execute(values: Record<string, unknown>): Promise<R>;
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> };
}

/**
 * Runs the query `build` makes with `values` (issue 38: a booking's create spent a sixth of its CPU
 * building the same statements again). On the database handle it is a named statement, built once
 * (`preparedStatement`); inside a transaction, whose connection is its own, it is built and run as
 * usual. So one repository function serves both, and the hot path outside transactions pays only
 * for binding its values.
 */
export function runPlaceheld<R>(
  db: Db | Transaction,
  name: string,
  build: (db: Db | Transaction) => Placeheld<R>,
  values: Record<string, unknown>,
): Promise<R> {
  if (db instanceof PgTransaction) return build(db).execute(values);
  return preparedStatement(db, name, (statementName) => build(db).prepare(statementName)).execute(values);
}
