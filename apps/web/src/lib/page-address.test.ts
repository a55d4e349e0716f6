import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_QUERY_KEYS, pageAddress } from '@d3/shared/site/page-address';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every query parameter the site's code reads from an address: `search.get('page')`,
 * `useSearchParams()[0].get('waitlist')`, `new URLSearchParams(search).get(RESUME_BOOK_PARAM)` (a constant of the
 * same file). A form's `form.get('…')` is not an address.
 */
function parametersRead(): Map<string, string> {
  const found = new Map<string, string>();
  const read = /(\w+|\])\)?\.(?:get|getAll|has)\(\s*(?:'([^']+)'|([A-Z][A-Z0-9_]*))\s*\)/g;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(read)) {
      const [, owner = '', literal, constant] = match;
      if (/^(form|formData|headers|map|cache|seen|set|cookies)$/i.test(owner)) continue;
      const name =
        literal ?? new RegExp(`const ${constant} = '([^']+)'`).exec(text)?.[1] ?? `unresolved ${constant}`;
      found.set(name, path.relative(SRC, file));
    }
  }
  return found;
}

describe('the page address (decision 0817)', () => {
  it("keeps every query parameter the site's code reads, so no page loses one on a full load", () => {
    const read = parametersRead();
    // The scan finds the readers it must (a change to it that finds nothing would pass vacuously).
    expect([...read.keys()]).toEqual(
      expect.arrayContaining(['page', 'category', 'q', 'redirect', 'book', 'waitlist']),
    );
    const missing = [...read].filter(([name]) => !PAGE_QUERY_KEYS.has(name));
    expect(missing, 'read by the site but not kept in @d3/shared/site/page-address').toEqual([]);
  });

  it('drops only the parameters no page reads, in their order, and leaves a fully read address as it is', () => {
    expect(pageAddress('/hotdeals?utm_source=sms&category=Automotive&page=2&from=7')).toBe(
      '/hotdeals?category=Automotive&page=2',
    );
    expect(pageAddress('/?source=home-screen')).toBe('/');
    expect(pageAddress('/stores')).toBe('/stores');
    // Read as they are, not re-encoded.
    expect(pageAddress('/hotdeals?category=Beauty%20%26%20Spa&page=2')).toBe(
      '/hotdeals?category=Beauty%20%26%20Spa&page=2',
    );
    // A value with `$&`, a NUL byte or an encoded `&` stays one value of its parameter.
    expect(pageAddress('/search?x=%00&q=%24%26%00&from=1')).toBe('/search?q=%24%26%00');
    expect(new URLSearchParams(pageAddress('/search?q=a%26x%3D1&x=2').split('?')[1]).get('q')).toBe('a&x=1');
    expect(pageAddress('/search?from=1&from=2')).toBe('/search');
    // A name that does not decode is no page's; an empty part is dropped.
    expect(pageAddress('/search?%E0%A4%A=1&&q=spa')).toBe('/search?q=spa');
  });
});
