import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The rules of `npm run lint:api-arch` (.dependency-cruiser.cjs, issue 17), run through
// dependency-cruiser's own API.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;

async function cruiseFrom(baseDir: string, options: IConfiguration['options'] = {}): Promise<ICruiseResult> {
  const { output } = await cruise(['apps/api/src'], {
    ...config.options,
    ...options,
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  });
  return output as ICruiseResult;
}

const moduleOf = (path: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];

/**
 * Cycles between modules (a module is its folder): dependency-cruiser's no-circular sees files only,
 * so stores/index.ts → engagement and engagement → stores-service would pass it.
 */
function moduleCycles(result: ICruiseResult): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = moduleOf(file.source);
    if (!from || file.source.endsWith('.test.ts')) continue;
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles = new Set<string>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) cycles.add([...path, start].join(' → '));
      else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...cycles].sort();
}

describe('API architecture rules', () => {
  it('reject a deliberately wrong import in the fixture, by rule name', async () => {
    const fixture = fileURLToPath(new URL('./test/architecture-fixture/', import.meta.url));
    const result = await cruiseFrom(fixture, { exclude: { path: '(^|/)(dist|node_modules)/' } });
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    const search = 'apps/api/src/modules/search';
    expect(found).toEqual(
      [
        `module-no-foreign-repository: ${search}/search-service.ts → apps/api/src/modules/stores/stores-repository.ts`,
        `module-no-foreign-tables: ${search}/search-service.ts → apps/api/src/db/schema/stores.ts`,
        `module-only-through-service: ${search}/search-service.ts → apps/api/src/modules/stores/store-cards.ts`,
        `module-only-through-service: ${search}/search-service.ts → apps/api/src/modules/stores/stores-repository.ts`,
        `no-circular: ${search}/search-ranking.ts → ${search}/search-scoring.ts`,
      ].sort(),
    );
  });

  it('pass on the API as it is, and its modules import each other without a cycle', async () => {
    const result = await cruiseFrom(repoRoot);
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual([]);
    expect(moduleCycles(result)).toEqual([]);
  });
});
