import { LOCALES, type Locale } from '@d3/shared/i18n/locale';
import clsx from 'clsx';
import { Languages } from 'lucide-react';
import { useLocale } from './i18n';

/** Each language by its own name: never translated (docs/decisions 0700's glossary). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/**
 * Both languages as a choice, the page's one pressed (issue 33): the customer site's profile
 * settings and the merchant site's sidebar, drawer, sign-in card and settings. `legend` names the
 * group: shown above the buttons, or with `compact` read by screen readers only, after the
 * languages icon and beside smaller buttons. `onSwitch` saves the choice the site's own way (a
 * cookie or local storage, and on the account when signed in).
 */
export function LanguageChoice({
  legend,
  onSwitch,
  compact = false,
  className,
}: {
  legend: string;
  onSwitch: (locale: Locale) => void;
  compact?: boolean;
  className?: string;
}) {
  const locale = useLocale();
  return (
    <fieldset className={clsx('flex gap-2', compact ? 'items-center' : 'flex-col', className)}>
      <legend className={compact ? 'sr-only' : 'mb-1 text-sm font-semibold text-slate-900 dark:text-white'}>
        {legend}
      </legend>
      {compact ? (
        <Languages aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      ) : null}
      <div className="flex gap-2">
        {LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            aria-pressed={option === locale}
            data-testid={`language-${option}`}
            onClick={() => onSwitch(option)}
            className={clsx(
              'focus-ring rounded-lg border text-sm font-medium',
              compact ? 'px-3 py-1.5' : 'px-4 py-2',
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
