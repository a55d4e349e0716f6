// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SITE = fileURLToPath(new URL('..', import.meta.url));

/** The shell's environment with NODE_ENV set as given (or removed). */
function envWith(nodeEnv: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  if (nodeEnv === undefined) delete env.NODE_ENV;
  else env.NODE_ENV = nodeEnv;
  return env;
}

/**
 * Issue 38: a build made while the shell has NODE_ENV=development used React's development JSX runtime,
 * and a server started with NODE_ENV=production then failed every render with `jsxDEV is not a
 * function`. The build pins its own mode, and the server bundle no longer picks React's build when it runs.
 */
describe('the server bundle is a production build whatever the shell says', { timeout: 240_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('built with NODE_ENV=development, it renders when served with NODE_ENV=production or without NODE_ENV', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'd3-build-mode-'));
    dirs.push(out);
    await run(
      process.execPath,
      [
        path.join(SITE, '../../node_modules/vite/bin/vite.js'),
        'build',
        '--ssr',
        'src/entry-server.tsx',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: SITE, env: envWith('development'), maxBuffer: 16 * 1024 * 1024 },
    );
    const bundle = await readFile(path.join(out, 'entry-server.js'), 'utf8');
    expect(bundle.includes('jsxDEV'), 'the development JSX runtime is in the bundle').toBe(false);
    // React's build is chosen when the bundle is made, not by the environment it later runs in.
    expect(bundle.includes('process.env.NODE_ENV'), 'the bundle reads NODE_ENV when it runs').toBe(false);

    // Rendered in a process of its own, as the API server would: its reads are declined (the page
    // renders without data), so any render error shows.
    const script = `
      const site = await import(${JSON.stringify(pathToFileURL(path.join(out, 'entry-server.js')).href)});
      site.setServerReads(async () => { throw new Error('no data here'); });
      const page = await site.render('/about');
      process.stdout.write(JSON.stringify({ html: page.html }));
    `;
    for (const nodeEnv of ['production', undefined]) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        env: envWith(nodeEnv),
        maxBuffer: 16 * 1024 * 1024,
      });
      const { html } = JSON.parse(stdout) as { html: string };
      expect(html).toContain('Real savings');
      expect(html).toContain('Safe payments');
      // Icons point into the sprite (build/icon-sprite.ts) instead of carrying their shapes inline.
      expect(html).toMatch(
        /<svg [^>]*class="lucide lucide-[\w-]+[^>]*><use href="\/icons\.svg#[\w-]+"><\/use><\/svg>/,
      );
      expect(html).not.toMatch(/<svg [^>]*class="lucide[^>]*><path/);
    }
  });
});
