/**
 * The customer site's icons (issue 38, then issue 32). Every lucide icon of a build is drawn as
 * `<svg …><use href="/icons.svg#name"/></svg>`, its shapes once in a sprite the client build writes
 * beside index.html (apps/web/build/icon-sprite.ts).
 *
 * A page the server renders carries the symbols of the icons it draws, inline, after its markup
 * (`inlineIconSymbols`, applied by the API to the rendered markup), and its `<use>` point at them:
 * on a slow phone the external sprite was an SVG document of its own, ~425 elements for every icon
 * the site has, built on the main thread (84–154 ms at a 4x CPU slowdown) for the ~20 icons a page
 * draws. In the browser every icon points at an inline symbol (`ICON_SYMBOL_PREFIX` + name): the
 * server's, so hydration draws the server's markup, or one the browser adds from the icon's own
 * shapes (apps/web/src/lib/icon-href.ts), so the sprite document is never built in a page.
 */

/** Where the sprite is served (apps/web/dist/icons.svg, revalidated on every load). */
export const ICON_SPRITE_PATH = '/icons.svg';

/** The id an inline symbol has in a page: the prefix, then the icon's name (lucide's, `[a-z0-9-]`). */
export const ICON_SYMBOL_PREFIX = 'd3i-';

/** The id of the hidden `<svg>` that holds a page's symbols (the browser adds to it: icon-href.ts). */
export const ICON_SYMBOLS_ID = 'd3-icons';

/** The sprite's symbols by icon name, each with its page id. */
export type IconSymbols = ReadonlyMap<string, string>;

const SYMBOL = /<symbol id="([a-z0-9-]+)"([^>]*)>([\s\S]*?)<\/symbol>/g;
const SPRITE_USE = /* @__PURE__ */ new RegExp(
  `href="${ICON_SPRITE_PATH.replace('.', '\\.')}#([a-z0-9-]+)"`,
  'g',
);

/** The symbols of a sprite the client build wrote, each given its page id. */
export function spriteSymbols(sprite: string): IconSymbols {
  const symbols = new Map<string, string>();
  for (const [, name, attributes, shapes] of sprite.matchAll(SYMBOL))
    if (name) symbols.set(name, `<symbol id="${ICON_SYMBOL_PREFIX}${name}"${attributes}>${shapes}</symbol>`);
  return symbols;
}

/**
 * `markup` with every `<use>` of the sprite that `symbols` holds pointed at its inline symbol, and
 * those symbols (each once, in order of first use) as one hidden `<svg>` to place after the markup;
 * an icon the sprite lacks keeps its sprite address. `symbols` is '' when the markup draws none.
 */
export function inlineIconSymbols(markup: string, symbols: IconSymbols): { markup: string; symbols: string } {
  const used = new Map<string, string>();
  const pointed = markup.replace(SPRITE_USE, (use, name: string) => {
    const symbol = symbols.get(name);
    if (!symbol) return use;
    used.set(name, symbol);
    return `href="#${ICON_SYMBOL_PREFIX}${name}"`;
  });
  if (used.size === 0) return { markup, symbols: '' };
  return {
    markup: pointed,
    symbols: `<svg id="${ICON_SYMBOLS_ID}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none">${[...used.values()].join('')}</svg>`,
  };
}
