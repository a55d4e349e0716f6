import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Asks the OS for a port nobody is listening on, then frees it for the server to take. */
async function findFreePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (!address || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server exited (${server.exitCode ?? server.signalCode}) before answering /health; its output is above, marked [server].`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /health answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer GET /health with 200 within 60 s (${lastProblem}); its output is above, marked [server].`,
  );
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  const signal = (name: NodeJS.Signals) => {
    try {
      if (server.pid !== undefined && server.exitCode === null) process.kill(server.pid, name);
    } catch {
      // it exited between the check and the signal
    }
  };
  signal('SIGTERM'); // the server finishes in-flight requests and closes the database
  const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the real app (the built API server, which also serves both built sites) on a free port with a
 * fresh PGlite data directory, and returns the teardown that stops it and deletes that directory.
 * Set E2E_BASE_URL beforehand to run the specs against an app that is already running instead.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;

  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
  }

  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'd3-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  // The run is hermetic: embedded PGlite in the temp directory, no shared PostgreSQL or Redis.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // /metrics (issue 35) on a free port: 9464 may be taken by a server already running here.
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MPESA_SIMULATOR_AUTO: 'none',
    // Every test customer registers from 127.0.0.1: lift the per-IP OTP cap (20/h by default).
    OTP_IP_HOURLY_MAX: '100000',
    // Split with friends (issue 34): a split's places held 45 s, not 15 min, so split-payments.spec.ts
    // sees one lapse; the jobs that release it and refund its paid shares run every 1-2 s.
    SPLIT_HOLD_SECONDS: '45',
    MPESA_RECONCILE_INTERVAL_MS: '2000',
    MONEY_JOBS_INTERVAL_MS: '1000',
    // Every page of every spec comes from 127.0.0.1: lift the per-IP page budget (300/min by default).
    PAGE_RATE_LIMIT_MAX: '100000',
    // And every API call: on a fast host the suite's two workers peaked at 588 calls in a minute
    // (2026-11-28), at the API's per-IP budget (600/min); a 429 there reads as "Failed to fetch …".
    // The budget itself is tested in the API suite.
    RATE_LIMIT_MAX: '100000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => process.stderr.write(chunk.toString().replace(/^(?=.)/gm, '[server] '));
  server.stdout?.on('data', relay);
  server.stderr?.on('data', relay);

  const teardown = async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await teardown();
    throw error;
  }

  // Workers start after global setup and inherit this, so playwright.config.ts reads it as `use.baseURL`.
  process.env.E2E_BASE_URL = baseUrl;
  return teardown;
}
