import {
  INTL_LOCALES,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeFromAcceptLanguage,
} from '@d3/shared/i18n/locale';
import type { FastifyRequest } from 'fastify';

/**
 * The language a page is rendered in (issue 33): the visitor's choice (the `d3_locale` cookie the
 * site sets, also for a signed-in customer), else the browser's Accept-Language.
 */
export function pageLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers['accept-language']);
}

/** The page's `<html lang>` in `locale`, marked for the site's start-up (main.tsx hydrates in it). */
export function inLocale(html: string, locale: Locale): string {
  // Idempotent: the home page's index is put in its language before its render, and again by it.
  return html.replace(
    /<html lang="[^"]*"(?: data-locale="[^"]*")?/,
    `<html lang="${INTL_LOCALES[locale]}" data-locale="${locale}"`,
  );
}
