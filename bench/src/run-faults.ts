/**
 * `npm run test:faults` (issue 35): the cluster (`npm run cluster -- --processes 3`: HAProxy in front
 * of three API processes) on a fresh PostgreSQL database and its own Redis server, under mixed
 * traffic through the proxy, through three faults in turn:
 *   1. kill -9 of one API process (the cluster starts it again);
 *   2. a restart of Redis (this run's own redis-server, never the shared one);
 *   3. every PostgreSQL connection of this run's database cut (pg_terminate_backend).
 * Traffic: bookings racing for shared slots of capacity 1, chat messages numbered per
 * conversation, anonymous catalogue and page reads. Per fault it reports and asserts: committed
 * bookings lost or doubled (0), chat messages lost or duplicated by their per-conversation number
 * (0), slots oversold (0), the error rate during the fault, the time until every request succeeds
 * again (< 10 s), and each process up or restarted. Exits 1 when an assertion fails.
 *
 * Ports (FAULTS_PORT, default 4260): proxy 4260, processes 4261-4263, metrics 4270-4272, Redis 4290.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { API_KEY } from './load.js';
import { createBenchDatabase } from './postgres.js';
import { replaceSection } from './results-file.js';

const PORT = Number(process.env.FAULTS_PORT ?? 4260);
const METRICS_PORT = PORT + 10;
const REDIS_PORT = PORT + 30;
const PROCESSES = 3;
const CUSTOMERS = Number(process.env.FAULTS_CUSTOMERS ?? 20);
/** Each conversation sends one message every this many ms (20 conversations at 400 ms: 50 messages/s). */
const CHAT_INTERVAL_MS = Number(process.env.FAULTS_CHAT_INTERVAL_MS ?? 400);
const BEFORE_MS = 4000;
const AFTER_MS = Number(process.env.FAULTS_AFTER_MS ?? 14_000);
const RECOVERY_LIMIT_MS = 10_000;
const root = path.resolve(import.meta.dirname, '../..');
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'd3-faults-'));

const created = await createBenchDatabase('d3_ops_faults');
if (!created) {
  console.log('test:faults needs PostgreSQL (BENCH_PG_ADMIN_URL); nothing was run.');
  process.exit(1);
}

// --- Redis of this run --------------------------------------------------------------------------
let redis: ChildProcess | undefined;
async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', work],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    if (await redisPing()) return;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}
async function stopRedis() {
  const child = redis;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid!, 'SIGTERM');
  await gone;
}
function redisPing(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn('redis-cli', ['-p', String(REDIS_PORT), 'ping'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    probe.stdout.on('data', (chunk) => {
      out += chunk;
    });
    probe.on('exit', () => resolve(out.trim() === 'PONG'));
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The cluster ------------------------------------------------------------------------------------
const pids = new Map<number, number>(); // api number -> pid
let restarts = 0;
let cluster: ChildProcess | undefined;
async function startCluster(): Promise<void> {
  cluster = spawn(
    process.execPath,
    [path.join(root, 'scripts/cluster.mjs'), '--processes', String(PROCESSES)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(PORT),
        METRICS_PORT: String(METRICS_PORT),
        DATABASE_URL: created!.url,
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        DATA_DIR: work,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '10000000',
        PAGE_RATE_LIMIT_MAX: '10000000',
        CHAT_SEND_MAX: '1000000',
        LOGIN_IP_MAX: '1000000',
        OTP_IP_HOURLY_MAX: '1000000',
        SOCKET_USER_EVENT_MAX: '1000000',
        SOCKET_EVENT_MAX: '1000000',
        MPESA_SIMULATOR_AUTO: 'none',
        DATABASE_POOL_SIZE: '8',
      },
    },
  );
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let buffer = '';
  cluster.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      console.log(`  [cluster] ${line}`);
      const started = /^api (\d+)\s+pid (\d+)\s+port/.exec(line);
      if (started) {
        if (pids.has(Number(started[1]))) restarts += 1;
        pids.set(Number(started[1]), Number(started[2]));
      }
      if (line.startsWith('cluster: ready')) ready!();
    }
  });
  cluster.on('exit', (code) => {
    if (code !== 0) console.error(`cluster exited with ${code}`);
  });
  await Promise.race([
    isReady,
    sleep(300_000).then(() => {
      throw new Error('the cluster was not ready in 5 minutes');
    }),
  ]);
}
async function stopCluster() {
  const child = cluster;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid!, 'SIGTERM');
  await gone;
}
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// --- The API through the proxy ---------------------------------------------------------------------
interface Answer<T> {
  status: number;
  json: T | undefined;
  retryAfter: string | null;
}
async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<Answer<T>> {
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-api-key': API_KEY,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json: T | undefined;
    try {
      json = JSON.parse(text) as T;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, json: undefined, retryAfter: null };
  }
}

