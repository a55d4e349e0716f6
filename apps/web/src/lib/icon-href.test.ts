import { inlineIconSymbols, spriteSymbols } from '@d3/shared/site/icon-sprite';
import { afterEach, describe, expect, it } from 'vitest';
import { iconHref } from './icon-href';

const HEART = [['path', { d: 'M2 9.5a5.5 5.5 0 0 1 9.6-3.7', key: 'mvr1a0' }]] as const;
const PIN = [
  ['path', { d: 'M20 10c0 5-5.5 10.2-7.4 11.8', key: 'a' }],
  ['circle', { cx: 12, cy: 10, r: 3, key: 'b' }],
] as const;

afterEach(() => {
  document.body.innerHTML = '';
});

/** Issue 32: a page's icons point at symbols in the page, never at the sprite's own SVG document. */
describe('iconHref', () => {
  it("points at the symbol the server sent with the page, as the server's markup does (hydration matches)", () => {
    const sprite = spriteSymbols(
      '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="heart" viewBox="0 0 24 24"><path d="M1 1"/></symbol></svg>',
    );
    const { markup, symbols } = inlineIconSymbols(
      '<svg class="lucide"><use href="/icons.svg#heart"></use></svg>',
      sprite,
    );
    document.body.innerHTML = `<div id="root">${markup}</div>${symbols}`;

    expect(iconHref('heart', HEART)).toBe('#d3i-heart');
    expect(document.querySelector('#root use')?.getAttribute('href')).toBe('#d3i-heart');
    // The server's symbol is used as sent: not drawn again from the shapes the browser holds.
    expect(document.getElementById('d3i-heart')?.innerHTML).toBe('<path d="M1 1"></path>');
    expect(document.querySelectorAll('symbol')).toHaveLength(1);
  });

  it("adds the symbol of an icon the page lacks from its shapes, once, beside the server's symbols", () => {
    document.body.innerHTML = '<div id="root"></div><svg id="d3-icons" style="display:none"></svg>';

    expect(iconHref('map-pin', PIN)).toBe('#d3i-map-pin');
    expect(iconHref('map-pin', PIN)).toBe('#d3i-map-pin');

    const symbols = document.querySelectorAll('#d3-icons > symbol');
    expect(symbols).toHaveLength(1);
    const pin = document.getElementById('d3i-map-pin');
    expect(pin?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(pin?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(
      [...(pin?.children ?? [])].map((shape) => [shape.tagName, shape.getAttributeNames().sort()]),
    ).toEqual([
      ['path', ['d']],
      ['circle', ['cx', 'cy', 'r']],
    ]);
    expect(pin?.querySelector('circle')?.getAttribute('r')).toBe('3');
  });

  it('makes a hidden holder for its symbols in a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';

    expect(iconHref('heart', HEART)).toBe('#d3i-heart');

    const holder = document.getElementById('d3-icons');
    expect(holder?.parentElement).toBe(document.body);
    expect(holder?.getAttribute('aria-hidden')).toBe('true');
    expect(holder?.getAttribute('style')).toBe('display:none');
    expect(holder?.querySelector('#d3i-heart path')?.getAttribute('d')).toBe('M2 9.5a5.5 5.5 0 0 1 9.6-3.7');
  });
});
