/**
 * Issue 38 goal 4: at 10x the catalogue, a target's p99 stays within 2x of its p99 at 1x. The two
 * runs are compared only when they ran on hosts of like speed, judged by the framework's `hello`
 * route in each run: a 1x run from a host several times slower flattered the 10x run ("met" at 0.83x
 * where the same hour's 1x run gave 2.97x, 2026-11-28).
 */

/** Hosts whose `hello` req/s differ by more than this are not compared. */
export const COMPARABLE_HOST_SPREAD = 1.5;

export interface ScaleRun {
  p99: number;
  /** The `hello` route's req/s in the same run: the host's speed. */
  helloRps: number;
}

export type ScaleVerdict =
  | { comparable: true; ratio: number; met: boolean }
  | { comparable: false; ratio: number; hostSpread: number };

export function scaleVerdict(now: ScaleRun, base: ScaleRun, limit = 2): ScaleVerdict {
  const ratio = now.p99 / base.p99;
  const hostSpread =
    Math.max(now.helloRps, base.helloRps) / Math.max(1, Math.min(now.helloRps, base.helloRps));
  if (!(hostSpread <= COMPARABLE_HOST_SPREAD)) return { comparable: false, ratio, hostSpread };
  return { comparable: true, ratio, met: ratio <= limit };
}

/** A 1x run kept on disk: when it was written and its targets' figures. */
export interface ScaleBase<R> {
  file: string;
  writtenAt: number;
  results: Record<string, R>;
}

/**
 * The 1x run a 10x target is compared with: the newest of the runs that measured it. A whole
 * `npm run bench` and a partial one (BENCH_ONLY, kept beside it) both count, so a same-day
 * comparison of a few targets needs no whole 1x run (stop 57).
 */
export function newestBase<R>(name: string, bases: readonly ScaleBase<R>[]): ScaleBase<R> | undefined {
  return bases
    .filter((base) => base.results[name] !== undefined)
    .reduce<ScaleBase<R> | undefined>(
      (newest, base) => (newest && newest.writtenAt >= base.writtenAt ? newest : base),
      undefined,
    );
}
