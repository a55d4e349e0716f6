import { badgeText, sortNotifications } from '@d3/shared/notifications/notification-rules';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import clsx from 'clsx';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useBellNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../lib/api/notifications-api';
import {
  browserNotificationsSupported,
  enableBrowserNotifications,
  showBrowserNotification,
} from '../lib/browser-notifications';
import { useSession } from '../lib/use-session';

/** Only same-site paths are followed. */
const safePath = (url: string | null) => (url?.startsWith('/') && !url.startsWith('//') ? url : null);

/**
 * The navbar bell (seed 000 §2 "Notification bell", seed 001 §4 "Notifications"): signed-in
 * only; red badge with the unread count or 9+; panel of the newest 10, highest priority first,
 * a blue dot on unread ones; a click marks read and follows the actionUrl.
 */
export function NotificationBell() {
  const session = useSession();
  if (!session) return null;
  return <BellPanel token={session.token} />;
}

function BellPanel({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(() =>
    browserNotificationsSupported() ? Notification.permission : 'denied',
  );
  const { list, unread } = useBellNotifications(token);
  const markRead = useMarkNotificationRead(token);
  const markAll = useMarkAllNotificationsRead(token);
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const seen = useRef<Set<string> | null>(null);

  // New unread ones after the first load become browser notifications (when allowed).
  useEffect(() => {
    if (!list.data) return;
    if (seen.current === null) {
      seen.current = new Set(list.data.map((n) => n.id));
      return;
    }
    for (const n of list.data) {
      if (!seen.current.has(n.id) && !n.read) showBrowserNotification(n.title, n.message);
      seen.current.add(n.id);
    }
  }, [list.data]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const badge = badgeText(unread);
  const items = sortNotifications(list.data ?? []);

  const follow = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    const path = safePath(n.actionUrl);
    if (path) void navigate(path);
  };

  return (
    <div ref={panelRef} className="relative">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-haspopup="true"
        className="focus-ring relative grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">Notifications</span>
        {badge && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {badge}
            <span className="sr-only"> unread notifications</span>
          </span>
        )}
      </button>
      {open && (
        <section
          aria-label="Notifications"
          className="absolute right-0 z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <header className="flex items-center justify-between border-b border-slate-100 px-4 py-3 dark:border-slate-800">
            <h2 className="text-base font-semibold">Notifications</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                className="focus-ring rounded text-sm font-medium text-orange-700 hover:underline dark:text-orange-300"
              >
                Mark all read
              </button>
            )}
          </header>
          {list.isPending ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-slate-500">
              Loading notifications...
            </p>
          ) : items.length === 0 ? (
            <div className="px-4 py-8 text-center">
              <p className="font-medium">No notification yet</p>
              <p className="mt-1 text-sm text-slate-500">
                You'll see notifications here when they are available
              </p>
            </div>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => follow(n)}
                    className={clsx(
                      'focus-ring flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800',
                      !n.read && 'bg-orange-50/40 dark:bg-slate-800/40',
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{n.title}</span>
                      <span className="line-clamp-2 block text-sm text-slate-600 dark:text-slate-300">
                        {n.message}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-500">{n.timeAgo}</span>
                    </span>
                    {!n.read && (
                      <span
                        data-testid="unread-dot"
                        className="mt-1.5 size-2.5 shrink-0 rounded-full bg-blue-600"
                      >
                        <span className="sr-only">Unread</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {permission === 'default' && (
            <footer className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
              <button
                type="button"
                onClick={() => void enableBrowserNotifications().then(setPermission)}
                className="focus-ring text-sm font-medium text-orange-700 hover:underline dark:text-orange-300"
              >
                Turn on browser notifications
              </button>
            </footer>
          )}
        </section>
      )}
    </div>
  );
}
