import { merchantAccountsRoutes } from '@d3/shared/api/routes';
import { INTL_LOCALES, isLocale, type Locale, localeFromAcceptLanguage } from '@d3/shared/i18n/locale';
import { accountLocaleHooks, createI18n, type I18n, type Messages } from '@d3/ui';
import uiEnglish from '@d3/ui/locales/en.messages.json';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getMerchantMe,
  merchantMeQueryKey,
  type TMerchantMeResponse,
  useMerchantMe,
} from './api/get-merchant-me';
import { call } from './api-client';
import { useMerchantToken } from './auth-token';

/**
 * The merchant site's languages (issue 33, docs/decisions 0725): English and Kiswahili, and the
 * pseudo-locale the browser test asks for (every letter accented, e2e/specs/merchant-pseudo-locale).
 * The site has no server render, so a visitor's choice lives in local storage; a signed-in merchant's
 * is saved on the account (`locale`) and follows them to another browser.
 */
export type SiteLocale = Locale | 'pseudo';
export const LOCALE_STORAGE_KEY = 'd3_merchant_locale';
/** Lingui's name for the pseudo-locale (plural rules of English). */
const PSEUDO_TAG = 'en-XA';

type Loader = () => Promise<Messages>;
type CatalogueModule = Promise<{ default: Messages }>;

/** The site's messages and the shared components' (`ui.*`, packages/ui), as one catalogue. */
async function merged(site: CatalogueModule, shared: CatalogueModule): Promise<Messages> {
  const [own, ui] = await Promise.all([site, shared]);
  return { ...ui.default, ...own.default };
}
// The shared components' English is in the first bundle already (their fallback, ui-texts.tsx).
const english: Loader = () =>
  merged(import('../locales/en.messages.json'), Promise.resolve({ default: uiEnglish }));

/** One chunk per language: a page loads only its own language's messages. */
const CATALOGUES: Record<SiteLocale, Loader> = {
  en: english,
  sw: () => merged(import('../locales/sw.messages.json'), import('@d3/ui/locales/sw.messages.json')),
  // Lingui's pseudolocalization of the English, made by the build (packages/ui/build/compiled-catalogs.ts).
  pseudo: () =>
    merged(
      import('../locales/en.messages.json?pseudo') as CatalogueModule,
      import('@d3/ui/locales/en.messages.json?pseudo') as CatalogueModule,
    ),
};

function storedLocale(): SiteLocale | undefined {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) || value === 'pseudo' ? value : undefined;
  } catch {
    return undefined; // storage disabled
  }
}

function storeLocale(locale: SiteLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts this page
  }
}

/** The saved choice, else the browser's languages, else English. */
export function startingLocale(): SiteLocale {
  return storedLocale() ?? localeFromAcceptLanguage(navigator.languages?.join(',') ?? navigator.language);
}

const linguiTag = (locale: SiteLocale) => (locale === 'pseudo' ? PSEUDO_TAG : locale);

function markDocument(locale: SiteLocale): void {
  document.documentElement.lang = locale === 'pseudo' ? PSEUDO_TAG : INTL_LOCALES[locale];
}

/** The site's i18n in `locale` (the starting language by default), its catalogue loaded (main.tsx). */
export async function loadSiteI18n(locale: SiteLocale = startingLocale()): Promise<I18n> {
  const i18n = createI18n(linguiTag(locale) as Locale, await CATALOGUES[locale]());
  markDocument(locale);
  return i18n;
}

async function activate(i18n: I18n, locale: SiteLocale): Promise<void> {
  if (i18n.locale !== linguiTag(locale)) {
    i18n.loadAndActivate({ locale: linguiTag(locale), messages: await CATALOGUES[locale]() });
  }
  markDocument(locale);
}

/**
 * Saves `locale` on the signed-in merchant's account (PUT /merchants/me with the merchant's own
 * details unchanged, as the route requires them; read once if not yet) and in the cached account.
 */
function useSaveLocaleOnAccount(): (locale: Locale) => Promise<void> {
  const token = useMerchantToken();
  const queryClient = useQueryClient();
  return useCallback(
    async (locale) => {
      if (token === null) return;
      const { merchant } = await queryClient.ensureQueryData({
        queryKey: merchantMeQueryKey(token),
        queryFn: ({ signal }) => getMerchantMe(signal),
      });
      if (!merchant.phoneNumber) return;
      const answer = await call(merchantAccountsRoutes.updateMe, {
        body: {
          firstName: merchant.firstName,
          lastName: merchant.lastName,
          phoneNumber: merchant.phoneNumber,
          locale,
        },
      });
      queryClient.setQueryData<TMerchantMeResponse>(merchantMeQueryKey(token), (old) =>
        old ? { ...old, merchant: answer.merchant } : old,
      );
    },
    [token, queryClient],
  );
}

const localeHooks = accountLocaleHooks({
  show: async (i18n, locale) => {
    storeLocale(locale);
    await activate(i18n, locale);
  },
  useSaveOnAccount: useSaveLocaleOnAccount,
  keepPageLocale: () => storedLocale() === 'pseudo',
});

/** Switches the site's language: the catalogue, local storage and, signed in, the account's `locale`. */
export const useSwitchLocale = localeHooks.useSwitchLocale;

/**
 * A signed-in merchant's saved language applies on every page, so it follows them to another
 * browser; the pseudo-locale (a test's) is never replaced.
 */
export function useSavedLocale(): void {
  const token = useMerchantToken();
  localeHooks.useFollowSavedLocale(useMerchantMe(token).data?.merchant.locale);
}
