import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-app.js';

/**
 * Registers beforeAll/afterAll for a describe block: a customer-site build in a temporary folder
 * (each of `files`, e.g. index.html, written under web/) and an app serving it as WEB_DIST.
 * Read `.app` inside tests.
 */
export function useSiteTestApp(files: Record<string, string>): TestApp {
  const holder = {} as TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'd3-site-'));
    await mkdir(path.join(root, 'web'), { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, 'web', name), text);
    Object.assign(holder, await buildTestApp({ env: { WEB_DIST: path.join(root, 'web') } }));
  });
  afterAll(async () => {
    await holder.close?.();
    await rm(root, { recursive: true, force: true });
  });
  return holder;
}
