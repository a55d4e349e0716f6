import { describe, expect, it } from 'vitest';
import { newestBase, scaleVerdict } from './scale-goal.js';

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

describe('newestBase (which 1x run a 10x target is compared with)', () => {
  const whole = { file: 'api-postgres.json', writtenAt: 1_000, results: { 'hot-deals': 1, search: 2 } };
  const partial = { file: 'api-postgres-partial.json', writtenAt: 2_000, results: { search: 3 } };

  it('takes the newest run that measured the target, whole or partial', () => {
    expect(newestBase('search', [whole, partial])?.results.search).toBe(3);
    expect(newestBase('search', [partial, whole])?.file).toBe('api-postgres-partial.json');
    // The partial run did not measure Hot Deals: the whole run's figure stands.
    expect(newestBase('hot-deals', [whole, partial])?.file).toBe('api-postgres.json');
    expect(newestBase('store', [whole, partial])).toBeUndefined();
    expect(newestBase('search', [{ ...partial, writtenAt: 500 }, whole])?.file).toBe('api-postgres.json');
  });
});
