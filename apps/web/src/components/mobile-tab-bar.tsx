import { useT } from '@d3/ui';
import clsx from 'clsx';
import { ClipboardList, Flame, House, MessageCircle, Store } from 'lucide-react';
import { NavLink } from 'react-router';
import { useChatUnread } from '../lib/api/chat-conversations';
import { formatBadgeCount } from '../lib/format';
import { useSession } from '../lib/use-session';

/** Labels are catalogue ids; the service requests tab shows the short 'SR' and reads out the whole name. */
const TABS = [
  { to: '/', label: 'tabs.home', icon: House, end: true },
  { to: '/hotdeals', label: 'tabs.deals', icon: Flame, end: false },
  { to: '/stores', label: 'tabs.stores', icon: Store, end: false },
  { to: '/service-requests', label: 'tabs.serviceRequestsShort', icon: ClipboardList, end: false },
  { to: '/chat', label: 'tabs.chat', icon: MessageCircle, end: false },
] as const;

/** Below 768 px the main links live in a fixed bottom bar; the layout pads the page so nothing hides under it. */
export function MobileTabBar() {
  const t = useT();
  const session = useSession();
  const chatBadge = formatBadgeCount(useChatUnread(session?.token ?? null).data ?? 0);
  return (
    <nav
      aria-label={t('tabs.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/95"
    >
      <ul className="grid h-16 grid-cols-5">
        {TABS.map(({ to, label, icon: Icon, end }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                clsx(
                  'focus-ring relative flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium',
                  isActive
                    ? 'text-orange-700 dark:text-orange-400'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )
              }
            >
              {({ isActive }) => (
                <>
                  {isActive && (
                    <span
                      aria-hidden="true"
                      className="absolute top-0 h-0.5 w-8 rounded-full bg-orange-700 dark:bg-orange-400"
                    />
                  )}
                  <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.5 : 2} />
                  {/* The name holds the visible text first (WCAG 2.5.3: "tap SR" works with voice control). */}
                  <span>
                    {t(label)}
                    {label === 'tabs.serviceRequestsShort' && (
                      <span className="sr-only"> ({t('tabs.serviceRequests')})</span>
                    )}
                  </span>
                  {to === '/chat' && chatBadge && (
                    <span
                      data-testid="mobile-chat-badge"
                      className="absolute top-1.5 left-1/2 ml-2 rounded-full bg-orange-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
                    >
                      {chatBadge}
                      <span className="sr-only">{t('nav.unreadMessages')}</span>
                    </span>
                  )}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
