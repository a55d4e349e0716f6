import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Flame, MessageCircle, Search, UserRound, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useChatUnread } from '../lib/api/chat-conversations';
import { useCurrentUser } from '../lib/api/get-current-user';
import { formatBadgeCount } from '../lib/format';
import { useSession } from '../lib/use-session';
import { LanguageSwitch } from './language-switch';
import { LocationDropdown } from './location-dropdown';
import { Logo } from './logo';
import { SearchBox } from './search-box';

const AccountMenu = lazy(() => import('./account-menu'));
/** Signed-in only, and it brings the notification schemas (zod): not part of a visitor's first load. */
const NotificationBell = lazy(async () => ({
  default: (await import('./notification-bell')).NotificationBell,
}));

/** The bell's place is kept (size-10, as the bell's button) while its code loads: nothing moves. */
function LazyNotificationBell() {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-10 shrink-0" />}>
      <NotificationBell />
    </Suspense>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'focus-ring relative inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors',
    isActive
      ? 'bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

function AccountLink() {
  const t = useT();
  const session = useSession();
  const currentUser = useCurrentUser(session?.token ?? null);
  if (!session) {
    return (
      <Link to="/accounts/sign-in" className="btn-primary h-10 px-3 max-sm:w-10 max-sm:px-0 sm:px-4">
        <UserRound aria-hidden="true" className="size-4 sm:hidden" />
        <span className="max-sm:sr-only">{t('nav.signIn')}</span>
      </Link>
    );
  }
  if (currentUser.isPending) {
    return (
      <span role="status" className="inline-flex h-10 items-center gap-2 pl-1 sm:pr-3">
        <span className="size-8 animate-shimmer rounded-full bg-slate-200 dark:bg-slate-700" />
        <span className="hidden h-3.5 w-16 animate-shimmer rounded bg-slate-200 sm:block dark:bg-slate-700" />
        <span className="sr-only">{t('nav.loadingAccount')}</span>
      </span>
    );
  }
  // A failed lookup (offline, server trouble) still shows the visitor as signed in, from the token.
  const user = currentUser.data;
  const firstName = user?.firstName?.trim() || session.firstName || null;
  const initial = (firstName ?? user?.email ?? '').charAt(0).toUpperCase() || session.initial;
  return (
    <div className="flex items-center">
      <Link
        to="/profile"
        aria-label={firstName ? undefined : t('nav.myProfile')}
        className="focus-ring inline-flex h-10 items-center gap-2 rounded-full pr-1 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:pr-3 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {user?.avatar ? (
          <img src={user.avatar} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            data-testid="account-initial"
            className="grid size-8 place-items-center rounded-full bg-gradient-to-br from-orange-500 to-orange-700 text-sm font-bold text-white"
          >
            {initial ?? <UserRound className="size-4" />}
          </span>
        )}
        <span className="max-w-[8rem] truncate max-sm:sr-only">{firstName ?? t('nav.myProfile')}</span>
      </Link>
      <Suspense fallback={<span className="size-8" />}>
        <AccountMenu />
      </Suspense>
    </div>
  );
}

export function Navbar() {
  const t = useT();
  const [searchOpen, setSearchOpen] = useState(false);
  const { pathname } = useLocation();
  const session = useSession();
  const chatBadge = formatBadgeCount(useChatUnread(session?.token ?? null).data ?? 0);

  // A new page closes the mobile search row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setSearchOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-slate-800 dark:bg-slate-900/95 dark:supports-[backdrop-filter]:bg-slate-900/85">
      <div className="content-width flex h-16 items-center gap-3">
        <Logo />
        <LocationDropdown className="hidden md:block" />
        <SearchBox className="hidden max-w-xl flex-1 md:block" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* A real link to the search page (issue 32): before the page is live it opens /search; once
              live it opens the search row here instead. */}
          <a
            href="/search"
            onClick={(event) => {
              event.preventDefault();
              setSearchOpen((open) => !open);
            }}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            className="focus-ring grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {searchOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Search aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{searchOpen ? t('nav.closeSearch') : t('nav.openSearch')}</span>
          </a>
          <LocationDropdown compact className="max-[359px]:hidden md:hidden" />
          {/* Signed in, a phone's bar holds the bell and the account: the switch is in the account menu. */}
          <span className={session ? 'hidden sm:contents' : 'contents'}>
            <LanguageSwitch />
          </span>
          <AccountLink />
          <LazyNotificationBell />
        </div>
      </div>
      {searchOpen && (
        <div
          id="mobile-search"
          className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          <SearchBox autoFocus onSubmitted={() => setSearchOpen(false)} />
        </div>
      )}
      <nav
        aria-label={t('nav.main')}
        className="hidden border-t border-slate-100 md:block dark:border-slate-800"
      >
        <div className="content-width flex h-12 items-center gap-1">
          <NavLink to="/" end className={linkClass}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/hotdeals" className={linkClass}>
            {t('nav.hotDeals')}
            <span className="inline-flex items-center gap-0.5 rounded-full bg-gradient-to-r from-orange-500 to-red-500 px-1.5 py-0.5 text-[0.625rem] leading-none font-bold text-white uppercase">
              <Flame aria-hidden="true" className="size-3" />
              {t('nav.hotBadge')}
            </span>
          </NavLink>
          <NavLink to="/stores" className={linkClass}>
            {t('nav.stores')}
          </NavLink>
          <NavLink to="/request-service" className={linkClass}>
            {t('nav.requestService')}
          </NavLink>
          <NavLink to="/chat" className={linkClass}>
            <MessageCircle aria-hidden="true" className="size-4" />
            {t('nav.chat')}
            {chatBadge && (
              <span className="ml-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white">
                {chatBadge}
                <span className="sr-only">{t('nav.unreadMessages')}</span>
              </span>
            )}
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
