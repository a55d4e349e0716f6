import type { Locale } from '@d3/shared/i18n/locale';
import { useEffect } from 'react';
import { type I18n, useI18n } from './i18n';

/**
 * The language switch and the account's saved language, kept in step the same way on both sites. A
 * language picked on this page before the account was read is the newer choice: it is saved on the
 * account, not undone by it (else the next visit would open in the account's older language).
 */
export function accountLocaleHooks({
  show,
  useSaveOnAccount,
  keepPageLocale = () => false,
}: {
  /** Puts the page in `locale`: the site's catalogues and wherever the site remembers the choice. */
  show: (i18n: I18n, locale: Locale) => Promise<void>;
  /** Saves a language on the signed-in account (nothing when signed out). */
  useSaveOnAccount: () => (locale: Locale) => Promise<void>;
  /** True while the page's language must not follow the account (the merchant's test pseudo-locale). */
  keepPageLocale?: () => boolean;
}) {
  /** The language picked with the switch on this page: an account answer read before it was saved must not undo it. */
  let chosenHere: Locale | undefined;

  /** Switches the page's language and, signed in, the account's `locale`. */
  function useSwitchLocale(): (locale: Locale) => Promise<void> {
    const i18n = useI18n();
    const saveOnAccount = useSaveOnAccount();
    return async (locale) => {
      chosenHere = locale;
      await show(i18n, locale);
      await saveOnAccount(locale);
    };
  }

  /** Applies the account's saved language (`saved`, once read) on every page, as dark mode is. */
  function useFollowSavedLocale(saved: Locale | undefined): void {
    const i18n = useI18n();
    const saveOnAccount = useSaveOnAccount();
    useEffect(() => {
      if (!saved || keepPageLocale()) return;
      if (chosenHere !== undefined && chosenHere !== saved) {
        // Once saved, the account answers with the choice and this runs no more. A failure leaves the
        // page in the chosen language; the switch can save it again.
        saveOnAccount(chosenHere).catch(() => {});
        return;
      }
      if (saved !== i18n.locale) void show(i18n, saved);
    }, [saved, i18n, saveOnAccount]);
  }

  return { useSwitchLocale, useFollowSavedLocale };
}
