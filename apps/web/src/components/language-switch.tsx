import type { Locale } from '@d3/shared/i18n/locale';
import { LANGUAGE_NAMES, LanguageChoice, useLocale, useT } from '@d3/ui';
import { Languages } from 'lucide-react';
import { useSwitchLocale } from '../lib/locale';

const SHORT: Record<Locale, string> = { en: 'EN', sw: 'SW' };

/**
 * The language switch (issue 33): the navbar's button offers the other language; `variant="list"`
 * (the account menu) shows both as a choice under its legend (`LanguageChoice`, shared with the
 * merchant site); `variant="compact"` (profile settings, under the card's own heading, as on the
 * merchant site) the same choice in a row, its legend read out but not shown again.
 * Saved in a cookie, and on the account when signed in.
 */
export function LanguageSwitch({ variant = 'button' }: { variant?: 'button' | 'list' | 'compact' }) {
  const t = useT();
  const locale = useLocale();
  const switchTo = useSwitchLocale();
  if (variant !== 'button')
    return (
      <LanguageChoice
        compact={variant === 'compact'}
        legend={t('language.label')}
        onSwitch={(l) => void switchTo(l)}
      />
    );
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
