import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  /** Paths cycled by every connection (one path: a single URL). */
  paths: string[];
  /** The Accept header (pages: text/html); JSON by default. */
  accept?: string;
  /** The Accept-Encoding header, as a browser sends it (pages); none by default. */
  acceptEncoding?: string;
}

/** What Chromium sends as Accept-Encoding: pages are measured as browsers fetch them (issue 38). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface RoundResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU time per answered request, in ms, when the caller can read it. */
  cpuMsPerRequest?: number;
}

export const API_KEY = process.env.BENCH_API_KEY ?? 'd3-dev-key';

/** One autocannon run: `connections` keep-alive connections for `seconds`. */
export async function hit(
  base: string,
  target: Target,
  seconds: number,
  connections: number,
): Promise<RoundResult & { requests: number }> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: {
      'x-api-key': API_KEY,
      accept: target.accept ?? 'application/json',
      ...(target.acceptEncoding ? { 'accept-encoding': target.acceptEncoding } : {}),
    },
    requests: target.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The host's CPU index (issue 38): the framework's `hello` route (bench-server.ts) at 50
 * connections, against the ~20,000 req/s it answered on this 2-core machine when it was quiet
 * (bench/RESULTS.md, PostgreSQL run of 2026-11-26 00:14: 20,228). 1.0 is that quiet host; 0.5 a
 * host at half its speed.
 */
const QUIET_HELLO_RPS = 20_000;
export const HELLO_TARGET: Target = { name: 'hello', paths: ['/api/v1/bench/hello'] };

export function cpuIndexText(helloRps: number | undefined): string {
  return helloRps
    ? `CPU index ${(helloRps / QUIET_HELLO_RPS).toFixed(2)} (hello ${helloRps.toFixed(0)} req/s / ${QUIET_HELLO_RPS})`
    : 'CPU index n/a';
}

/**
 * A spinning process: it ends when the process that started it ends, and after 30 minutes at most,
 * so a benchmark that crashes leaves no core taken.
 */
const SPIN = `const parent = process.ppid, until = Date.now() + 30 * 60_000;
for (;;) {
  for (let i = 0; i < 1e7; i += 1);
  try { process.kill(parent, 0); } catch { process.exit(0); }
  if (Date.now() > until) process.exit(0);
}`;

/**
 * BENCH_BUSY_CORES=n (issue 38: "busy as well as quiet"): n processes, each spinning on a core,
 * for as long as the measurement runs, so a busy host can be made again on demand rather than
 * waited for. Taking a core is not the same as neighbours slowing the host down, so a run says
 * which it was. `stop()` ends them (by their own ids).
 */
export function takeCores(count: number): { count: number; stop(): void } {
  const spinners = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }),
  );
  return {
    count,
    stop: () => {
      for (const spinner of spinners) spinner.kill();
    },
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Warm-up, then `rounds` interleaved rounds (every target once per round, so a noisy moment on
 * the machine hits all targets alike); the median of the rounds per target.
 */
export async function measure(
  base: string,
  targets: Target[],
  {
    rounds,
    seconds,
    warmupSeconds,
    connections,
  }: { rounds: number; seconds: number; warmupSeconds: number; connections: number },
  log: (line: string) => void,
  /** The server's CPU time so far (ms): each round then says what one request cost it. */
  cpuMs?: () => number,
): Promise<Record<string, RoundResult & { rounds: RoundResult[] }>> {
  for (const target of targets) await hit(base, target, warmupSeconds, connections);
  const byTarget: Record<string, RoundResult[]> = {};
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const cpuBefore = cpuMs?.() ?? Number.NaN;
      const { requests, ...result }: RoundResult & { requests: number } = await hit(
        base,
        target,
        seconds,
        connections,
      );
      const cpu = (cpuMs?.() ?? Number.NaN) - cpuBefore;
      if (Number.isFinite(cpu) && requests > 0) result.cpuMsPerRequest = cpu / requests;
      byTarget[target.name] = [...(byTarget[target.name] ?? []), result];
      log(
        `  round ${round} ${target.name.padEnd(16)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.cpuMsPerRequest !== undefined ? `  cpu ${result.cpuMsPerRequest.toFixed(2)} ms/req` : ''}${result.errors || result.non2xx ? `  errors ${result.errors} non2xx ${result.non2xx}` : ''}`,
      );
    }
  }
  return Object.fromEntries(
    Object.entries(byTarget).map(([name, results]) => [
      name,
      {
        rps: median(results.map((r) => r.rps)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
        non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
        ...(results.every((r) => r.cpuMsPerRequest !== undefined)
          ? { cpuMsPerRequest: median(results.map((r) => r.cpuMsPerRequest ?? 0)) }
          : {}),
        rounds: results,
      },
    ]),
  );
}
