import { useT } from '@d3/ui';
import { Outlet } from 'react-router';
import { useSavedLocale } from '../lib/locale';
import { LanguageSwitch } from './language-switch';
import { LogoLink } from './logo';

/** Sign-in, sign-up and password reset: no sidebar, one centred card. */
export function AuthLayout() {
  const t = useT();
  useSavedLocale();
  return (
    <div className="flex min-h-dvh flex-col items-center gap-6 bg-white px-4 py-8 sm:justify-center sm:gap-8 sm:bg-gradient-to-b sm:from-orange-50 sm:to-slate-50 sm:py-12 dark:bg-slate-900 sm:dark:from-slate-900 sm:dark:to-slate-950">
      <LogoLink label={t('layout.logo')} />
      <LanguageSwitch />
      <main className="w-full max-w-md sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-xl sm:shadow-orange-900/5 dark:sm:border-slate-800 dark:sm:bg-slate-900 dark:sm:shadow-black/30">
        <Outlet />
      </main>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t('layout.lookingForDeals')}{' '}
        <a href="/" className="font-semibold text-orange-700 hover:underline dark:text-orange-400">
          {t('layout.goToD3Deals')}
        </a>
      </p>
    </div>
  );
}
