// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The rules of `npm run lint:web-arch` (.dependency-cruiser-web.cjs, issue 17), run through
// dependency-cruiser's own API.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)('../../../.dependency-cruiser-web.cjs') as IConfiguration;

async function violations(baseDir: string, options: IConfiguration['options'] = {}): Promise<string[]> {
  const { output } = await cruise(['apps/web/src', 'apps/merchant/src', 'packages'], {
    ...config.options,
    ...options,
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  });
  return (output as ICruiseResult).summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

// Cruising both sites takes seconds on a busy machine.
describe('web and merchant architecture rules', { timeout: 60_000 }, () => {
  it('reject deliberately wrong imports in the fixture, by rule name', async () => {
    const fixture = fileURLToPath(new URL('./test/architecture-fixture/', import.meta.url));
    const found = await violations(fixture, { exclude: { path: '(^|/)(dist|node_modules)/' } });
    const web = 'apps/web/src';
    expect(found).toEqual(
      [
        `components-not-to-features: ${web}/components/deal-badge.ts → ${web}/features/deals/deal-page.ts`,
        `feature-not-to-other-feature: ${web}/features/deals/deal-page.ts → ${web}/features/cart/cart-total.ts`,
        `lib-not-up: ${web}/lib/format-price.ts → ${web}/components/deal-badge.ts`,
        // the cycle deal-badge → deal-page → deal-price → format-price → deal-badge, reported once
        `no-circular: ${web}/components/deal-badge.ts → ${web}/features/deals/deal-page.ts`,
        `not-to-tests: packages/ui/src/sample-offer.ts → packages/test-support/src/msw/handlers.ts`,
        `packages-not-to-apps: packages/ui/src/price-total.ts → ${web}/features/cart/cart-total.ts`,
        `sites-apart: apps/merchant/src/features/offers/offer-form.ts → ${web}/lib/format-price.ts`,
      ].sort(),
    );
  });

  it('pass on both sites and the packages as they are', async () => {
    expect(await violations(repoRoot)).toEqual([]);
  });
});

describe('web tests describe the server with MSW (issue 17)', () => {
  it('no web, merchant or package test replaces fetch itself', () => {
    const tests = execFileSync('git', ['ls-files', 'apps/web/src', 'apps/merchant/src', 'packages'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(test\.tsx?|tsx?)$/.test(file) && !file.includes('architecture-fixture'));
    expect(tests.length).toBeGreaterThan(50);
    // A stubbed fetch never reaches MSW: its answers escape the wire-schema checks of @d3/test-support.
    const replacing = /stubGlobal\(\s*['"]fetch['"]|(globalThis|window|global)\.fetch\s*=(?!=)/;
    const offenders = tests.filter((file) => replacing.test(readFileSync(`${repoRoot}${file}`, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
