/**
 * One API process for the chat bench: the real app (same routes, plugins, Socket.IO server) on
 * PostgreSQL, with the Redis adapter when REDIS_URL is set and the in-memory adapter otherwise.
 * BENCH_MIGRATE=1 migrates and seeds the places first (the first process only). Prints one JSON
 * line {ready, ...} on stdout.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { databaseOptions, migrateDatabase, openDatabase } from '../../apps/api/src/db/client.js';
import { seedPlaces } from '../../apps/api/src/test/factories.js';

// BENCH_CPU_PROF=<dir>: a V8 CPU profile of this process, written there on SIGTERM (NODE_OPTIONS
// refuses --cpu-prof, and the runner starts these processes itself).
const profileDir = process.env.BENCH_CPU_PROF;
const profiler = profileDir ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
  await profiler.post('Profiler.start');
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000' });
const database = await openDatabase(databaseOptions(config));
if (process.env.BENCH_MIGRATE === '1') {
  await migrateDatabase(database);
  await seedPlaces(database.db);
}
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
const app = await buildApp({ config, database, redis });
app.addHook('onClose', async () => database.close());
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void (async () => {
    if (profiler && profileDir) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(
        path.join(profileDir, `chat-${config.port}-${process.pid}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    await app.close();
    process.exit(0);
  })();
});
console.log(JSON.stringify({ ready: true, kind: database.kind, redis: Boolean(redis) }));
