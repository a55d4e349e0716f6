/**
 * `npm run test:faults` (issue 35): the cluster (`npm run cluster -- --processes 3`: HAProxy in front
 * of three API processes) on a fresh PostgreSQL database and its own Redis server, under mixed
 * traffic through the proxy, through three faults in turn:
 *   1. kill -9 of one API process (the cluster starts it again);
 *   2. a restart of Redis (this run's own redis-server, never the shared one);
 *   3. every PostgreSQL connection of this run's database cut (pg_terminate_backend).
 * Traffic: bookings racing for shared slots of capacity 1; M-Pesa payments of a paid offer's access
 * fee, their callbacks replayed (faults-payments.ts); chat at FAULTS_CHAT_RATE (200) messages/s
 * between FAULTS_CHAT_PAIRS (50) pairs, each message with its client message id, resent until
 * answered, and received on both sides' sockets (faults-chat.ts); anonymous catalogue and page
 * reads. Per fault it reports and asserts: committed bookings and payments lost or doubled (0),
 * chat messages lost or duplicated by their per-conversation sequence numbers (0), slots oversold
 * (0), the error rate during the fault, the time until every request succeeds again (< 10 s), and
 * each process up or restarted; at the end, every stored chat message reached the other side's
 * socket, once. Exits 1 when an assertion fails.
 *
 * Ports (FAULTS_PORT, default 4260): proxy 4260, processes 4261-4263, metrics 4270-4272, Redis 4290.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase } from '../../apps/api/src/db/client.js';
import {
  createCustomer,
  createOffer,
  createService,
  customerToken,
  seedPlaces,
} from '../../apps/api/src/test/factories.js';
import {
  chatCounters,
  chatReceivers,
  chatSenders,
  checkChat,
  checkDelivery,
  closeChatSockets,
  createChatPairs,
} from './faults-chat.js';
import { api, FAULTS_PORT, page, type Sample, samples, sleep, traffic } from './faults-client.js';
import {
  checkPayments,
  type Payer,
  paidBookingsAcked,
  payerLoops,
  paymentCounters,
} from './faults-payments.js';
import { faultProblems, RECOVERY_LIMIT_MS } from './faults-verdict.js';
import { API_KEY } from './load.js';
import { createBenchDatabase, insertBookableService } from './postgres.js';
import { replaceSection } from './results-file.js';

const PORT = FAULTS_PORT;
const METRICS_PORT = PORT + 10;
const REDIS_PORT = PORT + 30;
const PROCESSES = 3;
/** Customers booking the shared slots of the free service. */
const BOOKERS = Number(process.env.FAULTS_BOOKERS ?? 10);
/** Customers paying a paid offer's access fee by M-Pesa. */
const PAYERS = Number(process.env.FAULTS_PAYERS ?? 6);
const CHAT_PAIRS = Number(process.env.FAULTS_CHAT_PAIRS ?? 50);
/** Chat messages per second offered, over all pairs (each side of a pair sends half its share). */
const CHAT_RATE = Number(process.env.FAULTS_CHAT_RATE ?? 200);
const BEFORE_MS = 4000;
const AFTER_MS = Number(process.env.FAULTS_AFTER_MS ?? 14_000);
const JWT_SECRET = randomBytes(32).toString('hex');
const CALLBACK_TOKEN = randomBytes(36).toString('base64url');
const root = path.resolve(import.meta.dirname, '../..');
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
        // Each process's Daraja simulator approves a push after 300 ms and calls that process back.
        MPESA_SIMULATOR_AUTO: 'approve',
        MPESA_SIMULATOR_DELAY_MS: '300',
        MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
        JWT_SECRET,
        API_KEYS: API_KEY,
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

// --- Traffic -----------------------------------------------------------------------------------------
/** Bookings of the shared free service the API answered 201 for: id -> slot. */
const bookingsAcked = new Map<string, string>();

async function bookingLoop(token: string, slots: string[], serviceId: string, storeId: string) {
  while (traffic.running) {
    const slot = slots[Math.floor(Math.random() * slots.length)]!;
    const answer = await api<{ booking?: { id: string } }>('POST', '/api/v1/bookings/service', {
      body: { serviceId, storeId, bookingType: 'service', startTime: slot },
      token,
      kind: 'booking',
    });
    if (answer.status === 201 && answer.json?.booking?.id) bookingsAcked.set(answer.json.booking.id, slot);
    await sleep(300);
  }
}

