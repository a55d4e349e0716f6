import { describe, expect, it } from 'vitest';
import { scaleVerdict } from './scale-goal.js';

describe('scaleVerdict (issue 38 goal 4: 10x against 1x)', () => {
  it('judges the p99 ratio against 2x when both runs had hosts of like speed', () => {
    expect(scaleVerdict({ p99: 93.5, helloRps: 40_021 }, { p99: 31.5, helloRps: 41_510 })).toEqual({
      comparable: true,
      ratio: 93.5 / 31.5,
      met: false,
    });
    expect(scaleVerdict({ p99: 13, helloRps: 40_021 }, { p99: 13.5, helloRps: 41_510 })).toMatchObject({
      comparable: true,
      met: true,
    });
    // At the edge: 2x is met, and hosts 1.5x apart are still compared.
    expect(scaleVerdict({ p99: 200, helloRps: 30_000 }, { p99: 100, helloRps: 20_000 })).toMatchObject({
      comparable: true,
      met: true,
    });
  });

  it('does not compare with a 1x run from a host of another speed, whichever way', () => {
    // The committed 1x run came from a busy host (hello 5,428 req/s): 0.83x looked "met".
    const verdict = scaleVerdict({ p99: 93.5, helloRps: 40_021 }, { p99: 113, helloRps: 5_428 });
    expect(verdict.comparable).toBe(false);
    expect(verdict).toMatchObject({ hostSpread: 40_021 / 5_428 });
    expect(scaleVerdict({ p99: 50, helloRps: 5_000 }, { p99: 40, helloRps: 9_000 }).comparable).toBe(false);
    // A run without a hello figure is never compared.
    expect(scaleVerdict({ p99: 50, helloRps: 0 }, { p99: 40, helloRps: 9_000 }).comparable).toBe(false);
  });
});
