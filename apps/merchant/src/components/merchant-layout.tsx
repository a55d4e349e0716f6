import { useT } from '@d3/ui';
import { Outlet } from 'react-router';
import { useSavedLocale } from '../lib/locale';
import { AccountLinks } from './account-links';
import { LogoLink } from './logo';
import { MerchantBell } from './merchant-bell';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { NavList } from './nav-list';

/** The signed-in shell: a fixed sidebar on desktop; a top bar with a drawer on phones and tablets. */
export function MerchantLayout() {
  const t = useT();
  useSavedLocale();
  return (
    <div className="min-h-dvh lg:pl-64">
      <a
        href="#main"
        className="sr-only z-50 rounded-xl bg-white px-4 py-2 text-sm font-medium text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('layout.skipToContent')}
      </a>

      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-6 border-r border-slate-200 bg-white p-4 lg:flex dark:border-slate-800 dark:bg-slate-900">
        <LogoLink label={t('layout.logoHome')} className="rounded-xl px-1 py-1" />
        <nav aria-label={t('layout.mainNav')} className="flex-1">
          <NavList />
        </nav>
        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <AccountLinks />
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <MobileNavDrawer />
        <LogoLink label={t('layout.logoHome')} />
        <div className="ml-auto">
          <MerchantBell />
        </div>
      </header>

      {/* Desktop: the bell sits at the top right of the page (the sidebar has no room beside the logo). */}
      <div className="fixed top-4 right-4 z-30 hidden lg:block">
        <MerchantBell />
      </div>

      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
        <Outlet />
      </main>
    </div>
  );
}
