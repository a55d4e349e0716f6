import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayEarlyTaps } from './early-taps';

/** index.html's inline listener (issue 32), run as the browser runs it: before any module. */
const INDEX = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const LISTENER = /<script>([\s\S]*?)<\/script>/.exec(INDEX)?.[1] ?? '';

/** The server's markup: a marked heart and an unmarked button, with the live app's listener on #root. */
function serverPage() {
  document.body.innerHTML =
    '<div id="root"><button type="button" data-tap="favorite:o1">♥</button><button type="button" id="plain">x</button></div>';
  const root = document.getElementById('root') as HTMLElement;
  const heard: string[] = [];
  // React listens at the root: whatever reaches it is what the page "does".
  root.addEventListener('click', (event) => {
    heard.push((event.target as HTMLElement).getAttribute('data-tap') ?? (event.target as HTMLElement).id);
  });
  return { root, heard, heart: root.querySelector('[data-tap]') as HTMLButtonElement };
}

describe('early taps (issue 32)', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.hydrated;
    new Function(LISTENER)();
  });
  afterEach(() => {
    replayEarlyTaps(); // stops the listener this test started
    document.body.innerHTML = '';
  });

  it('a tap on a marked control before hydration is kept, shown pending, and replayed once after it', () => {
    expect(LISTENER).toContain('__d3Taps');
    const { heard, heart } = serverPage();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    heart.dispatchEvent(event);
    heart.click(); // a second tap on the same control is the same wish: kept once
    expect(heard).toEqual([]);
    expect(event.defaultPrevented).toBe(true);
    expect(heart.hasAttribute('data-tap-pending')).toBe(true);

    document.documentElement.dataset.hydrated = 'true';
    expect(replayEarlyTaps()).toBe(1);
    expect(heard).toEqual(['favorite:o1']);
    expect(heart.hasAttribute('data-tap-pending')).toBe(false);
    // Live now: taps go straight through, nothing more is kept or replayed.
    heart.click();
    expect(heard).toEqual(['favorite:o1', 'favorite:o1']);
    expect(replayEarlyTaps()).toBe(0);
  });

  it('when hydration replaced the tapped element, the live control with the same key takes the tap', () => {
    const { root, heard, heart } = serverPage();
    heart.click();
    const replacement = document.createElement('button');
    replacement.setAttribute('data-tap', 'favorite:o1');
    heart.replaceWith(replacement);
    document.documentElement.dataset.hydrated = 'true';
    expect(replayEarlyTaps()).toBe(1);
    expect(heard).toEqual(['favorite:o1']);
    expect(root.contains(replacement)).toBe(true);
  });

  it('an unmarked button is not kept (it looks disabled until the page is live instead)', () => {
    const { heard } = serverPage();
    (document.getElementById('plain') as HTMLButtonElement).click();
    expect(heard).toEqual(['plain']);
    document.documentElement.dataset.hydrated = 'true';
    expect(replayEarlyTaps()).toBe(0);
    expect(heard).toEqual(['plain']);
  });
});
