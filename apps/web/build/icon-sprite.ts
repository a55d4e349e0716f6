import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { ICON_SPRITE_PATH } from '../../../packages/shared/src/site/icon-sprite';

/** lucide-react's one component that draws every icon, and each icon's own module. */
const ICON_COMPONENT = /lucide-react\/dist\/esm\/Icon\.mjs$/;
const ICON_MODULE = /lucide-react\/dist\/esm\/icons\/[\w-]+\.mjs$/;
/** Where Icon.mjs draws the icon's shapes inline. */
const INLINE_SHAPES = '...builtIconNode.map(([tag, attrs]) => createElement(tag, attrs)),';

type IconNode = [string, Record<string, string | number>][];

/** The one way an icon's `<use>` address is chosen (the page's symbol, or the sprite), imported into Icon.mjs. */
const ICON_HREF_MODULE = fileURLToPath(new URL('../src/lib/icon-href.ts', import.meta.url));

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

function symbol(name: string, node: IconNode): string {
  const shapes = node
    .map(([tag, attributes]) => {
      const pairs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
        .join(' ');
      return `<${tag} ${pairs}/>`;
    })
    .join('');
  return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
}

/**
 * Issue 38: a store page's HTML carried 161 inline SVG icons, 98 KB of its 169 KB, and building
 * them was a fifth of the server's render time. Both builds (the browser's and the server's, so
 * hydration sees the same markup) draw each lucide icon as `<svg …><use href="/icons.svg#name"/></svg>`:
 * the same outer <svg> (size, stroke, classes, aria) lucide gives it, its shapes once in a sprite
 * the client build writes beside index.html with every icon its code uses (a superset of the
 * server bundle's: the same sources). Applied to `vite build` only: the dev server and the tests
 * draw icons inline as before.
 *
 * The address is `iconHref(name, shapes)` (src/lib/icon-href.ts): a page the server rendered
 * carries the symbols it draws inline (the API adds them), the browser adds any other icon's symbol
 * from its shapes, and every icon points at its symbol in the page.
 */
export function iconSprite(options: { writeSprite: boolean }): Plugin {
  return {
    name: 'd3-icon-sprite',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ICON_COMPONENT.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(INLINE_SHAPES))
        this.error('icon-sprite: lucide-react Icon.mjs changed shape; update apps/web/build/icon-sprite.ts');
      return `import { iconHref as d3IconHref } from ${JSON.stringify(ICON_HREF_MODULE)};\n${code.replace(
        INLINE_SHAPES,
        'createElement("use", { href: d3IconHref(icon.name, icon.node) }),',
      )}`;
    },
    async generateBundle(_options, bundle) {
      if (!options.writeSprite) return;
      // The icon modules that made it into the output (a module tree-shaken away renders nothing).
      const used = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(item.modules))
          if (ICON_MODULE.test(id) && module.renderedLength > 0) used.add(id);
      }
      const files = [...used].sort();
      const symbols: string[] = [];
      for (const file of files) {
        const { __iconData } = (await import(pathToFileURL(file).href)) as {
          __iconData?: { name: string; node: IconNode };
        };
        if (__iconData) symbols.push(symbol(__iconData.name, __iconData.node));
      }
      this.emitFile({
        type: 'asset',
        fileName: ICON_SPRITE_PATH.slice(1),
        source: `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`,
      });
    },
  };
}
