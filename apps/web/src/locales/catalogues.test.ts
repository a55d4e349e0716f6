// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Catalogue hygiene (issue 33), part of `npm test` (CI): every site's catalogues hold the same ids
 * in English and Kiswahili, none empty, each a valid ICU message with the same arguments in both;
 * an `error.CODE` message belongs to a known server code and its English is the server's own words;
 * and a component marked as extracted has no hard-coded words left.
 */
/** The repository (Vitest runs from its root; happy-dom's import.meta.url is no file address). */
const ROOT = `${process.cwd()}/`;
const SITES = ['apps/web', 'apps/merchant'].filter((site) => {
  try {
    return readdirSync(`${ROOT}${site}/src/locales/`).some((f) => f.endsWith('.messages.json'));
  } catch {
    return false;
  }
});

const catalogue = (site: string, locale: string) =>
  JSON.parse(readFileSync(`${ROOT}${site}/src/locales/${locale}.messages.json`, 'utf8')) as Record<
    string,
    string
  >;

/** The argument names of an ICU message (`{name}`, `{count, plural, …}`). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token) && typeof token[0] === 'string') {
        names.add(token[0]);
        for (const part of token.slice(1)) {
          if (part && typeof part === 'object' && !Array.isArray(part))
            for (const branch of Object.values(part)) walk(branch);
        }
      }
    }
  };
  const compiled = compileMessageOrThrow(message);
  walk(typeof compiled === 'string' ? [] : compiled);
  return [...names].sort();
}

/**
 * Components whose every word comes from the catalogue (update as extraction goes on). JSX text
 * and plain aria-label / title / placeholder strings with letters in them are hard-coded words.
 */
const EXTRACTED = [
  'apps/web/src/components/navbar.tsx',
  'apps/web/src/components/mobile-tab-bar.tsx',
  'apps/web/src/components/account-menu.tsx',
  'apps/web/src/components/language-switch.tsx',
];

describe('message catalogues', () => {
  it('finds the sites’ catalogues', () => {
    expect(SITES).toContain('apps/web');
  });

  for (const site of SITES) {
    it(`${site}: English and Kiswahili hold the same ids, none empty, each valid ICU with the same arguments`, () => {
      const en = catalogue(site, 'en');
      const sw = catalogue(site, 'sw');
      expect(Object.keys(sw).sort(), 'ids in one language only').toEqual(Object.keys(en).sort());
      for (const [id, english] of Object.entries(en)) {
        expect(english.trim(), `${id} (en) is empty`).not.toBe('');
        expect(sw[id]?.trim(), `${id} (sw) is empty`).not.toBe('');
        expect(() => compileMessageOrThrow(english), `${id} (en)`).not.toThrow();
        expect(() => compileMessageOrThrow(sw[id]!), `${id} (sw)`).not.toThrow();
        expect(argumentsOf(sw[id]!), `${id}: arguments`).toEqual(argumentsOf(english));
      }
    });

    it(`${site}: an error message belongs to a server code and its English is the server's`, () => {
      for (const [id, english] of Object.entries(catalogue(site, 'en'))) {
        if (!id.startsWith('error.')) continue;
        const code = id.slice('error.'.length) as keyof typeof ERROR_CODES;
        expect(ERROR_CODES[code], `${id}: unknown code`).toBeDefined();
        expect(english).toBe(ERROR_CODES[code].message);
      }
    });
  }

  it('rejects a malformed message and a mismatched argument', () => {
    expect(() => compileMessageOrThrow('{count, plural, one {# ofa')).toThrow();
    expect(argumentsOf('{count, plural, one {# ofa ya {store}} other {# ofa}}')).toEqual(['count', 'store']);
  });

  it('leaves no hard-coded words in an extracted component', () => {
    for (const file of EXTRACTED) {
      const source = readFileSync(`${ROOT}${file}`, 'utf8').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
      const jsxText = [...source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)]
        .map((m) => m[1]!.trim())
        // `a > b` in code is not JSX text.
        .filter((text) => text && !/[=;()]|=>|&&|\|\|/.test(text));
      const attributes = [
        ...source.matchAll(/\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g),
      ].map((m) => `${m[1]}="${m[2]}"`);
      expect([...jsxText, ...attributes], file).toEqual([]);
    }
  });
});
