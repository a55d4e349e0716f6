import { type SQL, sql } from 'drizzle-orm';
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

/** Statements built once inside a transaction, by the session's kind (PostgreSQL or PGlite) and name. */
const transactionStatements = new Map<unknown, Map<string, object>>();

/** What drizzle 0.45's prepared queries and transactions keep (checked by db/prepared.test.ts). */
interface WithSession {
  session: { client: unknown; constructor: unknown };
}

/**
 * Runs the query `build` makes with `values` (issue 38: a booking's create spent a sixth of its CPU
 * building the same statements again). On the database handle it is a named statement, built once
 * (`preparedStatement`). Inside a transaction, whose connection is its own, the statement is built
 * once as well and run on that transaction's connection: drizzle's prepared query keeps the
 * connection it runs on as `client`, so each run is a copy of it over this transaction's client.
 * On PostgreSQL each pool connection then parses the named statement once. So one repository
 * function serves both, and the hot paths pay only for binding their values.
 */
export function runPlaceheld<R>(
  db: Db | Transaction,
  name: string,
  build: (db: Db | Transaction) => Placeheld<R>,
  values: Record<string, unknown>,
): Promise<R> {
  if (!(db instanceof PgTransaction))
    return preparedStatement(db, name, (statementName) => build(db).prepare(statementName)).execute(values);
  const { session } = db as unknown as WithSession;
  let byName = transactionStatements.get(session.constructor);
  if (!byName) {
    byName = new Map();
    transactionStatements.set(session.constructor, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = build(db).prepare(name);
    byName.set(name, statement);
  }
  const onThisConnection = Object.create(statement, { client: { value: session.client } }) as {
    execute(values: Record<string, unknown>): Promise<R>;
  };
  return onThisConnection.execute(values);
}

/**
 * Insert values that are all placeholders, one per key (`{ userId: $userId, … }`), for a named
 * insert. Each is a bare SQL placeholder, so the value reaches the driver as it is (a Date, a
 * string, null) rather than through the column's encoder, which would fail on a null date.
 */
export function placeholderValues<K extends string>(keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(key)}`])) as Record<K, SQL>;
}
