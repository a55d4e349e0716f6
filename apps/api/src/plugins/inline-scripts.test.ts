import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call } from '../test/build-app.js';
import { useSiteTestApp } from '../test/site-app.js';

const LISTENER = "\n      (function () { window.__early = 'kept'; })();\n    ";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline scripts of the site (issue 32: the early-tap listener)', () => {
  const site = useSiteTestApp({
    'index.html': `<!doctype html><html><head><script src="/theme-init.js"></script><script>${LISTENER}</script></head><body><div id="root"></div></body></html>`,
  });

  it("the CSP lets the index's own inline script run by its hash, and no other inline script", async () => {
    const page = await call(site.app, 'GET', '/hotdeals');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe(`script-src 'self' ${sha256(LISTENER)}`);
    // Any change to the script (an injected one is one) has another hash: not allowed.
    expect(scriptSrc).not.toContain(sha256(`${LISTENER};alert(1)`));
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
