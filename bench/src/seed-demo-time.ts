/**
 * Times the demo seeder (the work every dev start and the e2e global setup pay) on a fresh
 * in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (that database must be empty).
 * Run: `node --conditions=source --import tsx bench/src/seed-demo-time.ts` from the repo root.
 */
import { performance } from 'node:perf_hooks';
import { migrateDatabase, openDatabase } from '../../apps/api/src/db/client.js';
import { seedDemo } from '../../apps/api/src/db/seed-demo.js';

const runs = Number(process.env.RUNS ?? 3);
const timings: number[] = [];
for (let run = 0; run < runs; run++) {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: 'memory://',
    poolSize: 2,
  });
  await migrateDatabase(database);
  const started = performance.now();
  const result = await seedDemo(database.db);
  timings.push(performance.now() - started);
  if (run === 0) console.log(JSON.stringify(result.counts));
  await database.close();
}
console.log(`seedDemo: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
