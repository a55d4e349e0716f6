// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { ACCOUNT_MESSAGES, MERCHANT_SETTINGS_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { MERCHANT_CANNED_REPLY, MERCHANT_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * The merchant site's catalogue hygiene (issue 33), beside apps/web's catalogues.test.ts (which
 * checks both sites' catalogues: same ids, valid ICU, same arguments, `error.*` words): the shared
 * components' catalogue (packages/ui) gets the same checks, every id a component asks for exists,
 * and no component of the merchant site or packages/ui has hard-coded words left.
 */
const ROOT = `${process.cwd()}/`;
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');
const catalogue = (file: string) => JSON.parse(read(file)) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(`${ROOT}${dir}`).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(`${ROOT}${path}`).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Files that still hold words outside the catalogue, each with why. */
const NOT_YET: Record<string, string> = {
  'packages/ui/src/form-fields.tsx': "OrDivider's 'or' belongs to the customer site's Google sign-in",
};

/** JSX text, and plain label / hint / title / placeholder / alt / aria-label strings with letters. */
function hardCodedWords(source: string): string[] {
  const code = source.replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
  // `=> Promise<T>` and `a > b` in code are not JSX text.
  const jsxText = [...code.matchAll(/(?<![=-])>([^<>{}]*[A-Za-z][^<>{}]*)</g)]
    .map((m) => m[1]!.trim())
    .filter((text) => text && !/[=;(),:|]|=>|&&|`/.test(text));
  const attributes = [
    ...code.matchAll(
      /\b(aria-label|title|placeholder|alt|label|hint|description|loadingLabel|submitLabel|confirmLabel|newTitle|editTitle|busyLabel)="([^"]*[A-Za-z][^"]*)"/g,
    ),
  ].map((m) => `${m[1]}="${m[2]}"`);
  return [...jsxText, ...attributes];
}

/** Words a component may show as they are: brand and terms kept in English, formats. */
const ALLOWED = new Set([
  'D3',
  'Deals',
  'OpenStreetMap',
  'placeholder="D3-1A2B-3C4D"',
  'placeholder="KSh 1,500 – 4,000"',
]);

const MERCHANT = {
  en: 'apps/merchant/src/locales/en.messages.json',
  sw: 'apps/merchant/src/locales/sw.messages.json',
};
const UI = { en: 'packages/ui/src/locales/en.messages.json', sw: 'packages/ui/src/locales/sw.messages.json' };

describe('merchant site catalogues', () => {
  it('packages/ui: English and Kiswahili hold the same ids, none empty, each valid ICU', () => {
    const en = catalogue(UI.en);
    const sw = catalogue(UI.sw);
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
    for (const [id, english] of Object.entries(en)) {
      expect(id.startsWith('ui.'), `${id}: the shared components' ids start with ui.`).toBe(true);
      expect(sw[id]?.trim(), `${id} (sw) is empty`).not.toBe('');
      expect(() => compileMessageOrThrow(english), id).not.toThrow();
      expect(() => compileMessageOrThrow(sw[id]!), id).not.toThrow();
    }
  });

  it('a ui.msg.* message is the shared schemas’ very words in English (so the forms can find it)', () => {
    const shared = new Set<string>([
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(MERCHANT_SETTINGS_MESSAGES),
    ]);
    const messages = Object.entries(catalogue(UI.en)).filter(([id]) => id.startsWith('ui.msg.'));
    expect(messages.length).toBeGreaterThan(10);
    for (const [id, english] of messages) expect(shared.has(english), id).toBe(true);
  });

  it('every message id a component asks for is in the catalogue', () => {
    const known = new Set([...Object.keys(catalogue(MERCHANT.en)), ...Object.keys(catalogue(UI.en))]);
    const missing: string[] = [];
    for (const file of [...sourceFiles('apps/merchant/src'), ...sourceFiles('packages/ui/src')]) {
      const code = read(file).replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, id] of code.matchAll(/\bt\('([\w.]+)'/g)) {
        if (!known.has(id!)) missing.push(`${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves no hard-coded words in the merchant site and the shared components', () => {
    const found: string[] = [];
    for (const file of [...sourceFiles('apps/merchant/src'), ...sourceFiles('packages/ui/src')]) {
      if (NOT_YET[file]) continue;
      for (const word of hardCodedWords(read(file))) if (!ALLOWED.has(word)) found.push(`${file}: ${word}`);
    }
    expect(found).toEqual([]);
  });

  it("says the merchant's quick replies and standard reply in English as the shared list does, in Kiswahili too", () => {
    const english = catalogue('apps/merchant/src/locales/en.messages.json');
    const kiswahili = catalogue('apps/merchant/src/locales/sw.messages.json');
    expect(MERCHANT_QUICK_REPLIES.map((_, index) => english[`chat.quickReply.${index}`])).toEqual([
      ...MERCHANT_QUICK_REPLIES,
    ]);
    expect(Object.keys(english).filter((id) => id.startsWith('chat.quickReply.'))).toHaveLength(
      MERCHANT_QUICK_REPLIES.length,
    );
    expect(english['chat.cannedReply']).toBe(MERCHANT_CANNED_REPLY);
    expect(kiswahili['chat.quickReply.4']).toBe('Tunapokea M-Pesa na pesa taslimu dukani.');
    expect(kiswahili['chat.cannedReply']).toContain('KES 2,000');
  });

  it('finds a hard-coded word and leaves code alone', () => {
    expect(hardCodedWords('<p>Save</p><Button label="Delete" />')).toEqual(['Save', 'label="Delete"']);
    expect(hardCodedWords("const a = b > c && d < e; <p>{t('x')}</p>")).toEqual([]);
  });
});
