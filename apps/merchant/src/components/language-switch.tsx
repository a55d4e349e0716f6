import { LOCALES, type Locale } from '@d3/shared/i18n/locale';
import { useLocale, useT } from '@d3/ui';
import clsx from 'clsx';
import { Languages } from 'lucide-react';
import { useSwitchLocale } from '../lib/locale';

/** Each language by its own name: never translated (docs/decisions 0700's glossary). */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/**
 * The language switch (issue 33): both languages as a choice, in the sidebar's and drawer's account
 * links, above the sign-in card and in settings. Saved in local storage, and on the account when
 * signed in.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const switchTo = useSwitchLocale();
  return (
    <fieldset className={clsx('flex items-center gap-2', className)}>
      <legend className="sr-only">{t('language.label')}</legend>
      <Languages aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          data-testid={`language-${option}`}
          onClick={() => void switchTo(option)}
          className={clsx(
            'rounded-lg border px-3 py-1.5 text-sm font-medium',
            option === locale
              ? 'border-orange-600 bg-orange-50 text-orange-800 dark:bg-orange-500/10 dark:text-orange-200'
              : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}
