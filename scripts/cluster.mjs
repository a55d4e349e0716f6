#!/usr/bin/env node
// `npm run cluster -- --processes N` (issue 35): HAProxy on PORT (default 3000) in front of N API
// processes on the N ports after it, over DATABASE_URL (PostgreSQL) and REDIS_URL. Migrations run
// once first. Process i (0 … N-1) serves /metrics on METRICS_PORT + i (default 9464 + i). One line
// per process with its pid and port; a process that dies is started again; SIGTERM or Ctrl+C stops
// every process by its id. The processes listen on 127.0.0.1 only and trust the proxy's
// X-Forwarded-For (TRUST_PROXY=true): the proxy is the only way in.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
// Whoever reads our output may go away (a closed terminal, a test runner that stopped): keep
// supervising and stopping the processes rather than dying on EPIPE and leaving them behind.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    'log-dir': { type: 'string' },
  },
});
const count = Number(values.processes);
if (!Number.isInteger(count) || count < 1 || count > 64)
  fail('--processes takes a whole number from 1 to 64');
for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name]) {
    fail(`${name} is not set: several processes need PostgreSQL and Redis (see README "Scale out").`);
  }
}
const port = Number(process.env.PORT ?? 3000);
const metricsPort = Number(process.env.METRICS_PORT ?? 9464);
const logDir = path.resolve(values['log-dir'] ?? path.join(process.env.DATA_DIR ?? 'data', 'cluster-logs'));
mkdirSync(logDir, { recursive: true });

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => existsSync(file));
if (!haproxy) fail('HAProxy is not installed (Debian: apt-get install haproxy).');

// 1. Built once (npm run build) if the API has never been built here.
const serverJs = path.join(root, 'apps/api/dist/server.js');
if (!existsSync(serverJs)) {
  console.log('cluster: building (npm run build) …');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) fail('the build failed');
}

// 2. Migrations, once.
const migrated = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/migrate-cli.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (migrated.status !== 0) fail('the migrations failed');

// 3. The API processes.
const children = new Map(); // slot -> child process
let stopping = false;

function startProcess(i) {
  const apiPort = port + 1 + i;
  const log = openSync(path.join(logDir, `api-${i + 1}.log`), 'a');
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort + i),
      TRUST_PROXY: 'true',
    },
  });
  children.set(i, child);
  console.log(
    `api ${i + 1}  pid ${child.pid}  port ${apiPort}  metrics ${metricsPort + i}  log ${path.join(logDir, `api-${i + 1}.log`)}`,
  );
  child.on('exit', (code, signal) => {
    if (children.get(i) === child) children.delete(i);
    if (stopping) return;
    console.log(`api ${i + 1}  pid ${child.pid} exited (${signal ?? `code ${code}`}); starting it again`);
    setTimeout(() => {
      if (!stopping) startProcess(i);
    }, 500);
  });
}

async function ready(apiPort, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const response = await fetch(`http://127.0.0.1:${apiPort}/readyz`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

// 4. HAProxy, with deploy/haproxy.cfg's server blocks written for these processes.
function proxyConfig() {
  let text = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  // Each process twice: checked, and as an unchecked backup the proxy uses only when every check
  // fails at once (a busy host answering /livez late), rather than refusing everything itself.
  const servers = (withCookie) =>
    [
      ...Array.from({ length: count }, (_, i) => {
        const name = `api${i + 1}`;
        return `    server ${name} 127.0.0.1:${port + 1 + i} check${withCookie ? ` cookie ${name}` : ''}`;
      }),
      ...Array.from(
        { length: count },
        (_, i) => `    server api${i + 1}-unchecked 127.0.0.1:${port + 1 + i} backup`,
      ),
    ].join('\n');
  for (const [block, withCookie] of [
    ['api', false],
    ['sockets', true],
  ]) {
    const pattern = new RegExp(`(# servers:${block}[^\\n]*\\n)[\\s\\S]*?(\\s*# end servers:${block})`);
    text = text.replace(pattern, `$1${servers(withCookie)}$2`);
  }
  const file = path.join(logDir, 'haproxy.cfg');
  writeFileSync(file, text);
  return file;
}

let proxy;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}: stopping the proxy and ${children.size} processes`);
  const all = [...children.values(), ...(proxy ? [proxy] : [])];
  for (const child of all) {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
  }
  const force = setTimeout(() => {
    for (const child of all) {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
    }
  }, 15_000);
  force.unref();
  Promise.all(
    all.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  ).then(() => process.exit(0));
}
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGINT'));

for (let i = 0; i < count; i++) startProcess(i);
const readiness = await Promise.all(Array.from({ length: count }, (_, i) => ready(port + 1 + i)));
if (stopping) process.exit(0);
if (readiness.some((ok) => !ok)) {
  console.error(`cluster: a process did not become ready; see ${logDir}`);
  stopAll('not ready');
} else {
  const configFile = proxyConfig();
  const proxyLog = openSync(path.join(logDir, 'haproxy.log'), 'a');
  proxy = spawn(haproxy, ['-f', configFile, '-db'], {
    stdio: ['ignore', proxyLog, proxyLog],
    env: { ...process.env, D3_PROXY_BIND: `*:${port}` },
  });
  console.log(`proxy  pid ${proxy.pid}  port ${port}  (HAProxy, ${configFile})`);
  proxy.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `cluster: HAProxy exited (${signal ?? `code ${code}`}); see ${path.join(logDir, 'haproxy.log')}`,
      );
      stopAll('proxy exited');
    }
  });
  // Ready once the proxy itself answers (it has bound its port and sees a ready process).
  if (await ready(port, 30_000))
    console.log(`cluster: ready on http://localhost:${port}/ (Ctrl+C stops everything)`);
  else if (!stopping) {
    console.error(
      `cluster: the proxy does not answer on port ${port}; see ${path.join(logDir, 'haproxy.log')}`,
    );
    stopAll('proxy not ready');
  }
}
