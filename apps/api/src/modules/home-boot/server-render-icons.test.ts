import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerRender, type ServerRenderModule, siteIconSymbols } from './server-render.js';

const SPRITE =
  '<svg xmlns="http://www.w3.org/2000/svg">' +
  '<symbol id="heart" viewBox="0 0 24 24"><path d="M2 9.5"/></symbol>' +
  '<symbol id="map-pin" viewBox="0 0 24 24"><circle cx="12" cy="10" r="3"/></symbol>' +
  '</svg>';

/** A site bundle whose render draws two hearts (as the client build's Icon draws them on the server). */
const site: ServerRenderModule = {
  setServerReads() {},
  render: async () => ({
    html: '<main><svg class="lucide"><use href="/icons.svg#heart"></use></svg><svg class="lucide"><use href="/icons.svg#heart"></use></svg></main>',
    state: { queries: [] },
  }),
};

/**
 * Issue 32: a page the server renders sends the symbols of the icons it draws after its markup, and
 * the markup points at them (on a slow phone the sprite was an SVG document of every icon, built on
 * the main thread).
 */
describe('server render: icons', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'd3-icons-'));
    await writeFile(path.join(dist, 'icons.svg'), SPRITE);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it("points the rendered icons at their symbols and sends each once, before the page's data", async () => {
    const render = createServerRender({} as FastifyInstance, async () => site, siteIconSymbols(dist));
    const page = await render('/', '127.0.0.1');

    expect(page?.root).toBe(
      '<main><svg class="lucide"><use href="#d3i-heart"></use></svg><svg class="lucide"><use href="#d3i-heart"></use></svg></main>',
    );
    expect(page?.data).toBe(
      '<svg id="d3-icons" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none">' +
        '<symbol id="d3i-heart" viewBox="0 0 24 24"><path d="M2 9.5"/></symbol></svg>' +
        '<script type="application/json" id="d3-ssr">{"queries":[]}</script>',
    );
  });

  it('sends the markup as drawn when the build wrote no sprite', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'd3-no-icons-'));
    try {
      const render = createServerRender({} as FastifyInstance, async () => site, siteIconSymbols(empty));
      const page = await render('/', '127.0.0.1');
      expect(page?.root).toContain('<use href="/icons.svg#heart">');
      expect(page?.data).toBe('<script type="application/json" id="d3-ssr">{"queries":[]}</script>');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
