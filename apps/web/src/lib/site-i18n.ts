import { createI18n, type I18n, setFallbackI18n } from '@d3/ui';

let siteI18n: I18n | undefined;

/**
 * The site's one i18n (issue 33): main.tsx loads it (lib/locale.tsx), tests set one with
 * setSiteI18n; an empty English one before that. Read outside React by the texts made in plain
 * functions (lib/generic-error-message.ts), in the language the page shows.
 */
export function siteI18nOrDefault(): I18n {
  if (!siteI18n) setSiteI18n(createI18n('en', {}));
  return siteI18n as I18n;
}

export function setSiteI18n(i18n: I18n): void {
  siteI18n = i18n;
  setFallbackI18n(i18n);
}

/** A message of the site's catalogue in the page's language (outside React). */
export function siteText(id: string, values?: Record<string, unknown>): string {
  return siteI18nOrDefault()._(id, values);
}
