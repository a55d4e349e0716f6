import { ICON_SPRITE_PATH, ICON_SYMBOL_PREFIX, ICON_SYMBOLS_ID } from '@d3/shared/site/icon-sprite';

/** A lucide icon's shapes: each an SVG element's tag and attributes (`key` is React's, not drawn). */
export type IconShapes = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

const SVG = 'http://www.w3.org/2000/svg';

/** The page's hidden `<svg>` of symbols: the server's (inlineIconSymbols), or one made here. */
function symbolsHolder(page: Document): Element {
  const found = page.getElementById(ICON_SYMBOLS_ID);
  if (found) return found;
  const holder = page.createElementNS(SVG, 'svg');
  holder.id = ICON_SYMBOLS_ID;
  holder.setAttribute('aria-hidden', 'true');
  holder.setAttribute('style', 'display:none');
  page.body.append(holder);
  return holder;
}

/**
 * The address of icon `name`'s `<use>` (packages/shared/src/site/icon-sprite.ts), written into
 * lucide's Icon by the build (apps/web/build/icon-sprite.ts). In a page: the page's symbol for it,
 * added from `shapes` the first time the page draws the icon when the server did not send it (so
 * the sprite, an SVG document of every icon, is never built on the phone's main thread). Without a
 * page (the server's render): the sprite's address, which the API points at the symbols it sends.
 */
export function iconHref(name: string, shapes: IconShapes): string {
  if (typeof document === 'undefined' || !document.body) return `${ICON_SPRITE_PATH}#${name}`;
  const id = `${ICON_SYMBOL_PREFIX}${name}`;
  if (!document.getElementById(id)) {
    const symbol = document.createElementNS(SVG, 'symbol');
    symbol.id = id;
    symbol.setAttribute('viewBox', '0 0 24 24');
    for (const [tag, attributes] of shapes) {
      const shape = document.createElementNS(SVG, tag);
      for (const [key, value] of Object.entries(attributes))
        if (key !== 'key') shape.setAttribute(key, String(value));
      symbol.append(shape);
    }
    symbolsHolder(document).append(symbol);
  }
  return `#${id}`;
}