// --- Traffic -----------------------------------------------------------------------------------------
interface Sample {
  at: number;
  kind: 'booking' | 'chat' | 'read' | 'page';
  status: number;
  retryAfter: string | null;
}
const samples: Sample[] = [];
/** Bookings the API answered 201 for: id -> slot. */
const bookingsAcked = new Map<string, string>();
/** Chat: conversation -> numbers the API answered 201 for. */
const chatAcked = new Map<string, number[]>();
let running = true;

async function bookingLoop(token: string, slots: string[], serviceId: string, storeId: string) {
  while (running) {
    const slot = slots[Math.floor(Math.random() * slots.length)]!;
    const answer = await api<{ booking?: { id: string } }>(
      'POST',
      '/api/v1/bookings/service',
      { serviceId, storeId, bookingType: 'service', startTime: slot },
      token,
    );
    samples.push({
      at: performance.now(),
      kind: 'booking',
      status: answer.status,
      retryAfter: answer.retryAfter,
    });
    if (answer.status === 201 && answer.json?.booking?.id) bookingsAcked.set(answer.json.booking.id, slot);
    await sleep(300);
  }
}

async function chatLoop(token: string, conversationId: string) {
  let next = 1;
  const acked: number[] = [];
  chatAcked.set(conversationId, acked);
  while (running) {
    const started = performance.now();
    const answer = await api<{ success?: boolean }>(
      'POST',
      '/api/v1/chat/messages',
      { conversationId, content: `fault-seq ${next}` },
      token,
    );
    samples.push({
      at: performance.now(),
      kind: 'chat',
      status: answer.status,
      retryAfter: answer.retryAfter,
    });
    // A number is used once: a send that failed is not sent again (its fate is unknown to the client).
    if (answer.status === 201) acked.push(next);
    next += 1;
    await sleep(Math.max(0, CHAT_INTERVAL_MS - (performance.now() - started)));
  }
}

async function readLoop() {
  let i = 0;
  while (running) {
    const page = i % 4 === 0;
    const answer = page
      ? await fetch(`${base}/`, { signal: AbortSignal.timeout(15_000) })
          .then(async (r) => {
            await r.arrayBuffer();
            return { status: r.status, retryAfter: r.headers.get('retry-after') };
          })
          .catch(() => ({ status: 0, retryAfter: null }))
      : await api('GET', '/api/v1/offers?page=1&limit=12');
    samples.push({
      at: performance.now(),
      kind: page ? 'page' : 'read',
      status: answer.status,
      retryAfter: answer.retryAfter,
    });
    i += 1;
    await sleep(100);
  }
}

