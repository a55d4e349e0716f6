import { LOCALES, type Locale } from '@d3/shared/i18n/locale';
import { useLocale, useT } from '@d3/ui';
import clsx from 'clsx';
import { Languages } from 'lucide-react';
import { useSwitchLocale } from '../lib/locale';

/** Each language by its own name: never translated (docs/decisions 0700's glossary). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };
const SHORT: Record<Locale, string> = { en: 'EN', sw: 'SW' };

/**
 * The language switch (issue 33): the navbar's button offers the other language; `variant="list"`
 * (profile settings) shows both as a choice. Saved in a cookie, and on the account when signed in.
 */
export function LanguageSwitch({ variant = 'button' }: { variant?: 'button' | 'list' }) {
  const t = useT();
  const locale = useLocale();
  const switchTo = useSwitchLocale();
  if (variant === 'list') {
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">
          {t('language.label')}
        </legend>
        <div className="flex gap-2">
          {LOCALES.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === locale}
              onClick={() => void switchTo(option)}
              className={clsx(
                'focus-ring rounded-lg border px-4 py-2 text-sm font-medium',
                option === locale
                  ? 'border-orange-600 bg-orange-50 text-orange-800 dark:bg-orange-500/10 dark:text-orange-200'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {LANGUAGE_NAMES[option]}
            </button>
          ))}
        </div>
      </fieldset>
    );
  }
  const other: Locale = locale === 'en' ? 'sw' : 'en';
  return (
    <button
      type="button"
      lang={other}
      data-testid="language-switch"
      aria-label={`${t('language.switchTo')}: ${LANGUAGE_NAMES[other]}`}
      onClick={() => void switchTo(other)}
      className="focus-ring inline-flex h-10 items-center gap-1 rounded-full px-2 text-xs font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Languages aria-hidden="true" className="size-4" />
      {SHORT[other]}
    </button>
  );
}