async function readLoop() {
  let i = 0;
  while (traffic.running) {
    const home = i % 4 === 0;
    if (home) {
      samples.push({ at: performance.now(), kind: 'page', ...(await page('/')) });
    } else {
      await api('GET', '/api/v1/offers?page=1&limit=12', { kind: 'read' });
    }
    i += 1;
    await sleep(100);
  }
}

// --- Checks --------------------------------------------------------------------------------------------
/** Bookings of the store (both resources): acknowledged ones lost, a customer's slot twice, a slot oversold. */
async function checkBookings(db: pg.Client, storeId: string) {
  // What was confirmed before the database is read (a later answer is not in this read).
  const acked = [...bookingsAcked.keys(), ...paidBookingsAcked.keys()];
  const rows = (
    await db.query<{ id: string; start_time: Date; user_id: string; resource: string }>(
      `select id, start_time, user_id, coalesce(service_id, offer_id)::text as resource
         from bookings where store_id = $1 and status <> 'cancelled'`,
      [storeId],
    )
  ).rows;
  const stored = new Set(rows.map((row) => row.id));
  const lost = acked.filter((id) => !stored.has(id)).length;
  const count = (key: (row: (typeof rows)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
    return [...counts.values()].filter((n) => n > 1).length;
  };
  const oversold = count((row) => `${row.resource}@${row.start_time.toISOString()}`);
  const doubled = count((row) => `${row.user_id}@${row.resource}@${row.start_time.toISOString()}`);
  return { lost, doubled, oversold, stored: rows.length, acked: acked.length };
}

// Stopped from outside: the cluster and Redis go too (never left running).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    traffic.running = false;
    closeChatSockets();
    void Promise.allSettled([stopCluster(), stopRedis()]).then(() => process.exit(1));
  });
}

