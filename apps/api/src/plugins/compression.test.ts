import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useSiteTestApp } from '../test/site-app.js';

/** Issue 16: pages and API answers travel compressed to a phone that accepts it. */
describe('response compression', () => {
  const INDEX = `<!doctype html><html><head><title>D3 Deals</title>${'<meta name="x" content="filler">'.repeat(100)}</head><body><div id="root"></div></body></html>`;

  const ctx = useSiteTestApp({ 'index.html': INDEX });

  it('sends the site page brotli or gzip encoded as the client accepts, and plain to a client that accepts neither', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(INDEX);
    expect(br.rawPayload.length).toBeLessThan(INDEX.length / 5);

    const gzip = await ctx.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(INDEX);

    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });
});
