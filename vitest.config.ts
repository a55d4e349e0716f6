import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { compiledCatalogs } from './packages/ui/build/compiled-catalogs.ts';

/** What both API projects share. */
const API = {
  include: ['apps/api/src/**/*.test.ts'],
  setupFiles: ['apps/api/src/test/setup.ts'],
  globalSetup: ['apps/api/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};
/** API test files that vi.mock a module: they need a module registry of their own (found, not listed). */
const API_SRC = new URL('apps/api/src/', import.meta.url);
const MOCKING = readdirSync(API_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => readFileSync(new URL(file, API_SRC), 'utf8').includes('vi.mock('))
  .map((file) => `apps/api/src/${file}`);

export default defineConfig({
  // The sites' message catalogues compile as in their builds (issue 33).
  plugins: [compiledCatalogs()],
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Vitest's default keeps one core for its own process, which only schedules files: on CI's 2 cores
    // that is one worker, and the API suite ran file after file. A worker per core halves the wait.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // The rules the bench's fault test judges by (issue 35).
      { extends: true, test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
      // The API suite in two projects. Every file builds its own app on its own database either way, but
      // re-importing Fastify, drizzle and the modules for each of ~60 files cost half the suite's time
      // on CI's slow 2-core machines (PGlite run 364 s isolated, 187 s not). Files that replace a module
      // with vi.mock keep a fresh module registry ('api-isolated'), since a shared one would ignore it.
      {
        extends: true,
        test: { ...API, name: 'api', isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] },
      },
      { extends: true, test: { ...API, name: 'api-isolated', include: MOCKING } },
      {
        extends: true,
        test: {
          name: 'web',
          include: [
            'apps/{web,merchant}/src/**/*.test.{ts,tsx}',
            'packages/{api-client,ui}/src/**/*.test.{ts,tsx}',
          ],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // One module registry per worker, as the API suite: importing React, MSW, zod and the
          // contracts again for each of ~90 files was two thirds of this project's time (135 s
          // isolated, 55 s not, on 2 cores). Each file still starts clean: setup.ts unmounts after
          // every test, and after each file clears storage and resets the registry of our own modules.
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