/** Free slots of a service or an offer over the next days (up to `max`). */
async function freeSlots(kind: 'service' | 'offer', id: string, max: number): Promise<string[]> {
  const slots: string[] = [];
  for (let day = 1; slots.length < max && day <= 9; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Nairobi',
    });
    const answer = await api<{ detailedSlots?: { startTime: string; available: number }[] }>(
      'GET',
      `/api/v1/bookings/${kind}-slots?${kind}Id=${id}&date=${date}`,
    );
    for (const slot of answer.json?.detailedSlots ?? []) if (slot.available > 0) slots.push(slot.startTime);
  }
  if (slots.length < 20) throw new Error(`only ${slots.length} ${kind} slots`);
  return slots;
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
  const { store, service } = await insertBookableService(db, {
    store: 'Fault Test Salon',
    service: 'Fault Haircut',
  });

  // Accounts, stores, the paid offer and the chat pairs, written directly (tokens signed with the
  // cluster's JWT_SECRET), so the traffic starts at once.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: created.url,
    DATA_DIR: work,
    JWT_SECRET,
    API_KEYS: API_KEY,
    MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
  });
  const setup = await openDatabase({ databaseUrl: created.url, dataDir: work, poolSize: 4 });
  await seedPlaces(setup.db);
  const bookers: string[] = [];
  for (let i = 0; i < BOOKERS; i++) {
    bookers.push(await customerToken({ config }, (await createCustomer(setup.db)).id));
  }
  const payers: Payer[] = [];
  for (let i = 0; i < PAYERS; i++) {
    // A verified phone of their own: pushes to it are not limited like pushes to another number.
    const phone = `07${String(30_000_000 + i).padStart(8, '0')}`;
    const user = await createCustomer(setup.db, {
      phoneNumber: `+254${phone.slice(1)}`,
      isPhoneVerified: true,
    });
    payers.push({ token: await customerToken({ config }, user.id), phone });
  }
  // The paid offer: 20 % off KES 2,000 on a 60-minute service of capacity 1 (access fee KES 60).
  const paidService = await createService(setup.db, {
    storeId: store.id,
    name: 'Fault Massage',
    price: '2000.00',
    duration: 60,
    maxConcurrentBookings: 1,
    autoConfirmBookings: true,
  });
  const paidOffer = await createOffer(setup.db, {
    storeId: store.id,
    serviceId: paidService.id,
    title: 'Fault Massage 20% off',
    originalPrice: '2000.00',
    discount: '20.00',
    expirationDate: new Date(Date.now() + 30 * 86_400_000),
  });
  const pairs = await createChatPairs(setup.db, config, CHAT_PAIRS);
  await setup.close();

  // Slots: every free one of the next days, shared by all customers (they race for each).
  const slots = await freeSlots('service', service.id, 120);
  const offerSlots = await freeSlots('offer', paidOffer.id, 120);
  await chatReceivers(pairs);

  const callbackPath = `/api/v1/payments/mpesa/callback/${CALLBACK_TOKEN}`;
  const loops = [
    ...chatSenders(pairs, CHAT_RATE),
    ...bookers.map((token) => bookingLoop(token, slots, service.id, store.id)),
    ...payerLoops(payers, { offerId: paidOffer.id, storeId: store.id, slots: offerSlots }, callbackPath),
    readLoop(),
    readLoop(),
  ];
  const trafficStarted = performance.now();

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
    `Measured ${new Date().toISOString().slice(0, 16)}Z: ${PROCESSES} API processes behind HAProxy, PostgreSQL ${created.serverVersion}, own Redis. Traffic through the proxy: chat between ${CHAT_PAIRS} pairs at ${CHAT_RATE} messages/s offered (both sides send, each message with its client message id, resent with it until answered; both sides receive on a socket), ${BOOKERS} customers booking shared slots of capacity 1, ${PAYERS} customers booking a paid offer and paying its access fee by M-Pesa (simulator approves after 300 ms; every other completed payment's callback replayed 1-3 times at once to any process), 2 readers (catalogue API and the home page). CPU ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}; load average at start ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
    '',
    '| fault | requests in the fault window | errors (of which 503 with Retry-After) | time until every request succeeds | bookings lost / doubled | payments lost / doubled | slots oversold | chat lost / duplicated (by sequence number) | processes |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  await sleep(BEFORE_MS);
  {
    // The same traffic before any fault: what this host serves without one.
    const window = samples.filter((s) => s.at >= trafficStarted && s.at < trafficStarted + BEFORE_MS);
    const errors = window.filter((s) => s.status === 0 || s.status >= 500);
    const line = `| none (the ${BEFORE_MS / 1000} s before the first fault) | ${window.length} | ${errors.length} (${errors.filter((s) => s.status === 503 && s.retryAfter).length}) | — | — | — | — | — | api1 up, api2 up, api3 up |`;
    console.log(line);
    report.push(line);
  }
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
    const bookings = await checkBookings(db, store.id);
    const paid = await checkPayments(db, paidOffer.id);
    const chat = await checkChat(db);
    const states = [...pids.entries()].map(([n, pid]) => ({
      n,
      state: alive(pid) ? (pidsBefore.get(n) === pid ? 'up' : 'restarted') : 'DOWN',
    }));
    const up = states.map(({ n, state }) => `api${n} ${state}`);
    const line = `| ${fault.name} | ${window.length} | ${errors.length} (${with503})${statusText ? `: ${statusText}` : ''} | ${(recoveredMs / 1000).toFixed(1)} s | ${bookings.lost} / ${bookings.doubled} | ${paid.lost} / ${paid.doubled} | ${bookings.oversold} | ${chat.lost + chat.gaps} / ${chat.duplicated} | ${up.join(', ')}${restarts > restartsBefore ? ` (${restarts - restartsBefore} restart)` : ''} |`;
    console.log(line);
    report.push(line);
    const problems = faultProblems({
      bookings,
      payments: paid,
      chat,
      recoveredMs,
      errorsAfterLimit: afterErrors,
      processes: states.map(({ state }) => state),
    });
    if (problems.length) {
      failed = true;
      console.error(`FAILED (${fault.name}): ${problems.join(', ')}`);
    }
  }
  const trafficMs = performance.now() - trafficStarted;
  traffic.running = false;
  // Every loop ends its current request (and a chat send its resends, at most 30 s); one that is
  // still at it after 60 s is named and left behind.
  const names = ['chat senders', 'bookers', 'payers', 'readers'];
  const sizes = [CHAT_PAIRS * 2, BOOKERS, PAYERS, 2];
  const pending = new Set(loops.map((_, i) => i));
  loops.forEach((loop, i) => void loop.finally(() => pending.delete(i)));
  const stopBy = performance.now() + 60_000;
  while (pending.size && performance.now() < stopBy) await sleep(250);
  if (pending.size) {
    const stuck = [...pending].map((i) => {
      let k = i;
      for (let n = 0; n < sizes.length; n++) {
        if (k < sizes[n]!) return names[n];
        k -= sizes[n]!;
      }
      return '?';
    });
    console.error(`traffic loops still running 60 s after the stop: ${stuck.join(', ')}`);
  }
  const bookings = await checkBookings(db, store.id);
  const paid = await checkPayments(db, paidOffer.id);
  const chat = await checkChat(db);
  const delivery = await checkDelivery(db, 20_000);
  closeChatSockets();
  const finalProblems = [
    bookings.lost + bookings.doubled + bookings.oversold && 'bookings',
    paid.lost + paid.doubled && 'payments',
    chat.lost + chat.gaps + chat.duplicated && 'chat (stored)',
    delivery.lost && `${delivery.lost} chat messages never reached the other side`,
    chatCounters.ended && `${chatCounters.ended} sockets ended by the server (a fault ended a session)`,
  ].filter(Boolean);
  if (finalProblems.length) {
    failed = true;
    console.error(`FAILED (whole run): ${finalProblems.join(', ')}`);
  }
  const byKind = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind).length;
  report.push(
    '',
    `Whole run (${(trafficMs / 1000).toFixed(0)} s of traffic): ${samples.length} requests (${byKind('booking')} bookings, ${byKind('payment')} M-Pesa pushes, ${byKind('callback')} replayed callbacks, ${byKind('chat')} chat sends, ${byKind('read')} API reads, ${byKind('page')} pages). Bookings: ${bookings.acked} confirmed, ${bookings.stored} stored, lost / doubled / oversold ${bookings.lost} / ${bookings.doubled} / ${bookings.oversold}. M-Pesa: ${paymentCounters.pushes} pushes, ${paid.completed} seen completed by the customer, ${paymentCounters.replays} callbacks replayed, ${paymentCounters.unconfirmed} not confirmed within 20 s (pushed by the killed process: its simulator died with it); lost / doubled ${paid.lost} / ${paid.doubled}. Chat: ${chat.acked} messages acknowledged (${((chat.acked / trafficMs) * 1000).toFixed(0)} messages/s achieved), ${chatCounters.resent} sends resent with their client message id, ${chatCounters.refused} refused, ${chatCounters.abandoned} given up; ${chat.stored} stored, lost / duplicated / sequence gaps ${chat.lost} / ${chat.duplicated} / ${chat.gaps}. Delivered to the other side (socket, or the re-read after a new session): ${delivery.delivered - delivery.lost} of ${delivery.delivered}; ${delivery.redelivered} received again with the same number (a resend's events, merged by the client); ${delivery.reconnects} socket reconnects, ${delivery.recovered} of them recovered by Socket.IO (the rest re-read the conversation over HTTP); ${chatCounters.handshakesRefused} handshakes refused SERVICE_UNAVAILABLE and tried again; ${chatCounters.ended} sockets ended by the server. Load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
  );
  await db.end();
} catch (error) {
  failed = true;
  console.error('test:faults failed:', error);
} finally {
  traffic.running = false;
  closeChatSockets();
  await stopCluster().catch(() => undefined);
  await stopRedis().catch(() => undefined);
  // The processes' and the proxy's logs stay when asked (FAULTS_KEEP_LOGS=dir).
  if (process.env.FAULTS_KEEP_LOGS) {
    cpSync(path.join(work, 'cluster-logs'), process.env.FAULTS_KEEP_LOGS, { recursive: true });
  }
  rmSync(work, { recursive: true, force: true });
}
const markdown = report.join('\n');
console.log(`\n${markdown}`);
if (report.length > 4 && process.env.FAULTS_WRITE !== 'false')
  replaceSection(new URL('../RESULTS.md', import.meta.url).pathname, 'faults', markdown);
process.exit(failed ? 1 : 0);
