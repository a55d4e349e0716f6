import { isUuid } from '@d3/shared/bookings/booking-schemas';
import DataLoader from 'dataloader';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A loader of reads that must be fresh (the session check, a create's waitlist check): nothing is
 * cached, and every key is answered by a statement that started after the key was asked for. Keys
 * asked in one turn of the event loop share one statement; while a statement is out, the keys that
 * arrive wait for it to come back and then share the next one (issue 38). With one statement at a
 * time a rush costs a handful of statements rather than one a request: in a burst of 200 booking
 * creates the session check alone was 160 statements, a fifth of the API's CPU in socket writes
 * and protocol parsing. When nothing is out, a key waits only for the end of its turn, as before.
 */
export function freshBatchLoader<K, V>(load: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let out = false;
  let next: (() => void) | null = null;
  return new DataLoader<K, V>(
    async (keys) => {
      out = true;
      try {
        return await load(keys);
      } finally {
        out = false;
        const run = next;
        next = null;
        // The keys that came while this statement was out: their statement starts now.
        run?.();
      }
    },
    {
      cache: false,
      // Called once per new batch, when its first key arrives; its later keys join it until it runs.
      batchScheduleFn: (run) => {
        if (out) next = run;
        else setImmediate(run);
      },
    },
  );
}

const loaders = new WeakMap<object, Map<string, DataLoader<string, unknown[]>>>();

/**
 * The rows of each of `ids` (none for an id that is no UUID), read by `many` with each UUID once
 * (`= any($ids)`) and matched back by `idOf`. On the database handle a read shares its statement
 * with the same reads asked at the same moment (`freshBatchLoader`, one loader per handle and
 * `name`): the twenty winners of a booking rush read their service, branches and contact in a few
 * statements instead of twenty each (issue 38). Inside a transaction, whose connection is its own,
 * the ids are read at once, alone.
 */
export function readShared<R>(
  db: Db | Transaction,
  name: string,
  ids: readonly string[],
  many: (db: Db | Transaction, uuids: string[]) => Promise<R[]>,
  idOf: (row: R) => string,
): Promise<R[][]> {
  const read = async (keys: readonly string[]): Promise<R[][]> => {
    const uuids = [...new Set(keys.filter(isUuid).map((id) => id.toLowerCase()))];
    const byId = new Map<string, R[]>();
    for (const row of uuids.length ? await many(db, uuids) : []) {
      const id = idOf(row);
      const same = byId.get(id);
      if (same) same.push(row);
      else byId.set(id, [row]);
    }
    return keys.map((id) => byId.get(id.toLowerCase()) ?? []);
  };
  if (!ids.length) return Promise.resolve([]);
  if (db instanceof PgTransaction) return read(ids);
  let byName = loaders.get(db);
  if (!byName) {
    byName = new Map();
    loaders.set(db, byName);
  }
  let loader = byName.get(name) as DataLoader<string, R[]> | undefined;
  if (!loader) {
    loader = freshBatchLoader(read);
    byName.set(name, loader);
  }
  return Promise.all(ids.map((id) => loader.load(id)));
}
