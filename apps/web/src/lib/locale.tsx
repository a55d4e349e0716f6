import { profileRoutes } from '@d3/shared/api/routes';
import { INTL_LOCALES, type Locale } from '@d3/shared/i18n/locale';
import { activateLocale, type CatalogueLoaders, createI18n, type I18n, startingLocale } from '@d3/ui';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryKey, useCurrentUser } from './api/get-current-user';
import { call } from './api-client';
import { useSession } from './use-session';

/** The customer site's catalogues, one chunk each (issue 33): a page loads only its language's. */
export const CATALOGUES: CatalogueLoaders = {
  en: () => import('../locales/en.messages.json'),
  sw: () => import('../locales/sw.messages.json'),
};

let siteI18n: I18n | undefined;
/** The language picked with the switch on this page: an account answer read before it was saved must not undo it. */
let chosenHere: Locale | undefined;

/** The site's i18n in `locale` (the visitor's starting language by default), its catalogue loaded. */
export async function loadSiteI18n(locale: Locale = startingLocale()): Promise<I18n> {
  const { default: messages } = await CATALOGUES[locale]();
  siteI18n = createI18n(locale, messages);
  document.documentElement.lang = INTL_LOCALES[locale];
  return siteI18n;
}

/** The i18n main.tsx loaded (tests set one with setSiteI18n); an empty English one before that. */
export function siteI18nOrDefault(): I18n {
  siteI18n ??= createI18n('en', {});
  return siteI18n;
}

export function setSiteI18n(i18n: I18n): void {
  siteI18n = i18n;
}

/**
 * Switches the site's language: the catalogue, the cookie (for the server's render and the next
 * visit) and, signed in, the account's `locale`, so the choice follows the customer to another browser.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const { i18n } = useLingui();
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  return async (locale) => {
    chosenHere = locale;
    await activateLocale(i18n, locale, CATALOGUES);
    if (token === null) return;
    const answer = await call(profileRoutes.preferences, { body: { locale } });
    if (answer.user)
      queryClient.setQueryData(currentUserQueryKey(token), (old: object | undefined) =>
        old ? { ...old, locale } : old,
      );
  };
}

/** A signed-in customer's saved language applies on every page (as dark mode does). */
export function useSavedLocale(): void {
  const { i18n } = useLingui();
  const token = useSession()?.token ?? null;
  const saved = useCurrentUser(token).data?.locale;
  useEffect(() => {
    if (!saved || saved === i18n.locale) return;
    if (chosenHere !== undefined && chosenHere !== saved) return;
    void activateLocale(i18n, saved, CATALOGUES);
  }, [saved, i18n]);
}