// --- Checks --------------------------------------------------------------------------------------------
async function check(db: pg.Client, serviceId: string) {
  const rows = (
    await db.query<{ id: string; start_time: Date; user_id: string }>(
      `select id, start_time, user_id from bookings where service_id = $1 and status <> 'cancelled'`,
      [serviceId],
    )
  ).rows;
  const stored = new Set(rows.map((row) => row.id));
  const bookingsLost = [...bookingsAcked.keys()].filter((id) => !stored.has(id)).length;
  const perSlot = new Map<string, number>();
  for (const row of rows) {
    const key = row.start_time.toISOString();
    perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
  }
  const oversold = [...perSlot.values()].filter((n) => n > 1).length;
  const perCustomerSlot = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.user_id}@${row.start_time.toISOString()}`;
    perCustomerSlot.set(key, (perCustomerSlot.get(key) ?? 0) + 1);
  }
  const bookingsDoubled = [...perCustomerSlot.values()].filter((n) => n > 1).length;

  let chatLost = 0;
  let chatDuplicated = 0;
  for (const [conversationId, acked] of chatAcked) {
    const texts = (
      await db.query<{ content: string }>(`select content from messages where conversation_id = $1`, [
        conversationId,
      ])
    ).rows.map((row) => row.content);
    const counts = new Map<number, number>();
    for (const text of texts) {
      const n = Number(/^fault-seq (\d+)$/.exec(text)?.[1]);
      if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    chatLost += acked.filter((n) => !counts.has(n)).length;
    chatDuplicated += [...counts.values()].filter((n) => n > 1).length;
  }
  return { bookingsLost, bookingsDoubled, oversold, chatLost, chatDuplicated, bookingsStored: rows.length };
}

// Stopped from outside: the cluster and Redis go too (never left running).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running = false;
    void Promise.allSettled([stopCluster(), stopRedis()]).then(() => process.exit(1));
  });
}

// --- The run ------------------------------------------------------------------------------------------
const report: string[] = [];
let failed = false;
try {
  await startRedis();
  await startCluster();
  // This checker's own session is named, and spared when the fault cuts the product's connections.
  const db = new pg.Client({ connectionString: created.url, application_name: 'd3-faults-checker' });
  db.on('error', () => undefined);
  await db.connect();

  // A store open every day with a 60-minute service of capacity 1 (as bench:bookings), in SQL.
  const [place] = (
    await db.query<{ location: string; category: string; merchant: string }>(
      `select (select id from locations order by id limit 1) as location,
              (select name from categories order by name limit 1) as category,
              (select id from merchants order by created_at limit 1) as merchant`,
    )
  ).rows;
  if (!place?.merchant) throw new Error('the demo catalogue is missing');
  const store = (
    await db.query<{ id: string }>(
      `insert into stores (merchant_id, name, category, location_id, opening_time, closing_time, working_days)
       values ($1, 'Fault Test Salon', $2, $3, '08:00', '18:00',
               ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday']) returning id`,
      [place.merchant, place.category, place.location],
    )
  ).rows[0]!;
  const service = (
    await db.query<{ id: string }>(
      `insert into services (store_id, name, category, price, duration, max_concurrent_bookings, auto_confirm_bookings)
       values ($1, 'Fault Haircut', $2, 800, 60, 1, true) returning id`,
      [store.id, place.category],
    )
  ).rows[0]!;

  const customers: Array<{ token: string; conversationId: string }> = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const registered = await api<{ access_token?: string; message?: string }>(
      'POST',
      '/api/v1/users/register',
      {
        firstName: 'Fault',
        lastName: `Customer${i}`,
        email: `fault-${i}-${Date.now()}@d3deals.co.ke`,
        phoneNumber: `+2547222${String(10000 + i).slice(-5)}`,
        password: 'FaultCustomer#2026',
      },
    );
    const token = registered.json?.access_token;
    if (!token) throw new Error(`register failed: ${registered.status} ${registered.json?.message}`);
    const conversation = await api<{ data?: { conversationId: string } }>(
      'POST',
      '/api/v1/chat/conversations',
      { storeId: store.id },
      token,
    );
    const conversationId = conversation.json?.data?.conversationId;
    if (!conversationId) throw new Error(`conversation failed: ${conversation.status}`);
    customers.push({ token, conversationId });
  }

  // Slots: every free one of the next few days, shared by all customers (they race for each).
  const slots: string[] = [];
  for (let day = 1; slots.length < 120 && day <= 14; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Nairobi',
    });
    const answer = await api<{ detailedSlots?: { startTime: string; available: number }[] }>(
      'GET',
      `/api/v1/bookings/service-slots?serviceId=${service.id}&date=${date}`,
    );
    for (const slot of answer.json?.detailedSlots ?? []) if (slot.available > 0) slots.push(slot.startTime);
  }
  if (slots.length < 20) throw new Error(`only ${slots.length} slots`);

  const loops = [
    ...customers.map((c) => chatLoop(c.token, c.conversationId)),
    ...customers.slice(0, 10).map((c) => bookingLoop(c.token, slots, service.id, store.id)),
    readLoop(),
    readLoop(),
  ];

  const faults: Array<{ name: string; run: () => Promise<void> }> = [
    {
      name: 'kill -9 one of 3 API processes',
      run: async () => {
        const pid = pids.get(2)!;
        process.kill(pid, 'SIGKILL');
      },
    },
    {
      name: 'restart Redis',
      run: async () => {
        await stopRedis();
        await sleep(1000);
        await startRedis();
      },
    },
    {
      name: 'cut every PostgreSQL connection',
      run: async () => {
        const admin = new pg.Client({ connectionString: created.url });
        await admin.connect();
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
              and application_name <> 'd3-faults-checker'`,
        );
        await admin.end();
      },
    },
  ];

  report.push(
    `Measured ${new Date().toISOString().slice(0, 16)}Z: ${PROCESSES} API processes behind HAProxy, PostgreSQL ${created.serverVersion}, own Redis; ${CUSTOMERS} conversations sending a message every ${CHAT_INTERVAL_MS} ms (${((CUSTOMERS * 1000) / CHAT_INTERVAL_MS).toFixed(0)} messages/s offered), 10 customers booking shared slots of capacity 1, 2 readers (catalogue API and the home page). CPU ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}; load average at start ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
    '',
    '| fault | requests in the fault window | errors (of which 503 with Retry-After) | time until every request succeeds | bookings lost / doubled | slots oversold | chat lost / duplicated | processes |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  await sleep(BEFORE_MS);
  for (const fault of faults) {
    const restartsBefore = restarts;
    const pidsBefore = new Map(pids);
    const at = performance.now();
    console.log(`fault: ${fault.name}`);
    await fault.run();
    await sleep(AFTER_MS);
    const window = samples.filter((s) => s.at >= at && s.at < at + AFTER_MS);
    const errors = window.filter((s) => s.status === 0 || s.status >= 500);
    const with503 = errors.filter((s) => s.status === 503 && s.retryAfter).length;
    const statuses = new Map<number, number>();
    for (const s of errors) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    const statusText = [...statuses].map(([status, n]) => `${n}×${status || 'no answer'}`).join(', ');
    const lastError = errors.reduce((last, s) => Math.max(last, s.at), at);
    const recoveredMs = errors.length ? lastError - at : 0;
    const afterErrors = errors.filter((s) => s.at > at + RECOVERY_LIMIT_MS).length;
    const result = await check(db, service.id);
    const up = [...pids.entries()].map(
      ([n, pid]) => `api${n} ${alive(pid) ? (pidsBefore.get(n) === pid ? 'up' : 'restarted') : 'DOWN'}`,
    );
    const line = `| ${fault.name} | ${window.length} | ${errors.length} (${with503})${statusText ? `: ${statusText}` : ''} | ${(recoveredMs / 1000).toFixed(1)} s | ${result.bookingsLost} / ${result.bookingsDoubled} | ${result.oversold} | ${result.chatLost} / ${result.chatDuplicated} | ${up.join(', ')}${restarts > restartsBefore ? ` (${restarts - restartsBefore} restart)` : ''} |`;
    console.log(line);
    report.push(line);
    const problems = [
      result.bookingsLost && 'bookings lost',
      result.bookingsDoubled && 'bookings doubled',
      result.oversold && 'slots oversold',
      result.chatLost && 'chat messages lost',
      result.chatDuplicated && 'chat messages duplicated',
      recoveredMs >= RECOVERY_LIMIT_MS && `not recovered within ${RECOVERY_LIMIT_MS / 1000} s`,
      afterErrors && `${afterErrors} errors after ${RECOVERY_LIMIT_MS / 1000} s`,
      up.some((u) => u.includes('DOWN')) && 'a process is down',
    ].filter(Boolean);
    if (problems.length) {
      failed = true;
      console.error(`FAILED (${fault.name}): ${problems.join(', ')}`);
    }
  }
  running = false;
  await Promise.all(loops);
  const final = await check(db, service.id);
  const byKind = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind).length;
  report.push(
    '',
    `Whole run: ${samples.length} requests (${byKind('booking')} bookings, ${byKind('chat')} chat sends, ${byKind('read')} API reads, ${byKind('page')} pages); ${bookingsAcked.size} bookings confirmed and ${final.bookingsStored} stored; ${[...chatAcked.values()].reduce((n, a) => n + a.length, 0)} chat messages acknowledged. Load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
  );
  await db.end();
} catch (error) {
  failed = true;
  console.error('test:faults failed:', error);
} finally {
  running = false;
  await stopCluster().catch(() => undefined);
  await stopRedis().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
const markdown = report.join('\n');
console.log(`\n${markdown}`);
if (report.length > 4 && process.env.FAULTS_WRITE !== 'false')
  replaceSection(new URL('../RESULTS.md', import.meta.url).pathname, 'faults', markdown);
process.exit(failed ? 1 : 0);
