import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';

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

interface Running {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
}

/** Starts src/server.ts the way `npm start` does (minus the build) and waits for its banner. */
async function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const check = () => {
      const match = output.match(/Customer site\s+(http:\/\/[^\s]+)\//);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output, baseUrl };
}

function stop(server: Running): Promise<number | null> {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code) => resolve(code));
    server.child.kill('SIGTERM');
  });
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
    expect(await stop(first)).toBe(0);

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
    expect(await stop(second)).toBe(0);

    expect(await countRows(dataDir)).toEqual(afterFirst);
    const database = await openDatabase({ dataDir });
    const rows = await database.db.execute(`select email from newsletter_subscriptions`);
    expect(rows.rows).toEqual([{ email: 'restart@example.com' }]);
    await database.close();
  }, 180_000);
});
