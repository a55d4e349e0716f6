/**
 * `npm run bench:bookings` (issue 6): 200 concurrent booking requests over 20 slots of capacity
 * 1, on PostgreSQL, through the real API process (bench-server.ts). Reports throughput, latency
 * and — from the database — that no slot holds more bookings than its capacity.
 *
 * Setup (directly in SQL, beside the small bench catalogue): one store open every day 08:00-18:00
 * with one service of 60 minutes and maxConcurrentBookings 1 at its main branch; 20 customers
 * registered through POST /users/register. The 20 slots are the first free ones of the next two
 * days from GET /bookings/service-slots. Request i books slot i % 20 as customer i % 20. A first
 * burst on other slots warms the process up and is reported apart; then BENCH_BOOKING_ROUNDS (3)
 * bursts, each on 20 fresh slots, medians. The host's CPU index (the `hello` route, load.ts) is
 * measured before the bursts and after them, and printed beside the figures (issue 38).
 * BENCH_BUSY_CORES=1 takes a core with a spinning process for the whole measurement (load.ts
 * takeCores), for the goal's busy host; the figures say so.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { API_KEY, cpuIndexText, HELLO_TARGET, hit, median, takeCores } from './load.js';
import { createBenchDatabase, insertBookableService } from './postgres.js';
import { replaceSection } from './results-file.js';
import { startServer } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3175);
const REQUESTS = Number(process.env.BENCH_BOOKING_REQUESTS ?? 200);
const SLOTS = 20;
const ROUNDS = Number(process.env.BENCH_BOOKING_ROUNDS ?? 3);
const base = `http://127.0.0.1:${PORT}/api/v1`;

const created = await createBenchDatabase(process.env.BENCH_PG_DATABASE ?? 'd3_bench_bookings');
if (!created) process.exit(0);
const server = await startServer(PORT, {
  DATABASE_URL: created.url,
  BENCH_STORES: '50',
  BENCH_OFFERS: '200',
});
const db = new pg.Client({ connectionString: created.url });
await db.connect();

/**
 * The bench's own client: node's http with keep-alive sockets, one per request in flight. fetch (undici)
 * spent 200-330 ms of this host's CPU on a burst of 200 (more than the API did), on the same two cores
 * as the API and PostgreSQL; a rush's 200 phones do not spend the server's CPU (issue 38).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: REQUESTS + 10 });

function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'x-api-key': API_KEY,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          try {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString()) as T,
              ms,
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

try {
  const { store, service } = await insertBookableService(db, {
    store: 'Bench Booking Salon',
    service: 'Bench Haircut',
  });

  const tokens: string[] = [];
  for (let i = 0; i < SLOTS; i += 1) {
    const registered = await api<{ access_token?: string; message?: string }>('POST', '/users/register', {
      firstName: 'Bench',
      lastName: `Customer${i}`,
      email: `bench-customer-${i}@d3deals.co.ke`,
      phoneNumber: `+2547111${String(10000 + i).slice(-5)}`,
      password: 'BenchCustomer#2026',
    });
    if (!registered.json.access_token)
      throw new Error(`register failed: ${registered.status} ${registered.json.message}`);
    tokens.push(registered.json.access_token);
  }

  // Slots for a warm-up burst (not counted: the pool's connections open, the code paths compile)
  // and for each measured round, 20 fresh ones each.
  const wanted = SLOTS * (ROUNDS + 1);
  const slots: string[] = [];
  for (let day = 1; slots.length < wanted && day <= 21; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Nairobi',
    });
    const answer = await api<{
      detailedSlots?: { startTime: string; available: number }[];
      message?: string;
    }>('GET', `/bookings/service-slots?serviceId=${service.id}&date=${date}`);
    if (answer.status !== 200) throw new Error(`slots failed: ${answer.status} ${answer.json.message}`);
    for (const slot of answer.json.detailedSlots ?? [])
      if (slot.available > 0 && slots.length < wanted) slots.push(slot.startTime);
  }
  if (slots.length < wanted) throw new Error(`only ${slots.length} slots found`);

  /** One burst: REQUESTS creates at once, request i books slot i % 20 of the burst as customer i % 20. */
  async function burst(round: number) {
    const mine = slots.slice(round * SLOTS, (round + 1) * SLOTS);
    const cpuBefore = server.cpuMs();
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        api<{ booking?: { id: string } }>(
          'POST',
          '/bookings/service',
          { serviceId: service.id, storeId: store.id, bookingType: 'service', startTime: mine[i % SLOTS] },
          tokens[i % SLOTS],
        ),
      ),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
    const serverCpuMs = server.cpuMs() - cpuBefore;
    const client = process.cpuUsage(clientBefore);
    const clientCpuMs = (client.user + client.system) / 1000;
    return { results, wallSeconds, p50: median(latencies), p99, serverCpuMs, clientCpuMs };
  }

  // The host's CPU index beside the run (issue 38), before the bursts and after them.
  const origin = `http://127.0.0.1:${PORT}`;
  async function helloRps() {
    await hit(origin, HELLO_TARGET, 2, 50);
    return (await hit(origin, HELLO_TARGET, 5, 50)).rps;
  }
  const busy = takeCores(Number(process.env.BENCH_BUSY_CORES ?? 0));
  const helloBefore = await helloRps();
  console.log(`before: ${cpuIndexText(helloBefore)}`);
  const warmup = await burst(0);
  console.log(
    `warm-up burst: ${(REQUESTS / warmup.wallSeconds).toFixed(0)} req/s, p50 ${warmup.p50.toFixed(0)} ms, p99 ${warmup.p99.toFixed(0)} ms`,
  );
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const measured = await burst(round);
    console.log(
      `round ${round}: ${(REQUESTS / measured.wallSeconds).toFixed(0)} req/s, p50 ${measured.p50.toFixed(0)} ms, p99 ${measured.p99.toFixed(0)} ms, API CPU ${(measured.serverCpuMs / REQUESTS).toFixed(2)} ms a request`,
    );
    rounds.push(measured);
  }
  const helloAfter = await helloRps();
  busy.stop();
  console.log(`after: ${cpuIndexText(helloAfter)}`);
  const byStatus = new Map<number, number>();
  for (const result of rounds.flatMap((round) => round.results))
    byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);

  const perSlot = (
    await db.query<{ start_time: Date; n: number }>(
      `select start_time, count(*)::int as n from bookings where service_id = $1 and status <> 'cancelled' group by 1`,
      [service.id],
    )
  ).rows;
  const maxPerSlot = Math.max(0, ...perSlot.map((row) => row.n));
  const stored = perSlot.reduce((sum, row) => sum + row.n, 0);
  const created201 = (byStatus.get(201) ?? 0) + warmup.results.filter((r) => r.status === 201).length;
  const oversold = maxPerSlot > 1 || stored !== created201;

  const statusText = [...byStatus.entries()]
    .sort()
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  const rps = rounds.map((round) => REQUESTS / round.wallSeconds);
  const p50 = median(rounds.map((round) => round.p50));
  const p99 = median(rounds.map((round) => round.p99));
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 10)} on PostgreSQL ${created.serverVersion}, API process with a pool of 10: ${REQUESTS} concurrent POST /bookings/service over ${SLOTS} slots of capacity 1 (${SLOTS} customers), after one warm-up burst on other slots; ${ROUNDS} rounds of fresh slots, medians. Load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' / ',
      )} at the end. Host: ${cpuIndexText(helloBefore)} before the bursts, ${cpuIndexText(helloAfter)} after${
      busy.count
        ? `, with ${busy.count} of its ${os.cpus().length} cores taken by a spinning process (BENCH_BUSY_CORES)`
        : ''
    }.`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| answers (measured rounds) | ${statusText} |`,
    `| throughput | ${median(rps).toFixed(0)} requests/s (rounds: ${rps.map((n) => n.toFixed(0)).join(', ')}) |`,
    `| API process CPU a request | ${median(rounds.map((round) => round.serverCpuMs / REQUESTS)).toFixed(2)} ms |`,
    `| the bench's own client, CPU a burst | ${median(rounds.map((round) => round.clientCpuMs)).toFixed(0)} ms (on the same host) |`,
    `| latency p50 / p99 | ${p50.toFixed(0)} ms / ${p99.toFixed(0)} ms (goal p99 < 250 ms → ${p99 < 250 ? 'met' : 'missed'}) |`,
    `| cold burst (first after start, not counted) | ${(REQUESTS / warmup.wallSeconds).toFixed(0)} requests/s, p50 ${warmup.p50.toFixed(0)} ms / p99 ${warmup.p99.toFixed(0)} ms |`,
    `| bookings stored | ${stored} in ${perSlot.length} slots, at most ${maxPerSlot} per slot |`,
    `| oversold | ${oversold ? 'YES — capacity broken' : 'no'} |`,
  ].join('\n');
  console.log(markdown);
  if (process.env.BENCH_WRITE !== 'false')
    replaceSection(new URL('../RESULTS.md', import.meta.url).pathname, 'bookings', markdown);
  if (oversold) process.exitCode = 1;
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
}
