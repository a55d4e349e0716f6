import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** public/after-paint.js, as the server puts it in a rendered page (static-sites.ts codeAfterPaint). */
const SOURCE = readFileSync(path.join(import.meta.dirname, '../public/after-paint.js'), 'utf8');

function runAfterPaint(preloads: string[]) {
  const me = document.createElement('script');
  me.dataset.entry = '/assets/index-1.js';
  me.dataset.preload = preloads.join(' ');
  Object.defineProperty(document, 'currentScript', { value: me, configurable: true });
  new Function(SOURCE)();
}

/** What the script put into <head>, in order (recorded, not connected: happy-dom would fetch it). */
let appended: Element[] = [];
const added = () =>
  appended.map((element) =>
    element instanceof HTMLLinkElement
      ? `${element.rel} ${element.getAttribute('href')} ${element.getAttribute('crossorigin')}`
      : `script ${element.getAttribute('type')} ${element.getAttribute('src')}`,
  );

describe('after-paint.js (issue 32: the code after the first paint)', () => {
  beforeEach(() => {
    appended = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      appended.push(...nodes.filter((node) => node instanceof Element));
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'currentScript');
  });

  it('adds the entry first, then every modulepreload link in order, at most four in one task', async () => {
    vi.useFakeTimers();
    const preloads = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const links = preloads.map((href) => `modulepreload ${href} `);
    const entry = 'script module /assets/index-1.js';
    runAfterPaint(preloads);
    expect(added()).toEqual([]);

    // The frame after the first paint, then its timer: the entry and the first four links.
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([entry, ...links.slice(0, 4)]);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([entry, ...links.slice(0, 8)]);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([entry, ...links]);

    // The one-second fallback finds the work done: nothing is added twice.
    vi.advanceTimersByTime(2000);
    expect(added()).toHaveLength(11);
  });

  it('starts on its timer when no frame is painted (a hidden tab)', () => {
    vi.useFakeTimers();
    runAfterPaint(['/assets/a.js']);
    vi.advanceTimersByTime(1000);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(['script module /assets/index-1.js', 'modulepreload /assets/a.js ']);
  });
});
