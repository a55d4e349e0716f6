import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../modules/accounts/password.js';
import { storeFiguresMany } from '../modules/engagement/engagement-repository.js';
import { setStoreCountersMany } from '../modules/stores/stores-repository.js';
import type { Db } from './client.js';
import { buildDemoCatalogue } from './demo/build-catalogue.js';
import { CUSTOMER_PASSWORD, MERCHANT_PASSWORD } from './demo/content/accounts.js';
import { type Catalogue, DEMO_TABLES, type Insert } from './demo/demo-types.js';
import { merchants, users } from './schema/index.js';

// The loader: data files in db/demo/content/, the generator in db/demo/ (build-catalogue.ts), and here the
// one transaction that writes the rows. It reaches the modules only through two repositories and the
// password hasher (.dependency-cruiser.cjs 'demo-loader-through-repositories'), never a service.

/*
 * The demo catalogue loaded into an empty database on first start (SEED_DEMO): a believable
 * Kenyan marketplace so every screen has something real to show. Deterministic: a seeded PRNG
 * drives every choice, and dates are relative to `now`, so each run yields the same catalogue.
 * Issue 15: a lived-in marketplace. Demo customers (not the sign-in accounts) have past completed
 * visits at most stores, reviewed many of them (3-5 stars) and follow some. Store ratings, review
 * counts and followers are never written here: the engagement module recomputes them from those
 * review and follow rows, so badges and Top Stores show figures the product computed (the same
 * repository queries the engagement module uses).
 */

/** Serialises concurrent first starts of several instances on one PostgreSQL. */
const SEED_LOCK_KEY = 7_302_026;

const BATCH_SIZE = 200;

/** Tables that may hold rows before the first account: their existing rows are kept. */
const REFERENCE_LISTS = new Set<keyof Catalogue>(['locations', 'categories']);

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertInBatches<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: Insert<T>[],
  { skipExisting = false } = {},
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const insert = tx.insert(table).values(rows.slice(start, start + BATCH_SIZE) as never);
    await (skipExisting ? insert.onConflictDoNothing() : insert);
  }
}

async function isEmpty(db: Db | Transaction): Promise<boolean> {
  const [anyMerchant] = await db.select({ id: merchants.id }).from(merchants).limit(1);
  if (anyMerchant) return false;
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return !anyUser;
}

export interface DemoPasswords {
  customer: string;
  merchant: string;
}

/**
 * Fresh random passwords for the demo accounts: a production start with SEED_DEMO=true uses these
 * (printed once to the log) instead of the ones the README publishes.
 */
export function randomDemoPasswords(): DemoPasswords {
  return {
    customer: `Demo-${randomBytes(12).toString('base64url')}`,
    merchant: `Demo-${randomBytes(12).toString('base64url')}`,
  };
}

/**
 * Loads the demo catalogue when the database has no merchant and no user; otherwise changes
 * nothing and answers `{ seeded: false }`. Runs in one transaction, under an advisory lock so
 * two instances starting together cannot both seed.
 */
export async function seedDemo(
  db: Db,
  options: { now?: Date; passwords?: DemoPasswords } = {},
): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  // Cheap check first: a normal restart must not pay for password hashing.
  if (!(await isEmpty(db))) return { seeded: false, counts: {} };

  const now = options.now ?? new Date();
  // argon2 is slow on purpose: two hashes in all, shared by the accounts of each role.
  const [merchantHash, customerHash] = await Promise.all([
    hashPassword(options.passwords?.merchant ?? MERCHANT_PASSWORD),
    hashPassword(options.passwords?.customer ?? CUSTOMER_PASSWORD),
  ]);
  const catalogue = buildDemoCatalogue(now, { merchant: merchantHash, customer: customerHash });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return { seeded: false, counts: {} };

    // Reference lists may already hold rows added by hand before the first account existed.
    for (const [name, table] of Object.entries(DEMO_TABLES) as Array<[keyof Catalogue, PgTable]>) {
      await insertInBatches(tx, table, catalogue[name], { skipExisting: REFERENCE_LISTS.has(name) });
    }
    // Each store's rating, review count and followers computed from those rows, as the engagement
    // module computes them when a review or a follow changes.
    const storeIds = catalogue.stores.map((store) => store.id!);
    await setStoreCountersMany(tx, await storeFiguresMany(tx, storeIds));

    const counts: Record<string, number> = {};
    for (const [table, rows] of Object.entries(catalogue)) counts[table] = rows.length;
    return { seeded: true, counts };
  });
}
