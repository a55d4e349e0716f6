import { describe, expect, it } from 'vitest';
import { inlineIconSymbols, spriteSymbols } from './icon-sprite.js';

const SPRITE =
  '<svg xmlns="http://www.w3.org/2000/svg">' +
  '<symbol id="heart" viewBox="0 0 24 24"><path d="M2 9.5"/></symbol>' +
  '<symbol id="map-pin" viewBox="0 0 24 24"><path d="M20 10"/><circle cx="12" cy="10" r="3"/></symbol>' +
  '<symbol id="tag" viewBox="0 0 24 24"><path d="M12 2"/></symbol>' +
  '</svg>';

const use = (href: string) => `<svg class="lucide" width="24"><use href="${href}"></use></svg>`;

/** Issue 32: a server-rendered page sends the symbols of the icons it draws, not the whole sprite. */
describe('inlineIconSymbols', () => {
  it('points each icon of the markup at its inline symbol and sends each symbol it draws once, in order of use', () => {
    const { markup, symbols } = inlineIconSymbols(
      `<p>${use('/icons.svg#map-pin')}${use('/icons.svg#heart')}${use('/icons.svg#map-pin')}</p>`,
      spriteSymbols(SPRITE),
    );

    expect(markup).toBe(`<p>${use('#d3i-map-pin')}${use('#d3i-heart')}${use('#d3i-map-pin')}</p>`);
    expect(symbols).toBe(
      '<svg id="d3-icons" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none">' +
        '<symbol id="d3i-map-pin" viewBox="0 0 24 24"><path d="M20 10"/><circle cx="12" cy="10" r="3"/></symbol>' +
        '<symbol id="d3i-heart" viewBox="0 0 24 24"><path d="M2 9.5"/></symbol></svg>',
    );
    expect(symbols).not.toContain('d3i-tag');
  });

  it('leaves an icon the sprite lacks at its sprite address, and markup without icons as it was', () => {
    const sprite = spriteSymbols(SPRITE);
    const text = `<p>A $& and $1 stay text: href="/icons.svg#heart" ${use('/icons.svg#star')}</p>`;

    const { markup, symbols } = inlineIconSymbols(text, sprite);
    expect(markup).toBe(`<p>A $& and $1 stay text: href="#d3i-heart" ${use('/icons.svg#star')}</p>`);
    expect(symbols).toContain('<symbol id="d3i-heart"');
    expect(symbols).not.toContain('star');

    expect(inlineIconSymbols('<p>no icons</p>', sprite)).toEqual({ markup: '<p>no icons</p>', symbols: '' });
    expect(inlineIconSymbols(use('/icons.svg#heart'), new Map())).toEqual({
      markup: use('/icons.svg#heart'),
      symbols: '',
    });
  });
});
