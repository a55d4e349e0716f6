import { profileRoutes } from '@d3/shared/api/routes';
import { INTL_LOCALES, type Locale } from '@d3/shared/i18n/locale';
import {
  accountLocaleHooks,
  activateLocale,
  type CatalogueLoaders,
  createI18n,
  type I18n,
  type Messages,
  startingLocale,
} from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQueryKey, useCurrentUser } from './api/get-current-user';
import { call } from './api-client';
import { setSiteI18n, siteI18nOrDefault } from './site-i18n';
import { useSession } from './use-session';

type CatalogueModule = { default: Messages };

/** A site catalogue with the shared components' (`ui.*`, packages/ui) merged in. */
async function withUi(
  site: Promise<CatalogueModule>,
  ui: Promise<CatalogueModule>,
): Promise<CatalogueModule> {
  const [own, shared] = await Promise.all([site, ui]);
  return { default: { ...shared.default, ...own.default } };
}

/**
 * The shell's catalogue (navbar, tab bar, footer, shared components), one chunk per language. The
 * shared components' English is their built-in fallback (packages/ui/src/ui-texts.tsx); Kiswahili
 * and the pseudo-locale bring theirs.
 */
const SHELL: Record<Locale | 'pseudo', () => Promise<CatalogueModule>> = {
  en: () => import('../locales/en.messages.json'),
  sw: () => withUi(import('../locales/sw.messages.json'), import('@d3/ui/locales/sw.messages.json')),
  // Lingui's pseudolocalization of the English (packages/ui/build/compiled-catalogs.ts), its own chunk.
  pseudo: () =>
    withUi(
      import('../locales/en.messages.json?pseudo') as Promise<CatalogueModule>,
      import('@d3/ui/locales/en.messages.json?pseudo') as Promise<CatalogueModule>,
    ),
};

/**
 * Each area's catalogue (`locales/<area>/<language>.messages.json`), its own chunk per language:
 * a page loads its areas' messages beside its code (router.tsx `page(…, areas)`), so the home
 * page's first load carries only the shell's and the home page's words (issue 33's 3 kB budget).
 */
const AREA_FILES = import.meta.glob<CatalogueModule>('../locales/*/{en,sw}.messages.json');
const PSEUDO_AREA_FILES = import.meta.glob<CatalogueModule>('../locales/*/en.messages.json', {
  query: '?pseudo',
});

export type MessageArea =
  | 'home'
  | 'catalogue'
  | 'booking'
  | 'search'
  | 'accounts'
  | 'profile'
  | 'requests'
  | 'chat'
  | 'splits'
  | 'static';

/** The areas the pages have asked for: their messages follow the page into either language. */
const wantedAreas = new Set<MessageArea>();
/** The areas whose messages the site's i18n holds, by language. */
const areasIn: Record<Locale, Set<MessageArea>> = { en: new Set(), sw: new Set() };

/**
 * The pseudo-locale run (issue 33 hygiene): with the cookie `d3_pseudo=1` the site shows Lingui's
 * pseudolocalized English ('Ĥōḿē'), so any word on screen not taken from the catalogue is plain
 * English (e2e/specs/pseudo-locale.spec.ts). Nobody gets it without setting the cookie by hand.
 */
export function isPseudoLocale(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)d3_pseudo=1(?:;|$)/.test(document.cookie);
}

async function areaMessages(area: MessageArea, locale: Locale): Promise<Messages> {
  const load = isPseudoLocale()
    ? PSEUDO_AREA_FILES[`../locales/${area}/en.messages.json`]
    : AREA_FILES[`../locales/${area}/${locale}.messages.json`];
  if (!load) throw new Error(`No ${locale} catalogue for the "${area}" messages`);
  return (await load()).default;
}

/** The shell's and every wanted area's messages in `locale`, as one catalogue. */
async function siteMessages(locale: Locale): Promise<CatalogueModule> {
  const wanted = [...wantedAreas];
  const [shell, ...areas] = await Promise.all([
    SHELL[isPseudoLocale() ? 'pseudo' : locale](),
    ...wanted.map((area) => areaMessages(area, locale)),
  ]);
  for (const area of wanted) areasIn[locale].add(area);
  return { default: Object.assign({}, shell.default, ...areas) };
}

/** The customer site's catalogues: the shell and the areas loaded so far, in either language. */
export const CATALOGUES: CatalogueLoaders = {
  en: () => siteMessages('en'),
  sw: () => siteMessages('sw'),
};

/**
 * Gives the site's i18n every wanted area's messages in the language it shows, once each; again if
 * the language changed while they loaded. A switch tapped while a page's words are on their way (the
 * switch shows with the shell, before the page) then never leaves the page showing message ids.
 */
async function fillAreas(i18n: I18n): Promise<void> {
  for (;;) {
    const locale = (i18n.locale === 'sw' ? 'sw' : 'en') as Locale;
    const missing = [...wantedAreas].filter((area) => !areasIn[locale].has(area));
    if (missing.length === 0) return;
    const loaded = await Promise.all(missing.map((area) => areaMessages(area, locale)));
    for (const area of missing) areasIn[locale].add(area);
    i18n.load(locale, Object.assign({}, ...loaded));
  }
}

/** Loads the messages of `areas` in the page's language (once each), before the page renders. */
export async function loadAreas(areas: readonly MessageArea[]): Promise<void> {
  for (const area of areas) wantedAreas.add(area);
  await fillAreas(siteI18nOrDefault());
}

/** Shows the site in `locale`: the shell's and the pages' messages, those asked for meanwhile too. */
export async function switchSiteLocale(i18n: I18n, locale: Locale): Promise<void> {
  await activateLocale(i18n, locale, CATALOGUES);
  await fillAreas(i18n);
}

/** The site's i18n in `locale` (the visitor's starting language by default), its shell catalogue loaded. */
export async function loadSiteI18n(locale: Locale = startingLocale()): Promise<I18n> {
  const { default: messages } = await CATALOGUES[locale]();
  const i18n = createI18n(locale, messages);
  setSiteI18n(i18n);
  document.documentElement.lang = INTL_LOCALES[locale];
  if (isPseudoLocale()) document.documentElement.dataset.pseudo = 'true';
  return i18n;
}

export { setSiteI18n, siteI18nOrDefault };

/** Saves `locale` on the signed-in customer's account, and in the cached account. */
function useSaveLocaleOnAccount(): (locale: Locale) => Promise<void> {
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  return useCallback(
    async (locale) => {
      if (token === null) return;
      const answer = await call(profileRoutes.preferences, { body: { locale } });
      if (answer.user)
        queryClient.setQueryData(currentUserQueryKey(token), (old: object | undefined) =>
          old ? { ...old, locale } : old,
        );
    },
    [token, queryClient],
  );
}

const localeHooks = accountLocaleHooks({ show: switchSiteLocale, useSaveOnAccount: useSaveLocaleOnAccount });

/**
 * Switches the site's language: the catalogue, the cookie (for the server's render and the next
 * visit) and, signed in, the account's `locale`, so the choice follows the customer to another browser.
 */
export const useSwitchLocale = localeHooks.useSwitchLocale;

/** A signed-in customer's saved language applies on every page (as dark mode does). */
export function useSavedLocale(): void {
  const token = useSession()?.token ?? null;
  localeHooks.useFollowSavedLocale(useCurrentUser(token).data?.locale);
}
