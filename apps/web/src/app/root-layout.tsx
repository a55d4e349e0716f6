import { useT } from '@d3/ui';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AfterFirstPaint } from '../components/after-first-paint';
import { InstallOffer } from '../components/install-offer';
import { MobileTabBar } from '../components/mobile-tab-bar';
import { Navbar } from '../components/navbar';
import { OfflineNotice } from '../components/offline-notice';
import { PageSkeleton } from '../components/page-skeleton';
import { PromoStrip } from '../components/promo-strip';
import { ScrollToTop } from '../components/scroll-to-top';
import { useCurrentUser } from '../lib/api/get-current-user';
import { setDarkModePreference } from '../lib/color-scheme';
import { replayEarlyTaps } from '../lib/early-taps';
import { useSavedLocale } from '../lib/locale';
import { useSession } from '../lib/use-session';
import { OfflineServices } from './offline-services';

/**
 * The footer is built only after the first paint (below every first screen, never server-rendered),
 * so its code (links, brand icons, newsletter form) loads then too: not in the first script.
 */
const Footer = lazy(() => import('../components/footer').then((m) => ({ default: m.Footer })));

/** The frame around every page: promo strip, navbar, the page, footer and (on phones) the bottom tab bar. */
export function RootLayout() {
  const { pathname } = useLocation();
  useSavedColorScheme();
  useSavedLocale();
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <ScrollToTop />
      <a
        href="#main-content"
        className="focus-ring sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-orange-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2 dark:bg-slate-900 dark:text-orange-300"
      >
        {t('nav.skipToContent')}
      </a>
      <OfflineNotice />
      <PromoStrip />
      <Navbar />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A fresh boundary per path: while a page's code loads, its skeleton shows at once instead of a stale page. */}
        <Suspense key={pathname} fallback={<PageSkeleton />}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      {/* Below every page's first screen: built after the first paint (appended, so nothing moves). */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </AfterFirstPaint>
      <MobileTabBar />
      <InstallOffer />
      <OfflineServices />
    </div>
  );
}

/**
 * `<html data-hydrated>` once the first page under the layout is live: its effect runs when the
 * page's boundary commits, after the server's markup was hydrated (or the page first rendered in
 * the browser). Until then server-rendered buttons marked `data-tap` keep a tap and the others look
 * disabled (app.css); browser tests wait for it. The kept taps are replayed a task later, once the
 * signed-in view (useSession's client snapshot) has followed the server's anonymous one.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const timer = setTimeout(() => replayEarlyTaps(), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** The signed-in customer's saved dark-mode choice applies on every page; signed out, the system decides. */
function useSavedColorScheme() {
  const session = useSession();
  const token = session?.token ?? null;
  const darkMode = useCurrentUser(token).data?.dark_mode;
  useEffect(() => {
    if (token === null) setDarkModePreference(null);
    else if (darkMode !== undefined) setDarkModePreference(darkMode);
  }, [token, darkMode]);
}
