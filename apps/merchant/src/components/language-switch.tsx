import { LanguageChoice, useT } from '@d3/ui';
import { useSwitchLocale } from '../lib/locale';

/**
 * The language switch (issue 33): both languages as a choice (`LanguageChoice`, shared with the
 * customer site), in the sidebar's and drawer's account links, above the sign-in card and in
 * settings. Saved in local storage, and on the account when signed in.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const switchTo = useSwitchLocale();
  return (
    <LanguageChoice
      compact
      legend={t('language.label')}
      onSwitch={(locale) => void switchTo(locale)}
      className={className}
    />
  );
}
