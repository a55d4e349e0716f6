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

const loaders = new WeakMap<object, Map<string, DataLoader<unknown, unknown>>>();

/**
 * Reads of `keys` by `many` (one statement for any number of keys, answering in their order). On
 * the database handle a read shares its statement with the same reads asked at the same moment
 * (`freshBatchLoader`, one loader per handle and `name`): the twenty winners of a booking rush read
 * their service, branches and contact in a few statements instead of twenty each (issue 38).
 * Inside a transaction, whose connection is its own, the keys are read at once, alone.
 */
export function readShared<K, V>(
  db: Db | Transaction,
  name: string,
  keys: readonly K[],
  many: (db: Db | Transaction, keys: readonly K[]) => Promise<V[]>,
): Promise<V[]> {
  if (!keys.length) return Promise.resolve([]);
  if (db instanceof PgTransaction) return many(db, keys);
  let byName = loaders.get(db);
  if (!byName) {
    byName = new Map();
    loaders.set(db, byName);
  }
  let loader = byName.get(name) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = freshBatchLoader((batch: readonly K[]) => many(db, batch));
    byName.set(name, loader as DataLoader<unknown, unknown>);
  }
  return Promise.all(keys.map((key) => loader.load(key)));
}
