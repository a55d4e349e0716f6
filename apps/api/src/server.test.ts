import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { type RunningServer, spawnServer, stopServer, whenListening } from './test/server-process.js';

const apiRoot = path.resolve(import.meta.dirname, '..');
const TABLES = [
  'locations',
  'categories',
  'merchants',
  'users',
  'stores',
  'branches',
  'staff',
  'services',
  'offers',
];

/** Starts src/server.ts the way `npm start` does (minus the build) and waits for its banner. */
function startServer(dataDir: string): Promise<RunningServer> {
  const args = ['--conditions=source', '--import', 'tsx', 'src/server.ts'];
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  return whenListening(spawnServer(args, apiRoot, env));
}

async function countRows(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir });
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await database.db.execute(`select count(*)::int as n from ${table}`);
    counts[table] = Number((result.rows[0] as { n: number }).n);
  }
  await database.close();
  return counts;
}

describe('server start-up on the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('seeds an empty DATA_DIR, stops cleanly on SIGTERM, and a second start keeps every row', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'd3-server-'));
    dirs.push(dataDir);

    const first = await startServer(dataDir);
    const health = await fetch(`${first.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(first.output()).toContain('Demo catalogue loaded');
    expect(first.output()).toMatch(/customer\s+\S+@\S+ \/ \S+/);
    expect(await stopServer(first)).toBe(0);

    const afterFirst = await countRows(dataDir);
    expect(afterFirst.stores).toBeGreaterThanOrEqual(40);
    expect(afterFirst.offers).toBeGreaterThanOrEqual(150);

    const second = await startServer(dataDir);
    expect(second.output()).not.toContain('Demo catalogue loaded');
    const subscribe = await fetch(`${second.baseUrl}/api/v1/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'd3-dev-key' },
      body: JSON.stringify({ email: 'restart@example.com' }),
    });
    expect(subscribe.status).toBe(201);
    expect(await stopServer(second)).toBe(0);

    expect(await countRows(dataDir)).toEqual(afterFirst);
    const database = await openDatabase({ dataDir });
    const rows = await database.db.execute(`select email from newsletter_subscriptions`);
    expect(rows.rows).toEqual([{ email: 'restart@example.com' }]);
    await database.close();
  }, 180_000);
});
