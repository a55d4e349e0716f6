import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';

/**
 * What a page says, word by word (issue 33): the text of every rendered element (screen-reader-only
 * text included: it is said to someone), the document title and the words of aria-label, title,
 * placeholder and alt. An element marked `translate="no"` (an address, a phone number, an e-mail) is
 * not read. Used by specs/pseudo-locale.spec.ts and the Kiswahili walk of specs/language.spec.ts.
 */
export type TScreenText = { text: string; where: string };

export async function screenTexts(page: Page): Promise<TScreenText[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}`;
    };
    const skipped = (element: Element | null): boolean => {
      for (let node = element; node; node = node.parentElement) {
        if (node.getAttribute('translate') === 'no') return true;
        const tag = node.tagName;
        if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE') return true;
      }
      return !(element as HTMLElement).checkVisibility?.({
        visibilityProperty: true,
        opacityProperty: false,
      });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || skipped(parent)) continue;
      found.push({ text, where: describe(parent) });
    }
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
      if (element.tagName === 'svg' || skipped(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push({ text: value, where: `${describe(element)}@${name}` });
      }
    }
    found.push({ text: document.title, where: 'title' });
    return found;
  });
}

/** Words of letters only ('M-Pesa' → 'M', 'Pesa'); numbers and signs are no words. */
export function wordsOf(text: string): string[] {
  return text.match(/\p{L}+/gu) ?? [];
}

/**
 * Texts that come from the data, not the catalogue: every string in the page's API answers and in
 * the JSON the server sent with the page (offer titles, store names, categories, places). Call
 * before the page's first navigation; `strings()` reads what has arrived so far.
 */
export function collectDataStrings(page: Page): { strings: () => Promise<Set<string>> } {
  const seen = new Set<string>();
  const pending: Promise<void>[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.trim().length >= 3) seen.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) add(item);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) add(item);
    }
  };
  page.on('response', (response: Response) => {
    if (!response.url().includes('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    pending.push(
      response
        .json()
        .then(add)
        .catch(() => undefined),
    );
  });
  return {
    async strings() {
      await Promise.all(pending);
      // The server's query cache (#d3-ssr) and the boot data travel inside the HTML.
      const embedded = await page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/json"]')].map((s) => s.textContent ?? ''),
      );
      for (const json of embedded) {
        try {
          add(JSON.parse(json));
        } catch {
          // not JSON after all
        }
      }
      return seen;
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` without the pieces of data it shows (whole words only), longest first. */
export function withoutData(text: string, data: Set<string>): string {
  let rest = text;
  const inside = [...data].filter((value) => rest.includes(value)).sort((a, b) => b.length - a.length);
  for (const value of inside)
    rest = rest.replace(new RegExp(`(?<!\\p{L})${escape(value)}(?!\\p{L})`, 'gu'), ' ');
  return rest;
}

/**
 * Terms kept as they are in every language (docs/decisions/0700's glossary and the record of this
 * work): brand and product names, M-Pesa, the currency, the language names, the site's own name.
 */
export const KEPT_TERMS = new Set(
  [
    'M',
    'Pesa',
    'D3',
    'Deals',
    'KES',
    'KSh',
    'Ksh',
    'SMS',
    'PIN',
    'OTP',
    'Till',
    'QR',
    'Premium',
    'Spa',
    'WhatsApp',
    'Facebook',
    'Twitter',
    'LinkedIn',
    'Instagram',
    'Google',
    'English',
    'Kiswahili',
    'EN',
    'SW',
    'Kenya',
    'Nairobi',
    'Mombasa',
    'Kisumu',
    'Nakuru',
    'Eldoret',
  ].map((word) => word.toLowerCase()),
);

/** Month and weekday names as Intl writes them in `tag` ('en-KE': 'Nov', 'Monday'). */
export function calendarWords(tag: string): Set<string> {
  const words = new Set<string>();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const style of ['short', 'long'] as const)
      for (const word of wordsOf(
        new Intl.DateTimeFormat(tag, { month: style, timeZone: 'UTC' }).format(date),
      ))
        words.add(word.toLowerCase());
  }
  for (let day = 0; day < 7; day += 1) {
    const date = new Date(Date.UTC(2026, 0, 4 + day));
    for (const style of ['short', 'long'] as const)
      for (const word of wordsOf(
        new Intl.DateTimeFormat(tag, { weekday: style, timeZone: 'UTC' }).format(date),
      ))
        words.add(word.toLowerCase());
  }
  return words;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every message of the customer site's catalogues in `locale` (the shell's and each area's). */
export function catalogueMessages(locale: 'en' | 'sw'): string[] {
  const root = path.join(REPO, 'apps/web/src/locales');
  const files = [
    path.join(root, `${locale}.messages.json`),
    ...readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(root, entry.name, `${locale}.messages.json`)),
  ];
  return files.flatMap((file) =>
    Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>),
  );
}

/**
 * The site's English words: every word of its English catalogue that its Kiswahili catalogue does
 * not use too (those, like 'M-Pesa' or 'Spa', are the same in both), ICU keywords left out.
 */
export function englishOnlyWords(): Set<string> {
  const icu = /\b(plural|select|one|other|number|date)\b/g;
  const words = (messages: string[]) =>
    new Set(
      messages
        .flatMap((message) => wordsOf(message.replace(icu, ' ').replace(/\{\w+/g, ' ')))
        .map((w) => w.toLowerCase()),
    );
  const english = words(catalogueMessages('en'));
  const kiswahili = words(catalogueMessages('sw'));
  return new Set([...english].filter((word) => !kiswahili.has(word) && word.length > 1));
}
