import { mswServer } from '@d3/test-support/msw/server';
import { createI18n } from '@d3/ui';
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setSiteI18n } from '../lib/locale';
import en from '../locales/en.messages.json';

const AREAS = import.meta.glob<Record<string, unknown>>('../locales/*/en.messages.json', {
  eager: true,
  import: 'default',
});

// The customer site's components read their words from the English catalogue (issue 33), as main.tsx
// loads it: the shell's and every area's (router.tsx loads a page's areas with it).
setSiteI18n(createI18n('en', Object.assign({}, en, ...Object.values(AREAS))));

// CI runs the API suite beside these tests on 2 cores: wait for the DOM as long as a loaded
// machine needs (findBy*/waitFor), never fail on a busy scheduler.
configure({ asyncUtilTimeout: 5_000 });

// Every web and merchant test runs with MSW's node interceptor: a test describes the server with the
// handlers of `./msw/handlers.ts` (built from the shared wire schemas) and `mswServer.use(...)`.
// A request no handler answers fails the test (tests that still stub `fetch` themselves never reach MSW).
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));

// The API client checks every contract call's answer against its schema in tests (issue 37): it
// loads every contract on its first call. Loaded here, before the test's clock runs, so a test's
// first answer is not late by the schemas' import on a busy machine.
beforeAll(async () => {
  await import('@d3/shared/api/all-contracts');
}, 120_000);
// The project shares one module registry per worker (vitest.config.ts, isolate: false): a page a test
// rendered is unmounted after it (Testing Library cleans up by itself only with Vitest's globals), and
// after each file its storage is emptied and our modules are read afresh by the next file, so no
// token, cache or socket one file left behind reaches another.
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  mswServer.events.removeAllListeners();
});
afterAll(() => {
  mswServer.close();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  vi.resetModules();
});

/**
 * A test fails on any `console.error` (React's act() and key warnings, a failed prop type, an error a
 * component logs) and on any unhandled promise rejection, so problems cannot hide in the output.
 * ALLOWED lists the few messages a test may cause on purpose; keep it short and say why for each.
 */
const ALLOWED: readonly RegExp[] = [];

const problems: string[] = [];
const originalError = console.error;

function describeArgs(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
    .join(' ')
    .slice(0, 2_000);
}

function onRejection(reason: unknown) {
  problems.push(`unhandled rejection: ${describeArgs([reason])}`);
}

beforeEach(() => {
  problems.length = 0;
  console.error = (...args: unknown[]) => {
    const text = describeArgs(args);
    if (!ALLOWED.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    originalError(...args);
  };
  process.on('unhandledRejection', onRejection);
});

afterEach(async () => {
  // Let a rejection from the test's last tick surface before the verdict.
  await new Promise((resolve) => setTimeout(resolve, 0));
  console.error = originalError;
  process.off('unhandledRejection', onRejection);
  if (problems.length > 0) {
    const found = problems.splice(0);
    throw new Error(`The test logged ${found.length} problem(s):\n${found.join('\n')}`);
  }
});
