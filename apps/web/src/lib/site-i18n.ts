import { createI18n, type I18n, setFallbackI18n, translate } from '@d3/ui';

let siteI18n: I18n | undefined;
let serverRenderI18n: (() => I18n | undefined) | undefined;

/**
 * On the server (entry-server.tsx): the i18n of the render under way, one per request, so a text
 * made outside React ('All Locations') is in the page's language, never its message id.
 */
export function setServerRenderI18n(source: () => I18n | undefined): void {
  serverRenderI18n = source;
}

/**
 * The site's one i18n (issue 33): main.tsx loads it (lib/locale.tsx), tests set one with
 * setSiteI18n; an empty English one before that. Read outside React by the texts made in plain
 * functions (lib/generic-error-message.ts), in the language the page shows.
 */
export function siteI18nOrDefault(): I18n {
  const rendering = serverRenderI18n?.();
  if (rendering) return rendering;
  if (!siteI18n) setSiteI18n(createI18n('en', {}));
  return siteI18n as I18n;
}

export function setSiteI18n(i18n: I18n): void {
  siteI18n = i18n;
  setFallbackI18n(i18n);
}

/** A message of the site's catalogue in the page's language (outside React). */
export function siteText(id: string, values?: Record<string, unknown>): string {
  return translate(siteI18nOrDefault(), id, values);
}
