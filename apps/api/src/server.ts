import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { databaseOptions, migrateDatabase, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEMO_ACCOUNTS } from './db/demo/content/accounts.js';
import { randomDemoPasswords, seedDemo } from './db/seed-demo.js';
import { startMetricsServer } from './plugins/metrics.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  await migrateDatabase(database);

  // Production seeds only with SEED_DEMO=true, and then never with the README's passwords.
  const demoPasswords = config.isProduction ? randomDemoPasswords() : undefined;
  const seeded =
    config.seedDemo === false ? { seeded: false } : await seedDemo(database.db, { passwords: demoPasswords });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const app = await buildApp({ config, database, redis });
  // A Redis that goes away is logged, never fatal: requests answer 503 until it is back (issue 35).
  redis?.on('error', (err) => app.log.warn({ err }, 'redis connection error'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The database closes after the app: the app's onClose hooks stop the job pollers, whose last
    // pass may still be reading it.
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Prometheus /metrics on its own port (issue 35), closed with the app.
  const metricsServer = await startMetricsServer(app, config.metrics);
  app.addHook('onClose', () => metricsServer.close());
  await app.listen({ port: config.port, host: config.host });
  // One of several processes does each pass (advisory lock); stopped by app.close().
  app.paymentReconciliation.start();
  // Every process polls; each due booking reminder is claimed by exactly one (SKIP LOCKED).
  app.bookingReminders.start();
  app.whatsapp.channel.start();
  // Refunds and M-Pesa status checks (issue 34): the same job table, each job claimed by one process.
  app.moneyJobs.start();
  // The waitlist (issue 36): offer holds lapsing (job queue) and places freed by other means.
  app.waitlist.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);

  const lines = [
    '',
    `D3 Deals is running (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, ready in ${seconds} s)`,
    `  Customer site   ${base}/`,
    `  Merchant site   ${base}/merchant/`,
    `  API             ${base}/api/v1   (x-api-key: ${config.apiKeys[0]})`,
    ...(config.apiDocs ? [`  API docs        ${base}/api/docs`] : []),
    `  Health          ${base}/health   (probes ${base}/livez, ${base}/readyz)`,
    `  Metrics         http://${config.metrics.host}:${metricsServer.port}/metrics`,
  ];
  if (seeded.seeded) lines.push('  Demo catalogue loaded into the empty database.');
  if (seeded.seeded && demoPasswords) {
    // Printed this once: the hashes are all that is stored.
    lines.push('  Demo accounts (random passwords, shown only now):');
    for (const account of DEMO_ACCOUNTS) {
      const password = account.role === 'merchant' ? demoPasswords.merchant : demoPasswords.customer;
      lines.push(`    ${account.role.padEnd(9)} ${account.email} / ${password}`);
    }
  } else if (!config.isProduction) {
    lines.push('  Demo accounts:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(9)} ${account.email} / ${account.password}`);
    }
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('D3 Deals failed to start:', error);
  }
  process.exit(1);
});
