import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { groupThousands } from '@d3/shared/catalogue/pricing-rules';
import {
  DEFAULT_LOCALE,
  INTL_LOCALES,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeFromAcceptLanguage,
} from '@d3/shared/i18n/locale';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';

/**
 * Both sites' language plumbing (issue 33, docs/decisions 0700): Lingui's runtime with catalogues
 * compiled at build time (build/compiled-catalogs.ts), one chunk per language loaded with
 * `import()`, so a page carries only its own language's messages.
 */
export type { I18n, Messages };
export type CatalogueLoaders = Record<Locale, () => Promise<{ default: Messages }>>;

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export const I18nContext = createContext<{ i18n: I18n; locale: string } | null>(null);

/**
 * Gives the tree its i18n; every reader re-renders when the language changes. Our own few lines
 * instead of @lingui/react's provider: ~1.2 kB less on the first load (bench/RESULTS.md, issue 33).
 */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const locale = useSyncExternalStore(
    (changed) => i18n.on('change', changed),
    () => i18n.locale,
    () => i18n.locale,
  );
  const value = useMemo(() => ({ i18n, locale }), [i18n, locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

let fallbackI18n: I18n | undefined;

/**
 * The i18n a component reads when no LocaleProvider is above it (a component test rendering it
 * alone): the site sets its own (apps/web lib/site-i18n.ts), so such a render reads the site's words.
 */
export function setFallbackI18n(i18n: I18n): void {
  fallbackI18n = i18n;
}

/** The page's i18n (inside LocaleProvider, else the site's fallback). */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (value) return value.i18n;
  if (fallbackI18n) return fallbackI18n;
  throw new Error('useI18n needs a LocaleProvider above it');
}

/** The active language; re-renders the caller on a switch. */
function useActiveLocale(): string {
  const value = useContext(I18nContext);
  if (value) return value.locale;
  if (fallbackI18n) return fallbackI18n.locale;
  throw new Error('useLocale needs a LocaleProvider above it');
}

function cookieLocale(): Locale | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = document.cookie.split(/;\s*/).find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = found?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : undefined;
}

/**
 * The language to start in: the visitor's saved choice (cookie), else the language the server
 * rendered the page in (`<html data-locale>`), else the browser's languages, else English.
 */
export function startingLocale(): Locale {
  const saved = cookieLocale();
  if (saved) return saved;
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const rendered = document.documentElement.dataset.locale;
  if (isLocale(rendered)) return rendered;
  return localeFromAcceptLanguage(navigator.languages?.join(',') ?? navigator.language);
}

/** Keeps the choice for the next visit (and the server's render of it) and marks the page's language. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many Android browsers
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  document.documentElement.lang = INTL_LOCALES[locale];
  document.documentElement.dataset.locale = locale;
}

/** Loads `locale`'s catalogue (if not yet) and switches every mounted message to it. */
export async function activateLocale(i18n: I18n, locale: Locale, loaders: CatalogueLoaders): Promise<void> {
  if (i18n.locale !== locale) {
    const { default: messages } = await loaders[locale]();
    i18n.loadAndActivate({ locale, messages });
  }
  rememberLocale(locale);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * A catalogue message with its values, the one way both sites translate. A numeric `count` also
 * brings `countText` ('1,234') and `form`, its plural form in the language ('one', 'other'): the
 * catalogues count with `{form, select, one {{countText} review} other {…}}`, never ICU's `plural`,
 * because Lingui formats a plural's number with Intl.NumberFormat, and a page's first number
 * formatter costs a phone 200–700 ms of ICU set-up while the cards hydrate (decision 0813).
 */
export function translate(i18n: I18n, id: string, values?: Record<string, unknown>): string {
  const count = values?.count;
  if (typeof count !== 'number' || !Number.isInteger(count)) return i18n._(id, values);
  const tag = isLocale(i18n.locale) ? INTL_LOCALES[i18n.locale] : i18n.locale;
  let rules = pluralRules.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    pluralRules.set(tag, rules);
  }
  return i18n._(id, { ...values, countText: groupThousands(count), form: rules.select(count) });
}

/** `t('nav.home')`, `t('deals.count', { count })`: the active language's message, re-rendered on a switch. */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const i18n = useI18n();
  useActiveLocale();
  return (id, values) => translate(i18n, id, values);
}

export function useLocale(): Locale {
  const locale = useActiveLocale();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/**
 * What to show for a server error: the catalogue's message for its code (`error.CODE`) in the
 * reader's language when the server sent that code's usual words; else the server's own message,
 * which says more ('Too many requests. Please try again in 1200 seconds.', a code the site does not
 * know). One rule for both sites (decision 0725).
 */
export function errorText(i18n: I18n, code: string | undefined, serverMessage: string): string {
  const id = `error.${code}`;
  const usual = code ? (ERROR_CODES as Record<string, { message: string }>)[code]?.message : undefined;
  const translatable = usual === undefined || usual === serverMessage;
  return code && translatable && i18n.messages[id] !== undefined ? i18n._(id) : serverMessage;
}

export function useErrorText(): (code: string | undefined, serverMessage: string) => string {
  const i18n = useI18n();
  useActiveLocale();
  return (code, serverMessage) => errorText(i18n, code, serverMessage);
}

/** Numbers, dates and shillings in the reader's language through Intl (sw-KE: 'Jumatatu', 'Ksh'). */
export function intlFormats(locale: Locale) {
  const tag = INTL_LOCALES[locale];
  return {
    number: (value: number) => new Intl.NumberFormat(tag).format(value),
    shillings: (value: number) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'KES', maximumFractionDigits: 0 }).format(
        value,
      ),
    date: (value: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      new Intl.DateTimeFormat(tag, { timeZone: 'Africa/Nairobi', ...options }).format(value),
  };
}
