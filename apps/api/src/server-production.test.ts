import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_PROVIDER_ENV } from './test/production-env.js';
import { spawnServer as spawnProcess, stopServer, whenListening } from './test/server-process.js';

/**
 * Issue 14: the BUILT server (`node apps/api/dist/server.js`, what `npm run serve` runs) started
 * with NODE_ENV=production. The build is brought up to date first (`tsc -b`, incremental).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');
const API_KEY = 'prod-test-key';
const PUBLISHED_PASSWORD = 'DemoCustomer#2026';

/** The built server with NODE_ENV=production and only the given environment. */
function spawnServer(dataDir: string, env: Record<string, string>) {
  return spawnProcess([serverJs], repoRoot, {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    API_KEYS: API_KEY,
    ...PRODUCTION_PROVIDER_ENV,
    ...env,
  });
}

const startServer = (dataDir: string, env: Record<string, string>) =>
  whenListening(spawnServer(dataDir, env));

function login(baseUrl: string, email: string, password: string) {
  return fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ email, password }),
  });
}

describe('the built server with NODE_ENV=production', () => {
  const dirs: string[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'd3-prod-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api'],
      {
        cwd: repoRoot,
      },
    );
  }, 300_000);

  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start without JWT_SECRET, saying so', async () => {
    const { child, output } = spawnServer(await newDir(), {});
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toContain('JWT_SECRET: required when NODE_ENV=production');
  }, 60_000);

  it('refuses to start the M-Pesa simulator (its callback URL is free: any http address) in production', async () => {
    const { child, output } = spawnServer(await newDir(), {
      JWT_SECRET: 'p'.repeat(48),
      MPESA_ENV: 'simulator',
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toContain('MPESA_ENV: the simulator is not available when NODE_ENV=production');
  }, 60_000);

  it('loads no demo data, serves no /api/v1/dev/*, no /api/docs and no M-Pesa simulator by default', async () => {
    const dataDir = await newDir();
    const server = await startServer(dataDir, { JWT_SECRET: 'p'.repeat(48) });
    try {
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
      expect(server.output()).not.toContain('Demo catalogue loaded');
      expect(server.output()).not.toContain(PUBLISHED_PASSWORD);
      expect(server.output()).not.toContain('/api/docs');

      const demoLogin = await login(server.baseUrl, 'customer@d3deals.co.ke', PUBLISHED_PASSWORD);
      expect(demoLogin.status).toBe(401);

      for (const url of [
        '/api/v1/dev/outbox',
        '/api/v1/dev/mpesa/ws_CO_1/approve',
        '/api/v1/dev/mpesa/ws_CO_1/decline',
        '/api/v1/dev/google/id-token',
      ]) {
        const method = url.endsWith('outbox') ? 'GET' : 'POST';
        const response = await fetch(`${server.baseUrl}${url}`, {
          method,
          headers: { 'x-api-key': API_KEY },
        });
        expect(response.status, url).toBe(404);
      }
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        expect((await fetch(`${server.baseUrl}${url}`)).status, url).toBe(404);
      }
      const simulator = await fetch(
        `${server.baseUrl}/mpesa-sim/oauth/v1/generate?grant_type=client_credentials`,
      );
      // No simulator answers: a 404, or — once `npm run build` has built the customer site — that
      // site's page for an address it does not know (a client-side 404), never a Daraja token.
      const answer = await simulator.text();
      expect(answer).not.toContain('access_token');
      expect(
        simulator.status === 404 || simulator.headers.get('content-type')?.startsWith('text/html'),
        `${simulator.status} ${simulator.headers.get('content-type')}`,
      ).toBe(true);

      // A second process on the same PGlite data directory refuses to start, naming the first.
      const second = spawnServer(dataDir, { JWT_SECRET: 'p'.repeat(48) });
      const code = await new Promise<number | null>((resolve) => second.child.on('exit', resolve));
      expect(code).toBe(1);
      expect(second.output()).toContain(
        `The PGlite data directory ${dataDir} is already in use by process ${server.child.pid}`,
      );
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  }, 120_000);

  it('with SEED_DEMO=true seeds demo accounts with random passwords printed once, never the published ones', async () => {
    const dataDir = await newDir();
    const server = await startServer(dataDir, { JWT_SECRET: 'p'.repeat(48), SEED_DEMO: 'true' });
    let printed: string;
    try {
      expect(server.output()).toContain('Demo catalogue loaded');
      expect(server.output()).not.toContain(PUBLISHED_PASSWORD);
      const match = server.output().match(/customer\s+customer@d3deals\.co\.ke \/ (\S+)/);
      expect(match?.[1]).toBeDefined();
      printed = match?.[1] ?? '';
      expect(printed).not.toBe(PUBLISHED_PASSWORD);
      expect((await login(server.baseUrl, 'customer@d3deals.co.ke', PUBLISHED_PASSWORD)).status).toBe(401);
      expect((await login(server.baseUrl, 'customer@d3deals.co.ke', printed)).status).toBe(200);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    // A restart on the same data prints no password at all.
    const again = await startServer(dataDir, { JWT_SECRET: 'p'.repeat(48), SEED_DEMO: 'true' });
    try {
      expect(again.output()).not.toContain('Demo catalogue loaded');
      expect(again.output()).not.toContain(printed);
    } finally {
      expect(await stopServer(again)).toBe(0);
    }
  }, 180_000);
});
