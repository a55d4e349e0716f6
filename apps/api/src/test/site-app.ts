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

/**
 * A built customer site with its server render under `root`: web/index.html,
 * web/route-preloads.json and dist-server/entry-server.js (`entry`, one string a line).
 * Answers the web folder, for WEB_DIST.
 */
export async function writeRenderedSite(
  root: string,
  site: { index: string; preloads: unknown[]; entry: string[] },
): Promise<string> {
  const web = path.join(root, 'web');
  await mkdir(web, { recursive: true });
  await mkdir(path.join(root, 'dist-server'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), site.index);
  await writeFile(path.join(web, 'route-preloads.json'), JSON.stringify(site.preloads));
  await writeFile(path.join(root, 'dist-server', 'entry-server.js'), site.entry.join('\n'));
  return web;
}
