/**
 * The two languages of D3 Deals (issue 33): English and Kiswahili. An account keeps its choice in
 * `locale`; a visitor's choice lives in the `d3_locale` cookie; the first choice of both comes from
 * the browser's `Accept-Language`.
 */
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The visitor's choice (a year; read by the server-rendered pages too). */
export const LOCALE_COOKIE = 'd3_locale';

/** The `Intl` locale of each language: Kenyan English and Kenyan Kiswahili (CLDR: 'Jumatatu', 'Ksh'). */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-KE', sw: 'sw-KE' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'sw';
}

/**
 * The first of our languages an `Accept-Language` header asks for, by its q-values (ties keep the
 * header's order); English when it names neither. 'sw', 'sw-KE', 'sw-TZ' are Kiswahili.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((r) => Number.isFinite(r.weight) && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { lang } of ranked) if (isLocale(lang)) return lang;
  return DEFAULT_LOCALE;
}
